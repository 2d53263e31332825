import GuidedBackends
public import GuidedSchema

/// A configuration: named backends and the order to try them in.
///
/// ```json
/// {"backends": [{"name": "local", "kind": "llama-server", "url": "http://127.0.0.1:8080"},
///               {"name": "embedded", "kind": "managed-llama-server"}],
///  "route": ["local", "embedded"]}
/// ```
/// Top-level keys: `backends` (required, a non-empty array), `route` (optional; the order of
/// backend names to try, default: the order of `backends`), `routes` (optional; per output type
/// name, its own order, e.g. `{"StepSuggestions": ["embedded"]}`), `routing` (optional; the
/// deadline and retries, see ``RoutePolicy``), `outputs` (optional; per output type name,
/// its route, sampling options, candidates, validators and fallback, see `OutputOverrides`),
/// `version` (optional, must be 1).
/// Each backend's keys are documented by its kind; unknown keys are errors.
public struct GuidedConfiguration: Sendable {
    /// The backends, in file order.
    public var backends: [any LanguageModelBackend]
    /// Names in the order to try them.
    public var route: [String]
    /// Per output type (by Swift type name, e.g. `StepSuggestions`): names in the order to try them.
    public var routes: [String: [String]]
    /// The deadline of one request across the route and the tries per backend.
    public var routing: RoutePolicy
    /// Per output type (by Swift type name): what an operator set for it in `outputs`. A route
    /// given there is also in ``routes``.
    package var outputs: [String: OutputOverrides]

    /// A configuration built in code. `route` defaults to the backends in the order given;
    /// `routes` maps an output type's name to its own order.
    public init(
        backends: [any LanguageModelBackend], route: [String]? = nil, routes: [String: [String]] = [:],
        routing: RoutePolicy = RoutePolicy()
    ) {
        self.init(backends: backends, route: route, routes: routes, routing: routing, outputs: [:])
    }

    /// A configuration with per-output settings, as a configuration file's `outputs` gives them.
    package init(
        backends: [any LanguageModelBackend], route: [String]? = nil, routes: [String: [String]] = [:],
        routing: RoutePolicy = RoutePolicy(), outputs: [String: OutputOverrides]
    ) {
        self.backends = backends
        self.route = route ?? backends.map(\.name)
        self.routes = routes.merging(outputs.compactMapValues(\.route)) { _, configured in configured }
        self.routing = routing
        self.outputs = outputs
    }

    /// The backend configured as `name`; nil when no backend has that name.
    public func backend(named name: String) -> (any LanguageModelBackend)? { backends.first { $0.name == name } }

    /// The backends in route order.
    public var routedBackends: [any LanguageModelBackend] { backends(named: route) }

    /// The backends configured under `names`, in that order, unknown names left out: one pass
    /// over each list, where a ``backend(named:)`` per name would make a route of every backend
    /// quadratic (50,000 backends hung `guided generate` for minutes).
    public func backends(named names: [String]) -> [any LanguageModelBackend] {
        var byName: [String: any LanguageModelBackend] = [:]
        for backend in backends where byName[backend.name] == nil { byName[backend.name] = backend }
        return names.compactMap { byName[$0] }
    }

