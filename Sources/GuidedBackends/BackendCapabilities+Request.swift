extension BackendCapabilities {
    /// Why a backend with these capabilities cannot serve `request`, or nil when it can.
    ///
    /// The router skips such a backend as `unavailable` with code
    /// ``UnavailableReason/Code/unsupported`` instead of sending a request it would have to
    /// refuse or, worse, serve in another way than asked: a schema with neither a grammar nor
    /// JSON Schema to enforce it, or a sampling mode or seed the backend cannot express.
    package func unsupportedReason(for request: BackendRequest) -> UnavailableReason? {
        if request.schema != nil && !grammar && !jsonSchema {
            return request.choosesTool ? Self.cannotCallTools : Self.cannotConstrain
        }
        guard let sampling = request.options.sampling else { return nil }
        switch sampling.kind {
        case .greedy where !greedy:
            return UnavailableReason(.unsupported, "it cannot sample greedily")
        case .randomTopK where !topK:
            return UnavailableReason(.unsupported, "it cannot express top-k sampling")
        case .randomProbabilityThreshold where !topP:
            return UnavailableReason(.unsupported, "it cannot express top-p (nucleus) sampling")
        default:
            break
        }
        if sampling.seed != nil && !seed {
            return UnavailableReason(.unsupported, "it cannot honour a seed, so the output would not be reproducible")
        }
        return nil
    }

    /// Why a backend with neither a grammar nor JSON Schema is skipped for structured output.
    package static let cannotConstrain = UnavailableReason(
        .unsupported, "it cannot constrain output to a schema (no grammar, no JSON Schema)")

    /// Why such a backend is skipped for a tool choice (``BackendRequest/choosesTool``): it could
    /// not hold the model to a declared tool and arguments its schema admits.
    package static let cannotCallTools = UnavailableReason(
        .unsupported, "it cannot call tools: it has no grammar or JSON Schema to hold a call to a declared tool")
}
