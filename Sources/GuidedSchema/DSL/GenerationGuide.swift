/// A constraint on a guided property's value: a length, a count, a range, a pattern, choices…
///
/// Guides are written where the value's type allows them: string guides on `String` and
/// `String?`, numeric guides on numbers, count and element guides on arrays.
public struct GenerationGuide<Value>: Sendable {
    let apply: @Sendable (inout SchemaNode) -> Void

    /// A guide that edits the node.
    init(_ apply: @escaping @Sendable (inout SchemaNode) -> Void) { self.apply = apply }

    /// Describes the value to the model (JSON Schema `description`), e.g. `.element(.description("One
    /// concrete step"))` for an array's elements; ``Guide``'s `description:` does the same for the
    /// property itself.
    public static func description(_ text: String) -> GenerationGuide {
        GenerationGuide { $0.description = text }
    }
}

/// Types that take string guides: `String` and `String?`.
public protocol StringGuidable {}
extension String: StringGuidable {}
extension Optional: StringGuidable where Wrapped == String {}

/// Types that take numeric guides: the integer and floating-point types and their optionals.
public protocol NumericGuidable {}
extension Int: NumericGuidable {}
extension Double: NumericGuidable {}
extension Float: NumericGuidable {}
extension Optional: NumericGuidable where Wrapped: NumericGuidable {}

/// Types that take array guides: arrays and optional arrays.
public protocol ArrayGuidable {
    /// The element type, which ``GenerationGuide/element(_:)`` guides.
    associatedtype GuidedElement
}
extension Array: ArrayGuidable { public typealias GuidedElement = Element }
extension Optional: ArrayGuidable where Wrapped: ArrayGuidable {
    public typealias GuidedElement = Wrapped.GuidedElement
}

extension GenerationGuide where Value: StringGuidable {
    /// At least `count` characters (Unicode scalars): JSON Schema `minLength`. Named like the
    /// array guide ``minimumCount(_:)``.
    public static func minimumLength(_ count: Int) -> GenerationGuide { string { $0.minLength = count } }
    /// At most `count` characters (Unicode scalars): JSON Schema `maxLength`. Named like the
    /// array guide ``maximumCount(_:)``.
    public static func maximumLength(_ count: Int) -> GenerationGuide { string { $0.maxLength = count } }
    /// A length within `range`.
    public static func length(_ range: ClosedRange<Int>) -> GenerationGuide {
        string {
            $0.minLength = range.lowerBound
            $0.maxLength = range.upperBound
        }
    }
    /// A string matching the regular expression (JSON Schema `pattern`, the documented subset).
    public static func pattern(_ regex: String) -> GenerationGuide { string { $0.pattern = regex } }
    /// A string in a well-known format.
    public static func format(_ format: StringFormat) -> GenerationGuide { string { $0.format = format } }
    /// Exactly this string.
    public static func constant(_ value: String) -> GenerationGuide {
        GenerationGuide { $0.replaceValueKind(.constant(GeneratedContent(value))) }
    }
    /// One of these strings (Apple's `anyOf` guide).
    public static func anyOf(_ values: [String]) -> GenerationGuide {
        GenerationGuide { $0.replaceValueKind(.choice(values.map { GeneratedContent($0) })) }
    }

    private static func string(_ edit: @escaping @Sendable (inout StringConstraints) -> Void) -> GenerationGuide {
        GenerationGuide { node in
            node.editValueKinds { kind in
                if case .string(var constraints) = kind {
                    edit(&constraints)
                    kind = .string(constraints)
                }
            }
        }
    }
}

extension GenerationGuide where Value: NumericGuidable {
    /// At least `value`.
    public static func minimum(_ value: Double) -> GenerationGuide { bounds { $0.minimum = JSONNumber(value) } }
    /// At most `value`.
    public static func maximum(_ value: Double) -> GenerationGuide { bounds { $0.maximum = JSONNumber(value) } }
    /// Within `range`.
    public static func range(_ range: ClosedRange<Double>) -> GenerationGuide {
        bounds {
            $0.minimum = JSONNumber(range.lowerBound)
            $0.maximum = JSONNumber(range.upperBound)
        }
    }

    private static func bounds(_ edit: @escaping @Sendable (inout NumericBounds) -> Void) -> GenerationGuide {
        GenerationGuide { node in
            node.editValueKinds { kind in
                switch kind {
                case .integer(var bounds):
                    edit(&bounds)
                    kind = .integer(bounds)
                case .number(var bounds):
                    edit(&bounds)
                    kind = .number(bounds)
                default: break
                }
            }
        }
    }
}

extension GenerationGuide where Value: ArrayGuidable {
    /// Exactly `count` elements.
    public static func count(_ count: Int) -> GenerationGuide {
        array {
            $0.minItems = count
            $0.maxItems = count
        }
    }
    /// An element count within `range`.
    public static func count(_ range: ClosedRange<Int>) -> GenerationGuide {
        array {
            $0.minItems = range.lowerBound
            $0.maxItems = range.upperBound
        }
    }
    /// At least `count` elements.
    public static func minimumCount(_ count: Int) -> GenerationGuide { array { $0.minItems = count } }
    /// At most `count` elements.
    public static func maximumCount(_ count: Int) -> GenerationGuide { array { $0.maxItems = count } }
    /// A guide applied to every element.
    public static func element(_ guide: GenerationGuide<Value.GuidedElement>) -> GenerationGuide {
        array { guide.apply(&$0.items) }
    }

    private static func array(_ edit: @escaping @Sendable (inout ArrayConstraints) -> Void) -> GenerationGuide {
        GenerationGuide { node in
            node.editValueKinds { kind in
                if case .array(var constraints) = kind {
                    edit(&constraints)
                    kind = .array(constraints)
                }
            }
        }
    }
}

extension SchemaNode {
    /// Applies `edit` to this node's kind, or to each non-null branch of a nullable node.
    mutating func editValueKinds(_ edit: (inout Kind) -> Void) {
        if case .anyOf(var branches) = kind {
            for index in branches.indices where branches[index].kind != .null {
                branches[index].editValueKinds(edit)
            }
            kind = .anyOf(branches)
        } else {
            edit(&kind)
        }
    }

    /// Replaces the value's kind, keeping a nullable node nullable.
    mutating func replaceValueKind(_ newKind: Kind) {
        editValueKinds { $0 = newKind }
    }
}
