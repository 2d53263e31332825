internal import CJSONC
public import GuidedSchema

#if canImport(Glibc)
    import Glibc
#endif

/// Parses JSON text into ``GeneratedContent`` with json-c. The one place Guided touches json-c:
/// no C pointer leaves this type.
///
/// Parsing is strict RFC 8259: json-c's extensions (single-quoted strings, `NaN`, `Infinity`,
/// raw control characters in strings) are rejected, as are property names containing `\u0000`
/// (json-c would cut them short), trailing content after the value is an error, invalid UTF-8 is an error, and
/// object properties keep their document order (a duplicate key keeps its first position and
/// its last value, as json-c does). Number literals keep their text, integer literals beyond
/// 64 bits included (see ``LongIntegerLiterals``), so numbers compare exactly.
public enum JSONReader {
    /// The nesting depth json-c is allowed (arrays and objects inside each other).
    package static let maximumDepth: Int32 = 512

    /// Parses `text`; `file` is used only to name the location in errors.
    public static func parse(_ text: String, file: String? = nil) throws(JSONSyntaxError) -> GeneratedContent {
        try parse(bytes: Array(text.utf8), file: file)
    }

    /// Parses UTF-8 bytes. With `rejectingDuplicateKeys` (what ``read(file:)`` and the schema,
    /// configuration and examples loaders use: documents a person wrote), an object that repeats
    /// a key is an error at the repeat, rather than its last value silently winning; wire data
    /// from servers and models is read as RFC 8259 allows.
    public static func parse(bytes: [UInt8], file: String? = nil, rejectingDuplicateKeys: Bool = false)
        throws(JSONSyntaxError) -> GeneratedContent
    {
        let value = try parseAllowingDuplicates(bytes: bytes, file: file)
        if rejectingDuplicateKeys, let duplicate = JSONSourceLocator.firstDuplicateKey(in: bytes) {
            throw error(
                bytes, duplicate.offset,
                "duplicate key \"\(duplicate.pointer.tokens.last ?? "")\" (at #\(duplicate.pointer)): only one value can count",
                file)
        }
        return value
    }

