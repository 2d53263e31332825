import Foundation
import Guided
import Testing

/// The environment `GuidedConfiguration.load()` reads by default is the process's own.
@Suite struct ProcessEnvironmentTests {
    @Test func theEnvironmentIsReadWithoutFoundationAsFoundationSeesIt() {
        // The one variable tests set (the OpenAI stub's key, set once per process) is set before
        // the two reads, so a test running in parallel cannot change the environment between them.
        _ = OpenAIBackendStubTests.secret
        let ours = ProcessEnvironment.values
        #expect(ours["PATH"] != nil)
        #expect(ours == ProcessInfo.processInfo.environment)
    }
}
