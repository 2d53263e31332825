import Foundation
import Guided
import GuidedHTTP
import GuidedManagedServer
import GuidedSchema
import GuidedServerBackends

extension AdversarialBenchmark {
    /// Sends each grammar to a managed llama-server (1 slot, its default 4,000 MB address-space
    /// limit) for 8 greedy tokens; the server must answer (200, or 400 for a grammar it refuses)
    /// and still be healthy afterwards. Returns the number of cases where it was not.
    func feedLlamaServer(_ rows: [Row]) async -> Int {
        var settings = ManagedLlamaServerBackend.Settings()
        settings.slots = 1
        let managed = ManagedLlamaServerBackend(name: "adversarial", settings: settings)
        defer { Task { await managed.shutdown() } }
        let availability = await managed.availability()
        guard availability.isAvailable, let port = await managed.port else {
            print("llama-server unavailable: \(availability)")
            return 1
        }
        var http = JSONOverHTTP(client: HTTPClient(), backend: "adversarial", timeout: .seconds(timeout))
        http.idleTimeout = .seconds(timeout)
        print("\nevery grammar to llama-server (127.0.0.1:\(port), 8 tokens, greedy)")
        print("| case | grammar | reply | time | server healthy after |")
        print("|---|---|---|---|---|")
        var failures = 0
        for row in rows {
            guard let grammar = row.grammar else { continue }
            let body = GeneratedContent(properties: [
                ("prompt", "Output:"), ("grammar", GeneratedContent(grammar)), ("n_predict", 8), ("top_k", 1),
                ("temperature", 0), ("cache_prompt", false),
            ])
            let started = ContinuousClock.now
            let reply: String
            var answered = false
            do {
                let response = try await http.send("http://127.0.0.1:\(port)/completion", body: body)
                answered = response.status == 200 || response.status == 400
                let detail =
                    response.status == 200
                    ? (response.json?.value(at: ["content"])?.stringValue ?? "")
                    : (response.json?.value(at: ["error", "message"])?.stringValue ?? response.text)
                reply = "\(response.status): \(Self.cut(String(detail.prefix(60))))"
            } catch {
                reply = "**\(Self.cut(error.description))**"
            }
            let elapsed = ContinuousClock.now - started
            let healthy = await managed.availability().isAvailable
            if !answered || !healthy { failures += 1 }
            print(
                "| \(row.adversarial.name) | \(Self.size(of: grammar)) | \(reply) | "
                    + String(
                        format: "%.2f s",
                        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
                    + " | \(healthy ? "yes" : "**no**") |")
        }
        print("llama-server peak RSS: \(Self.childPeakMegabytes()) MB")
        await managed.shutdown()
        return failures
    }

    /// The largest peak resident memory (VmHWM) among this process's children: the llama-server.
    static func childPeakMegabytes() -> Int {
        let me = String(getpid())
        var peak = 0
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] where Int(entry) != nil {
            guard let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let fields = stat.split(separator: ")").last?.split(separator: " "), fields.count > 1,
                fields[1] == me,
                let status = try? String(contentsOfFile: "/proc/\(entry)/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                let kilobytes = Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces).dropLast(3))
            else { continue }
            peak = max(peak, kilobytes / 1024)
        }
        return peak
    }
}
