import Foundation
import GuidedGrammar
import GuidedJSON
import GuidedSchema
import GuidedTestTraits
import Synchronization
import Testing

/// Definitions that each refer to the next twice, through `allOf` or `if`/`then`/`else` (issue 23's
/// probe: 1.7 KB of schema took 25.5 s to validate at 26 levels and 17.5 s to compile at 24, and
/// `generate` hung checking the fallback). Each reference is followed, and each definition's
/// `allOf` merged, once per place: work grows with the levels, not with 2 to their power.
@Suite(.ownThreads) struct DoublingReferenceTests {
    /// How each level refers to the next.
    enum Form: CaseIterable { case allOf, conditional, twoNames }

    /// `levels` definitions over a leaf `{"text": string ≤ 20}`. `.twoNames` has two equal
    /// definitions per level (`a_i`, `b_i`), so no two references in it are spelled alike.
    static func schema(_ form: Form, levels: Int) throws -> GenerationSchema {
        var definitions: [String] = []
        for level in 0..<levels {
            let next = ##"{"$ref": "#/$defs/a\##(level + 1)"}"##
            let other = form == .twoNames ? ##"{"$ref": "#/$defs/b\##(level + 1)"}"## : next
            let body =
                form == .conditional
                ? ##"{"if": \##(next), "then": \##(next), "else": \##(next)}"##
                : ##"{"allOf": [\##(next), \##(other)]}"##
            definitions.append(##""a\##(level)": \##(body)"##)
            if form == .twoNames { definitions.append(##""b\##(level)": \##(body)"##) }
        }
        let leaf =
            ##"{"type": "object", "properties": {"text": {"type": "string", "maxLength": 20}}, "required": ["text"]}"##
        definitions.append(##""a\##(levels)": \##(leaf)"##)
        definitions.append(##""b\##(levels)": \##(leaf)"##)
        let text = ##"{"$defs": {\##(definitions.joined(separator: ", "))}, "$ref": "#/$defs/a0"}"##
        return try GenerationSchema.fromJSONSchema(try JSONReader.parse(text)).schema
    }

    /// `work`'s result, or nil when it has not finished after `seconds` (a hang guard: exponential
    /// work at 40 levels would run for days).
    static func finishing<T: Sendable>(within seconds: Double = 60, _ work: @escaping @Sendable () throws -> T) -> T? {
        let result = Mutex<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let value = Result { try work() }
            result.withLock { $0 = value }
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return try? result.withLock { $0 }?.get()
    }

    @Test(arguments: Form.allCases) func aViolationReachedTwicePerLevelIsReportedOnce(_ form: Form) throws {
        // Twelve levels: 4,096 ways to the leaf, each of which used to report the violation again.
        let schema = try Self.schema(form, levels: 12)
        let violations = schema.violations(of: ["text": "far more than twenty characters"])
        #expect(violations.map { "\($0.pointer) \($0.keyword)" } == ["/text maxLength"], "\(violations.count)")
    }

    @Test(arguments: Form.allCases) func fortyLevelsValidateInLinearWork(_ form: Form) throws {
        let checked = Self.finishing {
            let schema = try Self.schema(form, levels: 40)
            return (
                schema.validates(["text": "hello"]), schema.violations(of: ["text": 7]).map(\.pointer.description)
            )
        }
        let (valid, pointers) = try #require(checked, "validation did not finish: the work is exponential")
        #expect(valid)
        #expect(pointers == ["/text"])
    }

    @Test(arguments: [Form.allOf, .twoNames]) func fortyLevelsOfAllOfCompileToTheLeafsGrammar(_ form: Form) throws {
        let compiled = Self.finishing {
            let grammar = try GrammarCompiler.compile(try Self.schema(form, levels: 40))
            return (try GBNFGrammar(parsing: grammar.gbnf), grammar.report.entries(.checkedAfter).count)
        }
        let (grammar, checkedAfter) = try #require(compiled, "compilation did not finish: the work is exponential")
        #expect(grammar.accepts(#"{"text":"hello"}"#))
        #expect(!grammar.accepts(#"{"text":"far more than twenty characters"}"#))
        #expect(checkedAfter == 0, "every level merges, so the grammar enforces the leaf exactly")
    }
}
