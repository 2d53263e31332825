import Foundation
import GuidedTestTraits
import Testing

/// The probe's implicit `./guided.json` that is no configuration (`cases_wrong`,
/// `implicit-config-*`, `guided backends` in the folder holding it): a sparse file past the 64 MiB
/// read limit, an empty file, a link to a folder, a link to `/dev/zero`. Each is a usage error
/// naming `guided.json` and saying what is wrong, never the built-in default used in its place.
@Suite(.ownThreads) struct ProbeImplicitConfigurationTests {
    static let cases: [ProbeCase] = [
        ProbeCase(
            name: "implicit-config-sparse-64mib-guided", arguments: ["backends"],
            files: ["guided.json": .sparse(64 * 1024 * 1024 + 1)], runsInFolder: true, exits: [2],
            stderr: #"guided\.json.*(64 MiB|too large)"#),
        ProbeCase(
            name: "implicit-config-empty-guided", arguments: ["backends"], files: ["guided.json": .bytes([])],
            runsInFolder: true, exits: [2], stderr: #"guided\.json.*(end of data|empty)"#),
        ProbeCase(
            name: "implicit-config-symlink-to-directory-guided", arguments: ["backends"],
            files: ["cfgdir": .folder, "guided.json": .link("{dir}/cfgdir")], runsInFolder: true, exits: [2],
            stderr: #"guided\.json.*directory"#),
        ProbeCase(
            name: "implicit-config-symlink-to-dev-zero-guided", arguments: ["backends"],
            files: ["guided.json": .link("/dev/zero")], runsInFolder: true, exits: [2],
            stderr: #"guided\.json.*(not a regular file|device)"#),
    ]

    @Test(arguments: cases) func anImplicitConfigurationThatIsNoConfigurationIsNamed(_ probe: ProbeCase) throws {
        try ProbeRun.check(probe)
    }
}
