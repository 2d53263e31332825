import Foundation
import GuidedJSON
import GuidedSchema
import GuidedTestTraits
import GuidedValidation
import Testing

/// The pointer walks the session runs on every request (the lists and prose strings its default
/// checks and repetition penalty look at) follow each definition once per place: a schema whose
/// definitions each refer to the next twice made `guided generate` hang at 40 levels (the second
/// probe), while `validate` and `compile` finished in milliseconds.
@Suite(.ownThreads) struct DoublingReferencePointerTests {
    /// `levels` definitions, each `allOf` the next twice, over `{"steps": [string ≤ 100], "note": string ≤ 100}`.
    static func schema(levels: Int) throws -> GenerationSchema {
        var definitions: [String] = []
        for level in 0..<levels {
            let next = ##"{"$ref": "#/$defs/a\##(level + 1)"}"##
            definitions.append(##""a\##(level)": {"allOf": [\##(next), \##(next)]}"##)
        }
        definitions.append(
            ##""a\##(levels)": {"type": "object", "properties": {"steps": {"type": "array", "items": {"type": "string", "maxLength": 100}}, "note": {"type": "string", "maxLength": 100}}}"##
        )
        let text = ##"{"$defs": {\##(definitions.joined(separator: ", "))}, "$ref": "#/$defs/a0"}"##
        return try GenerationSchema.fromJSONSchema(try JSONReader.parse(text)).schema
    }

    /// `work`'s result, or nil when it has not finished within `seconds` (a hang guard only:
    /// 2^40 steps would run for days).
    static func finishing<T: Sendable>(within seconds: Double = 60, _ work: @escaping @Sendable () -> T) -> T? {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            box.value = work()
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return box.value
    }

    final class ResultBox<T>: @unchecked Sendable { // written once before the semaphore, read after
        var value: T?
    }

    @Test func theListAndProsePointersOfFortyDoublingLevelsAreFoundOnce() throws {
        let schema = try Self.schema(levels: 40)
        let lists = Self.finishing { schema.stringListPointers }
        #expect(lists == [JSONPointer("/steps")!])
        let prose = Self.finishing { schema.proseStringPointers }
        #expect(prose == [JSONPointer("/steps")!, JSONPointer("/note")!])
    }
}