    private static func parseAllowingDuplicates(bytes: [UInt8], file: String?) throws(JSONSyntaxError)
        -> GeneratedContent
    {
        if let (offset, message) = StrictUTF8.firstProblem(bytes) ?? firstNonStandardSyntax(bytes) {
            throw error(bytes, offset, message, file)
        }
        // Long integer literals are read through json-c's floating-point path, which keeps their text.
        let protected = LongIntegerLiterals.protect(bytes)
        let original = bytes
        let bytes = protected?.bytes ?? bytes
        let locate = { (offset: Int) in
            protected.map { LongIntegerLiterals.originalOffset(offset, insertions: $0.insertions) } ?? offset
        }
        guard let tokener = json_tokener_new_ex(maximumDepth) else {
            throw JSONSyntaxError(file: file, line: 1, column: 1, offset: 0, message: "out of memory")
        }
        defer { json_tokener_free(tokener) }
        json_tokener_set_flags(tokener, Int32(JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8))
        var object = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(buffer.count, 1)) {
                json_tokener_parse_ex(tokener, $0, Int32(buffer.count))
            }
        }
        var status = json_tokener_get_error(tokener)
        var consumedAll = false
        if status == json_tokener_continue {
            // The value may be complete but unterminated (a bare number): feed the terminator.
            object = json_tokener_parse_ex(tokener, "", 1)
            status = json_tokener_get_error(tokener)
            consumedAll = true
        }
        guard status == json_tokener_success else {
            let end = Int(json_tokener_get_parse_end(tokener))
            let message =
                status == json_tokener_continue || consumedAll
                ? "unexpected end of data" : String(cString: json_tokener_error_desc(status))
            throw error(original, locate(consumedAll ? bytes.count : end), message, file)
        }
        // json-c represents a top-level `null` as a NULL object.
        guard let root = object else { return .null }
        defer { json_object_put(root) }
        let end = consumedAll ? bytes.count : Int(json_tokener_get_parse_end(tokener))
        if let trailing = bytes[min(end, bytes.count)...].firstIndex(where: { !isWhitespace($0) }) {
            throw error(original, locate(trailing), "unexpected content after the JSON value", file)
        }
        do {
            return try convert(root, restoringLongIntegers: protected != nil)
        } catch let message {
            throw error(original, 0, message.text, file)
        }
    }

    /// Reads and parses a file (at most ``FileBytes/defaultLimit`` bytes). A file that cannot
    /// be read is an error whose message says why (``JSONSyntaxError/readFailure`` is set).
    /// A key repeated within one object is an error (`rejectingDuplicateKeys`, the default: a
    /// document a person wrote); pass false for saved wire data, such as an instance to validate.
    public static func read(file path: String, rejectingDuplicateKeys: Bool = true) throws(JSONSyntaxError)
        -> GeneratedContent
    {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.contents(of: path)
        } catch {
            var failure = JSONSyntaxError(file: path, line: 1, column: 1, offset: 0, message: error.message)
            failure.readFailure = error
            throw failure
        }
        return try parse(bytes: bytes, file: path, rejectingDuplicateKeys: rejectingDuplicateKeys)
    }

    // MARK: Conversion

    private struct ConversionError: Error { let text: String }

    private static func convert(_ object: OpaquePointer?, restoringLongIntegers restoring: Bool) throws(ConversionError)
        -> GeneratedContent
    {
        guard let object else { return .null }
        switch json_object_get_type(object) {
        case json_type_null: return .null
        case json_type_boolean: return GeneratedContent(json_object_get_boolean(object) != 0)
        case json_type_int:
            let value = json_object_get_int64(object)
            if value == Int64.max, json_object_get_uint64(object) > UInt64(Int64.max) {
                return GeneratedContent(kind: .number(JSONNumber(text: String(json_object_get_uint64(object)))!))
            }
            return GeneratedContent(kind: .number(JSONNumber(text: String(value))!))
        case json_type_double:
            var text = String(cString: json_object_get_string(object))
            if restoring { text = LongIntegerLiterals.restore(text) }
            guard let number = JSONNumber(text: text) else {
                throw ConversionError(text: "\(text) is not a JSON number")
            }
            return GeneratedContent(kind: .number(number))
        case json_type_string:
            let length = Int(json_object_get_string_len(object))
            let bytes = UnsafeRawBufferPointer(start: json_object_get_string(object), count: length)
            return GeneratedContent(String(decoding: bytes, as: UTF8.self))
        case json_type_array:
            let count = json_object_array_length(object)
            var elements: [GeneratedContent] = []
            elements.reserveCapacity(count)
            for index in 0..<count {
                elements.append(try convert(json_object_array_get_idx(object, index), restoringLongIntegers: restoring))
            }
            return GeneratedContent(elements: elements)
        default:
            var properties: [GeneratedContent.Property] = []
            var iterator = json_object_iter_begin(object)
            var end = json_object_iter_end(object)
            while json_object_iter_equal(&iterator, &end) == 0 {
                let name = String(cString: json_object_iter_peek_name(&iterator))
                properties.append(
                    .init(name, try convert(json_object_iter_peek_value(&iterator), restoringLongIntegers: restoring)))
                json_object_iter_next(&iterator)
            }
            return GeneratedContent(kind: .object(properties))
        }
    }

    // MARK: Locations

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The first thing json-c accepts although RFC 8259 forbids it, or silently alters: a `'`
    /// outside any double-quoted string (json-c reads single-quoted strings), a raw control
    /// character inside a string, or a `\u0000` escape in a property name (json-c cuts names at NUL).
    private static func firstNonStandardSyntax(_ bytes: [UInt8]) -> (offset: Int, message: String)? {
        var inString = false
        var escaped = false
        var nulEscape: Int?
        for (offset, byte) in bytes.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                    if byte == UInt8(ascii: "u"), bytes[(offset + 1)...].starts(with: "0000".utf8) {
                        nulEscape = nulEscape ?? offset - 1
                    }
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if let nul = nulEscape,
                        bytes[(offset + 1)...].first(where: { !isWhitespace($0) }) == UInt8(ascii: ":")
                    {
                        return (nul, "a property name cannot contain \\u0000")
                    }
                    nulEscape = nil
                } else if byte < 0x20 {
                    return (offset, "control characters in strings must be escaped (\\n, \\t, \\u00XX)")
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "'") {
                return (offset, "single-quoted strings are not JSON; use double quotes")
            }
        }
        return nil
    }

    private static func error(_ bytes: [UInt8], _ offset: Int, _ message: String, _ file: String?) -> JSONSyntaxError {
        let offset = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).unicodeScalars.count + 1
        return JSONSyntaxError(file: file, line: line, column: column, offset: offset, message: message)
    }
}
