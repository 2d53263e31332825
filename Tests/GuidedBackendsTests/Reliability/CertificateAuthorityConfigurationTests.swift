import Guided
import GuidedJSON
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// `caFile`: a remote backend behind a private CA (or a self-signed server) is trusted through
/// the configuration, against a real TLS server on loopback, and never by turning verification
/// off. Without the file the same server is refused.
@Suite(.measuresTime) struct CertificateAuthorityConfigurationTests {
    static let kinds = ["llama-server", "ollama", "openai-compatible"]

    /// A one-backend configuration of `kind` for `url`, read as if from `file`.
    func configuration(kind: String, url: String, caFile: String?, file: String) throws -> GuidedConfiguration {
        var entry = #"{"name":"remote","kind":"\#(kind)","url":"\#(url)""#
        if kind != "llama-server" { entry += #","model":"m""# }
        if let caFile { entry += #","caFile":"\#(caFile)""# }
        return try GuidedConfiguration.from(
            try JSONReader.parse(#"{"backends":[\#(entry)}]}"#), file: file, registry: .standard())
    }

    /// The reason a backend is unavailable, or nil when it is available.
    func unavailableReason(_ configuration: GuidedConfiguration) async -> String? {
        guard case .unavailable(let reason) = await configuration.backends[0].availability() else { return nil }
        return reason.message
    }

    @Test(arguments: kinds)
    func aServerFromAPrivateAuthorityIsRefusedWithoutTheFile(kind: String) async throws {
        let server = try TLSTestServer()
        defer { server.stop() }
        let url = server.baseURL + (kind == "openai-compatible" ? "/v1" : "")
        let reason = await unavailableReason(
            try configuration(kind: kind, url: url, caFile: nil, file: server.directory + "/guided.json"))
        #expect(reason?.contains("certificate") == true, "\(String(describing: reason))")
    }

    /// The path is relative to the configuration file, as the remedy says: the same file reads
    /// the same from any working directory. The TLS server's folder holds `ca.pem`.
    @Test(arguments: kinds)
    func theGivenAuthorityIsTrustedThroughARelativePath(kind: String) async throws {
        let server = try TLSTestServer()
        defer { server.stop() }
        let url = server.baseURL + (kind == "openai-compatible" ? "/v1" : "")
        let reason = await unavailableReason(
            try configuration(kind: kind, url: url, caFile: "ca.pem", file: server.directory + "/guided.json"))
        if kind == "ollama" {
            // The handshake and verification passed; the stand-in answers `secure`, not a model list.
            #expect(reason?.contains("answered /api/tags with 200") == true, "\(String(describing: reason))")
        } else {
            #expect(reason == nil)
        }
    }

    @Test(arguments: ["missing.pem", ""])
    func aCAFileThatIsNotThereIsAnErrorAtLoad(path: String) throws {
        let error = #expect(throws: ConfigurationError.self) {
            try configuration(kind: "llama-server", url: "https://127.0.0.1:1", caFile: path, file: "/tmp/g.json")
        }
        #expect(error?.pointer == JSONPointer(tokens: ["backends", "0", "caFile"]))
        #expect(error?.message.contains("names no file") == true, "\(String(describing: error))")
    }

    @Test func aCAFileThatIsAFolderIsAnErrorAtLoad() throws {
        let error = #expect(throws: ConfigurationError.self) {
            try configuration(kind: "ollama", url: "https://127.0.0.1:1", caFile: "/tmp", file: "/tmp/g.json")
        }
        #expect(error?.pointer == JSONPointer(tokens: ["backends", "0", "caFile"]))
        #expect(error?.message.contains("not a regular file") == true, "\(String(describing: error))")
    }
}
