// TEMPORARY until the regex subset lands.
public struct RegexPattern: Sendable, Hashable {
    public let source: String
    public init(_ source: String) throws(RegexSyntaxError) { self.source = source }
    public func matches(_ string: String) -> Bool { true }
}
public struct RegexSyntaxError: Error, Sendable, Equatable { public var offset: Int; public var message: String; public var remedy: String }
