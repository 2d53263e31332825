import GuidedBackends
import GuidedConfigurationFile
import GuidedSchema
import GuidedValidation

/// What one session request generates, whatever the output's shape — a ``Generable`` type,
/// a runtime schema, or free text — and how it is checked, routed and replaced when no model
/// output passes. Every public `respond` builds one and hands it to the same core.
struct OutputPlan<Value: Sendable>: Sendable {
    /// The schema the output must satisfy; nil for free text.
    var schema: GenerationSchema?
    /// The name the configuration's `routes` and `outputs` know the output by (a type name).
    var name: String?
    /// A grammar compiled at build time for `schema`, if any.
    var precompiledGrammar: String?
    /// Grounded decoding unless the options or policy say otherwise.
    var groundedByDefault = false
    /// Validators, clean-ups, route, candidates, grounded decoding, history and fallback.
    var policy: OutputPolicy<Value>?
    /// The value content amounts to, or nil when it does not decode.
    var decode: @Sendable (GeneratedContent) -> Value?
    /// The content of a value, to check a fallback against the schema.
    var encode: @Sendable (Value) -> GeneratedContent
    /// Why the output type cannot be generated at all (a property without a schema); nil when it can.
    var declarationError: SchemaError? = nil
    /// Whether the call gave its own fallback, which beats a configured one.
    var fallbackFromCall = false
    /// The configuration's fallback for the output type and the settings it came from (for
    /// errors); it replaces the policy's fallback.
    var configuredFallback: (FallbackSetting, OutputOverrides)? = nil
}

extension OutputPlan where Value: Generable {
    /// The plan for a Generable type and its registered (or per-call) policy.
    static func typed(_ type: Value.Type, policy: OutputPolicy<Value>?) -> OutputPlan {
        var declarationError: SchemaError?
        do { try Value.checkDeclaration() } catch { declarationError = error }
        return OutputPlan(
            schema: Value.generationSchema, name: String(describing: Value.self),
            precompiledGrammar: (Value.self as? any PrecompiledGenerable.Type)?.precompiledGrammar,
            groundedByDefault: Value.configuration.groundedDecoding, policy: policy,
            decode: { try? Value($0) }, encode: { $0.generatedContent }, declarationError: declarationError)
    }
}

extension OutputPlan where Value == GeneratedContent {
    /// The plan for a runtime schema: content is the value.
    static func content(_ schema: GenerationSchema, name: String?, policy: OutputPolicy<GeneratedContent>?)
        -> OutputPlan
    {
        OutputPlan(schema: schema, name: name, policy: policy, decode: { $0 }, encode: { $0 })
    }
}

extension OutputPlan where Value == String {
    /// The plan for free text: no schema, the text is the value.
    static func text(policy: OutputPolicy<String>?) -> OutputPlan {
        OutputPlan(schema: nil, name: nil, policy: policy, decode: { $0.stringValue }, encode: { GeneratedContent($0) })
    }
}
