import Foundation
import Guided
import Testing

/// The environment `GuidedConfiguration.load()` reads by default is the process's own.
@Suite struct ProcessEnvironmentTests {
    @Test func theEnvironmentIsReadWithoutFoundationAsFoundationSeesIt() {
        let ours = ProcessEnvironment.values
        #expect(ours["PATH"] != nil)
        #expect(ours == ProcessInfo.processInfo.environment)
    }
}
