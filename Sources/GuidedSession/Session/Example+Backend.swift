import GuidedBackends
import GuidedSchema

extension Example {
    /// The example as a backend request carries it (for code that builds a ``BackendRequest``
    /// itself, such as a benchmark calling a backend directly).
    package var backendExample: BackendRequest.Example {
        BackendRequest.Example(input: input, grounding: grounding, output: content)
    }
}
