import Guided

extension OutputPolicy {
    /// This policy with the framework's default checks off and one generation per attempt: for
    /// tests about routing, configuration or transcripts, whose scripted outputs (the same answer
    /// every turn, a copied fact) are not what those defaults are measured on.
    var ownChecksOnly: OutputPolicy {
        var policy = self
        policy.defaultChecks = false
        if policy.candidates == nil { policy.candidates = .single }
        return policy
    }
}
