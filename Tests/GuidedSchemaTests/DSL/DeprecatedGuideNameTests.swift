import GuidedSchema
import Testing

/// A type still written with the old string-guide names, as an app that adopted them would have it.
@available(*, deprecated, message: "declared with the deprecated guide names on purpose")
struct OldNamedGuides: Generable {
    @Guide(.minLength(2), .maxLength(40)) var title: String = ""
    @Guide(.element(.maxLength(10))) var tags: [String] = []
}

/// `.minLength`/`.maxLength` remain as deprecated aliases of `.minimumLength`/`.maximumLength`:
/// code written against the old names compiles and guides exactly as before.
@Suite struct DeprecatedGuideNameTests {
    @available(*, deprecated, message: "calls the deprecated guide names on purpose")
    @Test func theOldLengthNamesGuideLikeTheNewOnes() throws {
        let root = try #require(object(OldNamedGuides.generationSchema.root))
        #expect(
            root.property(named: "title")?.schema.kind == .string(StringConstraints(minLength: 2, maxLength: 40)))
        #expect(
            root.property(named: "tags")?.schema.kind
                == .array(ArrayConstraints(items: .string(StringConstraints(maxLength: 10)))))
    }
}
