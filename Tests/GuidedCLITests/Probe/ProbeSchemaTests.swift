import Foundation
import GuidedTestTraits
import Testing

/// The probe's schemas that say two things at once (`cases_encoding_schemas`, `schema_case`): two
/// `$anchor`s, `$id`s or `$dynamicAnchor`s of one name, a key written twice; and its schema numbers
/// past what a double holds (`cases_numbers`, `schema_number_case`): `1e400`, `2^64`, `3e-400`.
/// A contradiction is refused with a located error; a number is compared exactly or refused with
/// one, never rounded to infinity or zero into a wrong verdict.
@Suite(.ownThreads) struct ProbeSchemaTests {
    /// A located error, the probe's `:\d+:\d+: error: `.
    static let located = #":\d+:\d+: error: "#

    /// `guided validate {dir}/s.json {dir}/i.json` of `schema` and `instance`, or `guided <command>`
    /// of the schema alone.
    static func probe(
        _ name: String, _ command: String, schema: String, instance: String = #""x""#, exits: Set<Int32>
    ) -> ProbeCase {
        guard command == "validate" else {
            return ProbeCase(
                name: name, arguments: [command, "{dir}/s.json"], files: ["s.json": .text(schema)], exits: exits,
                seconds: 30)
        }
        return ProbeCase(
            name: name, arguments: ["validate", "{dir}/s.json", "{dir}/i.json"],
            files: ["s.json": .text(schema), "i.json": .text(instance)], exits: exits, seconds: 30)
    }

    /// The probe's contradictory schemas: label, schema, command, instance.
    static let contradictionRows: [(label: String, schema: String, command: String, instance: String)] = [
        (
            "anchor-duplicate-siblings",
            #"{"$defs":{"a":{"$anchor":"same","type":"string"},"b":{"$anchor":"same","type":"integer"}},"#
                + ##""$ref":"#same"}"##, "validate", #""x""#
        ),
        (
            "anchor-duplicate-nested",
            #"{"$defs":{"a":{"$anchor":"n","type":"string","properties":{"x":{"$anchor":"n"}}}},"#
                + ##""$ref":"#n"}"##, "compile", #""x""#
        ),
        (
            "id-duplicate",
            #"{"$defs":{"a":{"$id":"https://x.example/s","type":"string"},"b":{"$id":"https://x.example/s","#
                + #""type":"integer"}},"$ref":"https://x.example/s"}"#, "validate", "5"
        ),
        (
            "dynamic-anchor-duplicate",
            #"{"$defs":{"a":{"$dynamicAnchor":"d","type":"string"},"b":{"$dynamicAnchor":"d","type":"integer"}},"#
                + ##""$dynamicRef":"#d"}"##, "validate", #""x""#
        ),
        ("duplicate-key-type", #"{"type":"string","type":"integer"}"#, "validate", #""x""#),
        (
            "duplicate-key-properties",
            #"{"type":"object","properties":{"a":{"type":"string"}},"properties":{"b":{"type":"string"}},"#
                + #""required":["a"]}"#, "validate", #"{"a":5}"#
        ),
    ]

    static let contradictions: [ProbeCase] = contradictionRows.map { label, schema, command, instance in
        var refused = probe("schema-\(label)", command, schema: schema, instance: instance, exits: [2])
        refused.stderr = located
        return refused
    }

    static let oddities: [ProbeCase] = [
        // Not a valid anchor name (`^[A-Za-z_][-A-Za-z0-9._]*$`): the probe takes either answer.
        probe(
            "schema-anchor-invalid-name", "validate", schema: #"{"$anchor":"1 bad#name","type":"string"}"#,
            exits: [0, 2]),
        // An instance whose "text" is a string, then a number: never judged valid.
        ProbeCase(
            name: "instance-duplicate-key", arguments: ["validate", ProbeCase.notification, "{dir}/i.json"],
            files: ["i.json": .text(#"{"text":"ok","text":5}"#)], exits: [1, 2], seconds: 30),
    ]

    /// The probe's schema numbers: label, schema, instance, the exits that pass (0 fails where the
    /// instance is outside the schema).
    static let numberRows: [(label: String, schema: String, instance: String, exits: Set<Int32>)] = [
        ("maxLength-1e400", #"{"type":"string","maxLength":1e400}"#, #""x""#, [0, 1, 2]),
        ("maxLength-2pow64", #"{"type":"string","maxLength":18446744073709551616}"#, #""x""#, [0, 1, 2]),
        // 0.5 is no multiple of 3e-400, which is 0 as a double.
        ("multipleOf-underflow", #"{"type":"number","multipleOf":3e-400}"#, "0.5", [1, 2]),
        // 3e308 is over 2e308, though both are infinite as doubles.
        ("maximum-2e308", #"{"type":"number","maximum":2e308}"#, "3e308", [1, 2]),
        (
            "integer-beyond-int64", #"{"type":"integer","maximum":18446744073709551616}"#, "18446744073709551617",
            [1, 2]
        ),
        ("minimum-negative-huge", #"{"type":"number","minimum":-1e999}"#, "-5", [0, 1, 2]),
    ]

    static let numbers: [ProbeCase] = numberRows.map { label, schema, instance, exits in
        var judged = probe("schema-number-\(label)", "validate", schema: schema, instance: instance, exits: exits)
        judged.stderrOnUsageError = located
        return judged
    }

    @Test(arguments: contradictions) func aSchemaSayingTwoThingsIsRefusedWithALocatedError(_ probe: ProbeCase) throws {
        try ProbeRun.check(probe)
    }

    @Test(arguments: oddities) func anOddAnchorOrARepeatedInstanceKeyIsNeverAWrongVerdict(_ probe: ProbeCase) throws {
        try ProbeRun.check(probe)
    }

    @Test(arguments: numbers) func aSchemaNumberPastADoubleIsComparedExactlyOrRefused(_ probe: ProbeCase) throws {
        try ProbeRun.check(probe)
    }
}
