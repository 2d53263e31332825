import Foundation
import Guided
import GuidedCommandLine
import GuidedManagedServer

/// `guided models [--json]`: the model catalogue (``ModelCatalogue``), each model with how it is
/// prompted, its licence and size, the installed adapters trained on it, and whether `scripts/setup-model` has installed it;
/// `--json` prints the catalogue as `scripts/model-catalogue.json` holds it.
enum ModelsCommand {
    static func run(_ arguments: ParsedArguments) throws(CommandFailure) {
        if arguments.flag(.json) {
            Console.out(ModelCatalogue.document.jsonText(.pretty))
            return
        }
        let locator = ManagedServerLocator()
        for model in ModelCatalogue.models {
            let isDefault = model.name == ModelCatalogue.defaultModel ? " (default)" : ""
            let prompt = model.promptStyle == .chat ? "chat template" : "completion prompt"
            let installed = locator.adapters(configured: nil, for: model).adapters.map(\.name)
            let adapters = installed.isEmpty ? "" : ", adapters: " + installed.joined(separator: ", ")
            let size = String(format: "%.2f GB", Double(model.bytes) / 1e9)
            Console.out(
                Console.line(
                    "\(model.name)\(isDefault): \(model.title), \(size), \(prompt), \(model.licence)\(adapters) — "
                        + locator.installation(of: model)))
        }
    }
}
