import Foundation
import GuidedSchema
import Synchronization
import Testing

/// A property the schema cannot represent is a located error naming the type and the property,
/// never a property silently missing from the schema; and a type's schema is built once.
@Suite struct DeclarationCheckTests {
    struct Reminder: Generable {
        var text: String = ""
        var when: Date = Date(timeIntervalSince1970: 0)
    }

    struct Link: Generable {
        @Guide(description: "Where it points") var title: String = ""
        var target: URL? = nil
    }

    struct Counter: Generable {
        var total: Int64 = 0
    }

    struct Agenda: Generable {
        var title: String = ""
        var reminders: [Reminder] = []
    }

    @Test func aDatePropertyIsNamedWithItsTypeAndPlace() {
        #expect(throws: SchemaError.self) { try Reminder.checkDeclaration() }
        do {
            try Reminder.checkDeclaration()
        } catch {
            #expect(error.code == .unsupportedPropertyType)
            #expect(error.message == "Reminder.when has the type Date, which has no generation schema")
            #expect(error.pointer == JSONPointer(tokens: ["properties", "when"]))
            #expect(!error.remedy.isEmpty)
        }
    }

    /// The message of `type`'s declaration error, nil when it has none.
    static func problem<T: SchemaRepresentable>(_ type: T.Type) -> String? {
        do {
            try T.checkDeclaration()
            return nil
        } catch {
            return error.message
        }
    }

    @Test func everyUnsupportedTypeIsReportedNestedTypesToo() {
        #expect(
            Self.problem(Link.self)?.hasPrefix("Link.target has the type Optional<URL>") == true,
            "\(Self.problem(Link.self) ?? "none")")
        #expect(
            Self.problem(Counter.self)?.hasPrefix("Counter.total has the type Int64") == true,
            "\(Self.problem(Counter.self) ?? "none")")
        #expect(
            Self.problem(Agenda.self)?.hasPrefix("Reminder.when has the type Date") == true,
            "\(Self.problem(Agenda.self) ?? "none")")
    }

    @Test func supportedTypesPassTheCheck() throws {
        try Address.checkDeclaration()
        try Everything.checkDeclaration()
    }

    /// Counts its `init()` calls: reflection builds one value per schema build.
    struct Counted: Generable {
        static let made = Atomic(0)
        var text: String = ""
        init() { Self.made.add(1, ordering: .relaxed) }
    }

    @Test func theSchemaIsBuiltOncePerType() {
        let first = Counted.generationSchema
        let madeAfterFirst = Counted.made.load(ordering: .relaxed)
        for _ in 0..<5 { #expect(Counted.generationSchema == first) }
        _ = Counted.generationSchema.validates(["text": "x"])
        #expect(madeAfterFirst >= 1)
        #expect(Counted.made.load(ordering: .relaxed) == madeAfterFirst)
    }
}
