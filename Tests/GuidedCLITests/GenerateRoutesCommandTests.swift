import Foundation
import GuidedTestSupport
import GuidedTestTraits
import Testing

/// `guided generate` runs through the session, so the configuration's `routes` choose the
/// backends for the schema's name, as they do for a Swift type.
@Suite(.ownThreads) struct GenerateRoutesCommandTests {
    /// Two refusing backends, `a` (the default route) and `b`, and `routes` naming `b` for `routed`.
    /// The ports stay reserved while the caller holds them.
    static func configuration(routed: String) throws -> (path: String, ports: [ReservedPort]) {
        let a = try ReservedPort(.refuse)
        let b = try ReservedPort(.refuse)
        return (
            try GuidedCommandTests.temporaryFile(
                "routes-\(routed).json",
                """
                {"backends": [{"name": "a", "kind": "llama-server", "url": "\(a.baseURL)"},
                              {"name": "b", "kind": "llama-server", "url": "\(b.baseURL)"}],
                 "route": ["a"], "routes": {"\(routed)": ["b"]}}
                """), [a, b]
        )
    }

    static func attempted(_ result: GuidedCommandTests.Result) throws -> [String] {
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
        return try #require(object["attempts"] as? [[String: Any]]).compactMap { $0["backend"] as? String }
    }

    @Test func theSchemaFilesNameSelectsItsRoute() throws {
        let (config, ports) = try Self.configuration(routed: "RewrittenNotification")
        let result = try GuidedCommandTests.guided(
            "generate", "--schema", "schemas/RewrittenNotification.json", "--prompt", "Rewrite",
            "--config", config, "--json")
        #expect(result.status == 3)
        #expect(try Self.attempted(result) == ["b"])
        withExtendedLifetime(ports) {}
    }

    @Test func anotherSchemaTakesTheDefaultRoute() throws {
        let (config, ports) = try Self.configuration(routed: "RewrittenNotification")
        let result = try GuidedCommandTests.guided(
            "generate", "--schema", "schemas/StepSuggestions.json", "--prompt", "Goal",
            "--config", config, "--json")
        #expect(try Self.attempted(result) == ["a"])
        withExtendedLifetime(ports) {}
    }

    @Test func typeNamesTheRouteAndBackendOverridesIt() throws {
        let (config, ports) = try Self.configuration(routed: "Notification")
        let typed = try GuidedCommandTests.guided(
            "generate", "--schema", "schemas/RewrittenNotification.json", "--prompt", "Rewrite",
            "--type", "Notification", "--config", config, "--json")
        #expect(try Self.attempted(typed) == ["b"])
        let chosen = try GuidedCommandTests.guided(
            "generate", "--schema", "schemas/RewrittenNotification.json", "--prompt", "Rewrite",
            "--type", "Notification", "--backend", "a", "--config", config, "--json")
        #expect(try Self.attempted(chosen) == ["a"])
        withExtendedLifetime(ports) {}
    }
}
