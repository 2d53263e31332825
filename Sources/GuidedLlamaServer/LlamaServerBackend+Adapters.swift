import GuidedBackends
import GuidedJSON
import GuidedSchema
import GuidedServerBackends
import Synchronization

extension LlamaServerBackend {
    /// The adapter `adapter` as the server holds it (its id among the `--lora` files it was
    /// started with, and its calibration), or nil when it has not loaded it or its metadata is
    /// unusable.
    ///
    /// A server Guided starts knows its adapters from its own command line. Any other server is
    /// asked once, at `/lora-adapters`; each loaded adapter is known by its file's name without
    /// `.gguf` (`/models/house-style.gguf` is `house-style`), and calibrated by the metadata beside
    /// that file where this machine can read it (``AdapterMetadata``). A server that has no such
    /// endpoint (404) has none; one that cannot be asked now is asked again next time.
    func loadedAdapter(named adapter: ModelAdapter) async -> LoadedAdapter? {
        if let known = loadedAdapters.withLock({ $0 }) { return known[adapter.name].flatMap(Self.applicable) }
        guard let reply = try? await http.send(baseURL + "/lora-adapters", timeout: .seconds(5)) else { return nil }
        switch reply.status {
        case 200:
            let table = Self.adapterTable(reply.json)
            loadedAdapters.withLock { $0 = table }
            return table[adapter.name].flatMap(Self.applicable)
        case 404:
            loadedAdapters.withLock { $0 = [:] }
            return nil
        default:
            return nil
        }
    }

    /// The scale of every adapter the server is known to have loaded, for a request that applies
    /// the adapter `applied` (nil for none): 1 for it, 0 for every other. Nil while the server's
    /// adapters are unknown or it has none, so the request sends no `lora` field.
    func adapterScales(applying applied: Int?) -> [Int: Int]? {
        guard let table = loadedAdapters.withLock({ $0 }), !table.isEmpty else { return nil }
        return Dictionary(table.values.map { ($0.id, $0.id == applied ? 1 : 0) }) { first, _ in first }
    }

    /// `adapter`, unless its metadata made it unusable.
    static func applicable(_ adapter: LoadedAdapter) -> LoadedAdapter? {
        adapter.unusable == nil ? adapter : nil
    }

    /// The adapters of a `/lora-adapters` answer, by name: `[{"id": 0, "path": "…/house-style.gguf", …}]`,
    /// each calibrated by the metadata beside its path when this machine has it. Entries without
    /// an id or a path are left out. An adapter whose metadata is there but unusable is marked
    /// ``LoadedAdapter/unusable`` with the error: never applied (its requests are shown worked
    /// examples, as on a server without it) rather than applied with its calibration lost, and
    /// still listed at scale 0. Of two files with one name, the first counts.
    package static func adapterTable(_ json: GeneratedContent?) -> [String: LoadedAdapter] {
        var table: [String: LoadedAdapter] = [:]
        for entry in json?.arrayValue ?? [] {
            guard let id = entry["id"]?.intValue, let path = entry["path"]?.stringValue else { continue }
            let name = adapterName(ofFile: path)
            guard table[name] == nil else { continue }
            do {
                let metadata = try AdapterMetadata.read(besideWeights: path)
                table[name] = LoadedAdapter(id: id, calibration: metadata?.calibration)
            } catch {
                table[name] = LoadedAdapter(id: id, unusable: error.description)
            }
        }
        return table
    }

    /// `house-style` for `/models/house-style.gguf`: the file name without its folder and `.gguf`.
    package static func adapterName(ofFile path: String) -> String {
        let file = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        return file.hasSuffix(".gguf") ? String(file.dropLast(5)) : file
    }
}
