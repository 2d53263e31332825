public import GuidedBackends
import GuidedConfigurationFile
public import GuidedSchema

extension LanguageModelSession {
    /// Whether any backend of `type`'s route can serve now: the first that can, or every
    /// backend's reason. Answers come from the router's availability cache, so asking is cheap.
    ///
    /// ```swift
    /// if case .unavailable(let reasons) = await session.availability(for: StepSuggestions.self) {
    ///     showAuthoredCopyOnly(reasons)   // e.g. [("embedded", binaryMissing: …)]
    /// }
    /// ```
    /// - Parameter type: The output type whose route to check: the configuration's route for
    ///   the type's name (`routes` or `outputs`), else its policy's route, else the default route.
    public func availability<Output: Generable>(for type: Output.Type) async -> SessionAvailability {
        await availability(
            of: routeNames(for: String(describing: type), policyRoute: policy(for: type)?.route))
    }

    /// Whether any backend of the default route (``GuidedConfiguration/route``) can serve now.
    public func availability() async -> SessionAvailability {
        await availability(of: configuration.route)
    }

    /// The first backend of `names` that can serve, or every backend's reason in route order.
    func availability(of names: [String]) async -> SessionAvailability {
        var reasons: [(backend: String, reason: UnavailableReason)] = []
        for backend in configuration.backends(named: names) {
            switch await router.availability.availability(of: backend) {
            case .available: return .available(backend: backend.name)
            case .unavailable(let reason): reasons.append((backend.name, reason))
            }
        }
        return .unavailable(reasons)
    }

    /// Gets every routed backend ready before the first request: the default route, the
    /// configuration's `routes` and `outputs` routes, and the route of each registered type. A
    /// managed llama-server is started and loads its model now instead of during the first
    /// `respond`. The backends are asked at once, not one after another; returns when each
    /// answered (or failed to), and the answers are cached as availability.
    ///
    /// ```swift
    /// let session = LanguageModelSession(configuration: try .load())
    /// Task { await session.prewarm() }   // while the app shows its first screen
    /// ```
    public func prewarm() async {
        var names = configuration.route
        for route in configuration.routes.values { names += route }
        for route in registeredRoutes { names += route }
        var seen = Set<String>()
        let backends = configuration.backends(named: names).filter { seen.insert($0.name).inserted }
        let availability = router.availability
        await withTaskGroup(of: Void.self) { group in
            for backend in backends {
                group.addTask { _ = await availability.availability(of: backend) }
            }
        }
    }
}

/// Whether a session can get model output now.
public enum SessionAvailability: Sendable {
    /// At least this backend (the first of the route that can) serves.
    case available(backend: String)
    /// No backend of the route can serve: each one's reason, in route order. Requests now get
    /// the authored fallback (or "no suggestion").
    case unavailable([(backend: String, reason: UnavailableReason)])

    /// Whether a backend can serve.
    package var isAvailable: Bool { if case .available = self { true } else { false } }
}
