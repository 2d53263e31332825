import GuidedSchema
import Testing

/// Two cases carrying the same payload type: only the case name tells them apart.
private enum Pinned: GenerableUnion, Equatable {
    case primary(Note)
    case secondary(Note)
    static let variants = [UnionVariant(primary), UnionVariant(secondary)]
}

/// A case whose one associated value has a label.
private enum Labelled: GenerableUnion, Equatable {
    case link(url: Link)
    case note(Note)
    static let variants = [UnionVariant(link), UnionVariant(note)]
}

/// The long form, for comparison: same schema, same round trip.
private enum Spelled: GenerableUnion, Equatable {
    case link(Link)
    case note(Note)
    static let variants: [UnionVariant<Spelled>] = [
        UnionVariant(Link.self, Spelled.link) { if case .link(let value) = $0 { value } else { nil } },
        UnionVariant(Note.self, Spelled.note) { if case .note(let value) = $0 { value } else { nil } },
    ]
}

@Suite struct UnionVariantTests {
    private var note: Note {
        var note = Note()
        note.type = "note"
        note.body = "hi"
        return note
    }

    @Test func theCaseAloneDeclaresAVariant() throws {
        #expect(Attachment.generationSchema == Spelled.generationSchema)
        let content: GeneratedContent = ["type": "note", "body": "hi"]
        #expect(try GeneratedContentDecoder.decode(Attachment.self, from: content) == .note(note))
        #expect(try GeneratedContentDecoder.decode(Spelled.self, from: content) == .note(note))
        #expect(GeneratedContentEncoder.encode(Attachment.note(note)) == content)
    }

    @Test func casesSharingAPayloadTypeEachEncodeIt() throws {
        #expect(GeneratedContentEncoder.encode(Pinned.secondary(note)) == note.generatedContent)
        #expect(GeneratedContentEncoder.encode(Pinned.primary(note)) == note.generatedContent)
        // Both fit the content; decoding takes the first variant, as documented.
        #expect(try GeneratedContentDecoder.decode(Pinned.self, from: note.generatedContent) == .primary(note))
    }

    @Test func aLabelledAssociatedValueIsUnwrapped() throws {
        var link = Link()
        link.type = "link"
        link.url = "u"
        let content = GeneratedContentEncoder.encode(Labelled.link(url: link))
        #expect(content == link.generatedContent)
        #expect(try GeneratedContentDecoder.decode(Labelled.self, from: content) == .link(url: link))
    }

    @Test func thePlaceholderIsTheFirstVariants() {
        #expect(Pinned.placeholder == .primary(Note.placeholder))
    }
}
