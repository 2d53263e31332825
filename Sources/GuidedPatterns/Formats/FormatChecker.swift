/// Checks strings against the formats JSON Schema names, following the RFC each names (and the
/// optional format tests of the JSON-Schema-Test-Suite where the RFCs leave room): one function
/// per format, on the string or its UTF-8 bytes. `GuidedSchema`'s `StringFormat` picks the one
/// for each format.
package enum FormatChecker {}
