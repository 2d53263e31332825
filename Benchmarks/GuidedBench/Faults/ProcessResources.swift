import Foundation

/// What this process holds: open file descriptors, threads, live child processes. Read from
/// /proc, so a leaked transfer (socket), server thread or child shows up as a difference.
struct ProcessResources: Equatable, CustomStringConvertible {
    var descriptors: Int
    var threads: Int
    var children: Int

    static func now() -> ProcessResources {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let threads =
            status.split(separator: "\n").first { $0.hasPrefix("Threads:") }
            .flatMap { Int($0.dropFirst(8).trimmingCharacters(in: .whitespaces)) } ?? -1
        let me = String(getpid())
        let children = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { entry in
            guard Int(entry) != nil, let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8)
            else { return false }
            let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
            return fields.count > 1 && fields[1] == me
        }.count
        return ProcessResources(descriptors: descriptors, threads: threads, children: children)
    }

    /// Waits up to `timeout` for the counts to come back to `baseline` or below (threads and
    /// sockets of finished transfers end shortly after the transfer does).
    static func settle(to baseline: ProcessResources, timeout: Duration = .seconds(5)) async -> ProcessResources {
        let deadline = ContinuousClock.now + timeout
        var current = now()
        while !current.isWithin(baseline), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(50))
            current = now()
        }
        return current
    }

    func isWithin(_ baseline: ProcessResources) -> Bool {
        descriptors <= baseline.descriptors && threads <= baseline.threads && children <= baseline.children
    }

    var description: String { "\(descriptors) descriptors, \(threads) threads, \(children) children" }
}