    /// Reads a configuration document, building each backend with `registry`.
    public static func from(_ document: GeneratedContent, file: String? = nil, registry: BackendRegistry)
        throws(ConfigurationError) -> GuidedConfiguration
    {
        func fail(_ message: String, _ pointer: JSONPointer, _ remedy: String) -> ConfigurationError {
            ConfigurationError(message, remedy: remedy, at: pointer, file: file)
        }
        guard let top = document.properties else {
            throw fail("a configuration must be a JSON object", .root, "write {\"backends\": [...]}")
        }
        for property in top
        where !["backends", "route", "routes", "routing", "outputs", "version"].contains(property.name) {
            throw fail(
                "unknown key \"\(property.name)\"", JSONPointer(tokens: [property.name]),
                "remove it; known keys are backends, outputs, route, routes, routing, version")
        }
        if let version = document["version"], version.intValue != 1 {
            throw fail(
                "unsupported version \(version.jsonText())", JSONPointer(tokens: ["version"]), "write \"version\": 1")
        }
        guard let entries = document["backends"]?.arrayValue, !entries.isEmpty else {
            throw fail(
                "\"backends\" must be a non-empty array", JSONPointer(tokens: ["backends"]), "list at least one backend"
            )
        }
        var backends: [any LanguageModelBackend] = []
        // The names so far, for the duplicate and route checks: a scan of the backends per name
        // made 50,000 backends take a minute.
        var names: Set<String> = []
        for (index, entry) in entries.enumerated() {
            let pointer = JSONPointer(tokens: ["backends", String(index)])
            guard entry.properties != nil else {
                throw fail("a backend must be an object", pointer, "write {\"name\": …, \"kind\": …}")
            }
            if let name = entry["name"], name.stringValue == nil {
                throw fail(
                    "a backend's \"name\" must be a string, not \(name.jsonText())", pointer.appending("name"),
                    "write it in quotes: \"name\": \"local\"")
            }
            guard let name = entry["name"]?.stringValue, !name.isEmpty else {
                throw fail("a backend needs a \"name\"", pointer.appending("name"), "add \"name\": \"local\"")
            }
            try BackendConfiguration.checkName(name, at: pointer.appending("name"), file: file)
            guard let kind = entry["kind"]?.stringValue else {
                throw fail(
                    "backend \"\(name)\" needs a \"kind\"", pointer.appending("kind"),
                    "add \"kind\": one of \(registry.kinds.joined(separator: ", "))")
            }
            guard names.insert(name).inserted else {
                throw fail(
                    "two backends are named \"\(name)\"", pointer.appending("name"), "give each backend its own name")
            }
            backends.append(
                try registry.makeBackend(
                    BackendConfiguration(name: name, kind: kind, entry: entry, pointer: pointer, file: file)))
        }
        var route: [String]?
        if let list = document["route"] {
            guard let elements = list.arrayValue, elements.allSatisfy({ $0.stringValue != nil }) else {
                throw fail(
                    "\"route\" must be an array of backend names", JSONPointer(tokens: ["route"]),
                    "write \"route\": [\"local\"]")
            }
            route = elements.map { $0.stringValue! }
            for (index, name) in route!.enumerated() where !names.contains(name) {
                throw fail(
                    "route names the unknown backend \"\(name)\"", JSONPointer(tokens: ["route", String(index)]),
                    "use one of: \(backends.map(\.name).joined(separator: ", "))")
            }
        }
        var routes: [String: [String]] = [:]
        if let table = document["routes"] {
            guard let entries = table.properties else {
                throw fail(
                    "\"routes\" must map output type names to arrays of backend names", JSONPointer(tokens: ["routes"]),
                    "write \"routes\": {\"StepSuggestions\": [\"embedded\"]}")
            }
            for entry in entries {
                let pointer = JSONPointer(tokens: ["routes", entry.name])
                guard let list = entry.value.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
                    throw fail("a route must be an array of backend names", pointer, "write [\"embedded\"]")
                }
                let route = list.map { $0.stringValue! }
                for (index, name) in route.enumerated() where !names.contains(name) {
                    throw fail(
                        "route names the unknown backend \"\(name)\"", pointer.appending(index),
                        "use one of: \(backends.map(\.name).joined(separator: ", "))")
                }
                routes[entry.name] = route
            }
        }
        var routing = RoutePolicy()
        if let settings = document["routing"] { routing = try RoutePolicy.from(settings, file: file) }
        let outputs = try readOutputs(document, file: file, backends: backends.map(\.name), routes: routes)
        return GuidedConfiguration(backends: backends, route: route, routes: routes, routing: routing, outputs: outputs)
    }
}
