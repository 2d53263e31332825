import GuidedSchema

/// Types that exercise every guide and schema form the DSL offers.
enum Priority: String, GenerableChoice { case low, normal, urgent }

struct Address: Generable, Equatable {
    @Guide(description: "Street and number", .minimumLength(3)) var street: String = ""
    @Guide(description: "Postal code", .pattern("^[0-9]{5}$")) var postalCode: String = ""
}

struct Everything: Generable, Equatable {
    static let configuration = GenerableConfiguration(description: "Every guide at once")

    @Guide(description: "A fixed kind", .constant("task")) var kind: String = ""
    @Guide(description: "A colour", .anyOf(["red", "green"])) var colour: String = ""
    @Guide(.length(2...40)) var title: String = ""
    @Guide(.format(.date)) var due: String = ""
    @Guide(description: "Effort in hours", .range(1...8)) var hours: Int = 0
    @Guide(.minimum(0), .maximum(1)) var confidence: Double = 0
    @Guide(.count(1...3), .element(.maximumLength(10))) var tags: [String] = []
    @Guide(.minimumCount(1)) var addresses: [Address] = []
    @Guide(description: "An optional note", .maximumLength(50)) var note: String?
    var priority: Priority = .low
    var home: Address = Address()
    var done: Bool = false
    var score: Int?
}

struct TreeNode: Generable, Equatable {
    static let configuration = GenerableConfiguration(name: "Node")
    @Guide(description: "The node's label") var label: String = ""
    var children: [TreeNode] = []
}

struct Link: Generable, Equatable {
    @Guide(.constant("link")) var type: String = ""
    var url: String = ""
}

struct Note: Generable, Equatable {
    @Guide(.constant("note")) var type: String = ""
    var body: String = ""
}

enum Attachment: GenerableUnion, Equatable {
    case link(Link)
    case note(Note)
    static let variants = [UnionVariant(link), UnionVariant(note)]
}

struct Message: Generable, Equatable {
    var attachments: [Attachment] = []
}
