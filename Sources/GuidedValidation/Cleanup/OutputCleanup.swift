public import GuidedSchema

/// Opt-in structural clean-ups, applied to an output *before* validation.
///
/// A cleanup is an ordered list of steps. Combine them with an array literal or
/// ``then(_:)``; steps run in the order written:
///
/// ```swift
/// let cleanup: OutputCleanup = [.stripListBullets, .trim]
/// let cleaned = cleanup.apply(output)
/// ```
///
/// Only string values change (object property names never do), plus arrays when
/// ``dropDuplicateItems`` removes elements. Dropping items can leave an array shorter than
/// the schema's `minItems`; run ``SchemaValidator`` afterwards to catch that.
public struct OutputCleanup: Sendable, Hashable, ExpressibleByArrayLiteral {
    /// One kind of clean-up.
    enum Step: Sendable, Hashable {
        case trim, collapseWhitespace, dropDuplicateItems, stripListBullets
    }

    /// The steps, in the order they run.
    let steps: [Step]

    private init(steps: [Step]) { self.steps = steps }

    /// Combines cleanups; their steps run in the order given.
    public init(_ cleanups: [OutputCleanup]) {
        self.steps = cleanups.flatMap(\.steps)
    }

    /// Combines cleanups written as an array literal; their steps run in the order written.
    public init(arrayLiteral cleanups: OutputCleanup...) {
        self.init(cleanups)
    }

    /// Does nothing.
    public static let none = OutputCleanup(steps: [])
    /// Removes leading and trailing whitespace and newlines from every string.
    public static let trim = OutputCleanup(steps: [.trim])
    /// Replaces every run of whitespace (newlines included) in every string with one space.
    public static let collapseWhitespace = OutputCleanup(steps: [.collapseWhitespace])
    /// Removes, from every array, strings equal to an earlier string in it, ignoring case and
    /// surrounding whitespace; the first occurrence stays. Non-string elements are kept.
    public static let dropDuplicateItems = OutputCleanup(steps: [.dropDuplicateItems])
    /// Removes a leading list marker from every line of every string: `1.`, `2)`, `-`, `–`,
    /// `•`, `*`, `·`, or a single letter and parenthesis such as `a)`. A marker must be
    /// followed by whitespace (or end the line), so `-5°C` and `1.5 km` are kept.
    public static let stripListBullets = OutputCleanup(steps: [.stripListBullets])

    /// Every clean-up, in the order that works: strip bullets (while lines still exist),
    /// collapse whitespace, trim, then drop duplicates (so `"1. Swim"` and `"2. swim "` collide).
    public static func all() -> OutputCleanup {
        [.stripListBullets, .collapseWhitespace, .trim, .dropDuplicateItems]
    }

    /// This cleanup followed by `next`.
    public func then(_ next: OutputCleanup) -> OutputCleanup {
        OutputCleanup(steps: steps + next.steps)
    }

    /// `value` with every step applied in order.
    public func apply(_ value: GeneratedContent) -> GeneratedContent {
        steps.reduce(value) { $1.apply(to: $0) }
    }
}

extension OutputCleanup.Step {
    /// `value` with this one step applied throughout.
    func apply(to value: GeneratedContent) -> GeneratedContent {
        switch self {
        case .trim: value.mappingStrings(TextCleanup.trimmed)
        case .collapseWhitespace: value.mappingStrings(TextCleanup.collapsingWhitespace)
        case .stripListBullets: value.mappingStrings(TextCleanup.strippingListBullets)
        case .dropDuplicateItems: value.droppingDuplicateItems()
        }
    }
}

extension GeneratedContent {
    /// This value with `transform` applied to every string value, recursively.
    func mappingStrings(_ transform: (String) -> String) -> GeneratedContent {
        switch kind {
        case .string(let text): GeneratedContent(transform(text))
        case .array(let elements): GeneratedContent(elements: elements.map { $0.mappingStrings(transform) })
        case .object(let properties):
            GeneratedContent(kind: .object(properties.map { .init($0.name, $0.value.mappingStrings(transform)) }))
        case .null, .bool, .number: self
        }
    }

    /// This value with later case-insensitive duplicate strings removed from every array.
    func droppingDuplicateItems() -> GeneratedContent {
        switch kind {
        case .array(let elements):
            var seen: Set<String> = []
            let kept = elements.map { $0.droppingDuplicateItems() }.filter { element in
                guard let text = element.stringValue else { return true }
                return seen.insert(TextCleanup.comparisonKey(text)).inserted
            }
            return GeneratedContent(elements: kept)
        case .object(let properties):
            return GeneratedContent(kind: .object(properties.map { .init($0.name, $0.value.droppingDuplicateItems()) }))
        case .null, .bool, .number, .string: return self
        }
    }
}
