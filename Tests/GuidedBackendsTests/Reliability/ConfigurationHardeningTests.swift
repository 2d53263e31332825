import Guided
import GuidedJSON
import GuidedLlamaServer
import Testing

/// Configuration values that used to be accepted and then misread (issue 12): sub-millisecond
/// timeouts read by libcurl as "none", fractional token counts sent as 0, URLs carrying CR/LF,
/// backend names carrying terminal escape sequences.
@Suite struct ConfigurationHardeningTests {
    func entry(_ json: String) throws -> BackendConfiguration {
        BackendConfiguration(
            name: "b", kind: "llama-server", entry: try JSONReader.parse(json),
            pointer: JSONPointer(tokens: ["backends", "0"]), file: "g.json")
    }

    func configurationError(_ json: String) throws -> ConfigurationError? {
        let document = try JSONReader.parse(json)
        do {
            _ = try GuidedConfiguration.from(document, file: "g.json", registry: .standard())
            return nil
        } catch {
            return error
        }
    }

    @Test func aTinyTimeoutIsOneMillisecondNotNone() throws {
        #expect(try entry(#"{"timeoutSeconds":0.0001}"#).duration("timeoutSeconds") == .milliseconds(1))
        #expect(try entry(#"{"timeoutSeconds":2.5}"#).duration("timeoutSeconds") == .milliseconds(2500))
    }

    @Test(arguments: ["0.5", "1.5", "0", "-3", "1e30", "\"7\""])
    func aTokenCountMustBeAWholePositiveNumber(value: String) throws {
        let error = try #require(
            try configurationError(
                #"{"backends":[{"name":"b","kind":"llama-server","url":"http://127.0.0.1:1","maxTokens":\#(value)}]}"#))
        #expect(error.pointer == JSONPointer(tokens: ["backends", "0", "maxTokens"]), "\(error)")
    }

    /// The second probe: every bad number's remedy suggested 30 (a 30 MB memory limit, a context
    /// of 30 tokens). It suggests the key's default now.
    @Test(arguments: [("memoryLimitMB", "4000"), ("contextSize", "4096"), ("startupTimeoutSeconds", "90")])
    func aBadNumbersRemedySuggestsTheKeysDefault(key: String, suggestion: String) throws {
        let error = try #require(
            try configurationError(#"{"backends":[{"name":"b","kind":"managed-llama-server","\#(key)":-1}]}"#))
        #expect(error.remedy == "write \"\(key)\": \(suggestion)", "\(error)")
    }

    @Test func aWholeTokenCountIsKept() throws {
        #expect(try entry(#"{"maxTokens":300}"#).positiveInteger("maxTokens") == 300)
    }

    @Test(arguments: [
        "http://127.0.0.1:1/\\r\\nX-Injected: 1", "http://127.0.0.1:1/\\n", "http://127.0.0.1:1/a b",
        "http://127.0.0.1:1/\\u0000",
    ])
    func aURLWithControlCharactersIsRefused(url: String) throws {
        let error = try #require(
            try configurationError(#"{"backends":[{"name":"b","kind":"llama-server","url":"\#(url)"}]}"#))
        #expect(error.pointer == JSONPointer(tokens: ["backends", "0", "url"]), "\(error)")
        #expect(error.message.contains("control character") || error.message.contains("space"))
    }

    @Test(arguments: ["\\u001b[31mred", "a\\u0007b", "tab\\there", "\\u009b2J", "rtl\\u202eevil"])
    func aBackendNameWithControlCharactersIsRefused(name: String) throws {
        let error = try #require(
            try configurationError(
                #"{"backends":[{"name":"\#(name)","kind":"llama-server","url":"http://127.0.0.1:1"}]}"#))
        #expect(error.pointer == JSONPointer(tokens: ["backends", "0", "name"]), "\(error)")
        #expect(!error.description.contains("\u{1b}"))
    }

    @Test func aMissingConfigurationFileSaysSo() throws {
        let path = "/nonexistent/guided-\(UInt64.random(in: 1...UInt64.max)).json"
        do {
            _ = try GuidedConfiguration.load(file: path)
            Issue.record("a missing file loaded")
        } catch {
            #expect(error.description.contains("no such file"), "\(error)")
            #expect(!error.description.contains("fix the JSON"), "\(error)")
        }
    }
}
