import Foundation
import GuidedTestTraits
import Testing

/// The probe's doubling references (`cases_hangs`, `doubling_schema`): `$defs` whose every level
/// refers to the next two or three times, so that following each reference in turn would take
/// 2^levels steps. `validate`, `compile`, `schema` and `generate` each end within the case's time:
/// they answer, or refuse the schema, never hang on it.
@Suite(.ownThreads) struct ProbeDoublingTests {
    /// The definition at one level, `reference` standing for the next level's `$ref`.
    static func level(_ shape: String, _ reference: String) -> String {
        let r = reference
        switch shape {
        case "allOf": return #"{"allOf":[\#(r),\#(r)]}"#
        case "anyOf": return #"{"anyOf":[\#(r),\#(r)]}"#
        case "oneOf": return #"{"oneOf":[\#(r),{"allOf":[\#(r)]}]}"#
        case "ifthenelse": return #"{"if":\#(r),"then":\#(r),"else":\#(r)}"#
        case "not": return #"{"allOf":[{"not":{"not":\#(r)}},\#(r)]}"#
        case "properties": return #"{"type":"object","properties":{"a":\#(r),"b":\#(r)}}"#
        case "dependent": return #"{"dependentSchemas":{"a":\#(r),"b":\#(r)},"allOf":[\#(r)]}"#
        default: return #"{"prefixItems":[\#(r),\#(r)],"items":\#(r),"contains":\#(r)}"#
        }
    }

    /// `{"$ref":"#/$defs/d0","$defs":{…}}` with `levels` doubling levels, then a last definition:
    /// `{"type":"string"}`, or `{}` for the shapes that only apply to objects and arrays.
    static func doubling(_ shape: String, _ levels: Int) -> String {
        let definitions = (0..<levels).map { index in
            ##""d\##(index)":"## + level(shape, ##"{"$ref":"#/$defs/d\##(index + 1)"}"##)
        }
        let last = ["properties", "items", "dependent"].contains(shape) ? "{}" : #"{"type":"string"}"#
        let all = definitions + [##""d\##(levels)":\##(last)"##]
        return ##"{"$ref":"#/$defs/d0","$defs":{"## + all.joined(separator: ",") + "}}"
    }

    static let cases: [ProbeCase] =
        ([
            ("allOf", 30, "validate", #""x""#), ("allOf", 40, "compile", nil), ("anyOf", 35, "compile", nil),
            ("anyOf", 30, "validate", "5"), ("oneOf", 30, "validate", #""x""#),
            ("ifthenelse", 30, "validate", #""x""#), ("ifthenelse", 25, "compile", nil),
            ("ifthenelse", 30, "schema", nil), ("not", 30, "validate", #""x""#), ("properties", 40, "compile", nil),
            ("dependent", 30, "validate", #"{"a":1,"b":2}"#), ("items", 30, "validate", #"[[[[[[["x"]]]]]]]"#),
            ("allOf", 40, "generate", nil),
        ] as [(String, Int, String, String?)]).map { shape, levels, command, instance -> ProbeCase in
            var probe = ProbeCase(
                name: "doubling-\(shape)-\(levels)-\(command)", arguments: [command, "{dir}/doubling.json"],
                files: ["doubling.json": .text(doubling(shape, levels))], exits: [0, 2], seconds: 20)
            switch command {
            case "validate":
                probe.arguments.append("{dir}/i.json")
                probe.files["i.json"] = .text(instance ?? #""x""#)
                probe.exits = [0, 1, 2]
            case "generate":
                // The probe's `G DEAD` with this schema in place of the notification's.
                probe.arguments = ProbeCase.generate().map {
                    $0 == ProbeCase.notification ? "{dir}/doubling.json" : $0
                }
                probe = probe.withDeadConfiguration
                probe.exits = [2, 3]
            default:
                break
            }
            return probe
        }

    @Test(arguments: cases) func aSchemaWhoseReferencesDoubleAtEveryLevelEndsInTime(_ probe: ProbeCase) throws {
        try ProbeRun.check(probe)
    }
}
