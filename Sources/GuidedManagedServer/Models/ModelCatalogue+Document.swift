import GuidedBackends
public import GuidedSchema

extension ModelCatalogue {
    /// The catalogue as `scripts/model-catalogue.json` holds it for `scripts/install-models`:
    /// `{"defaultModel": …, "models": [{"name", "title", "file", "bytes", "sha256", "licence",
    /// "promptStyle", "contextSize", "parts": [{"package", "version", "path"}]}]}`.
    /// `guided models --json` prints it; a test keeps the file equal to it.
    public static var document: GeneratedContent {
        ["defaultModel": GeneratedContent(defaultModel), "models": GeneratedContent(elements: models.map(\.document))]
    }
}

extension CatalogueModel {
    /// The entry as ``ModelCatalogue/document`` lists it.
    public var document: GeneratedContent {
        GeneratedContent(properties: [
            ("name", GeneratedContent(name)), ("title", GeneratedContent(title)), ("file", GeneratedContent(file)),
            ("bytes", GeneratedContent(bytes)), ("sha256", GeneratedContent(sha256)),
            ("licence", GeneratedContent(licence)), ("promptStyle", GeneratedContent(promptStyle.rawValue)),
            ("contextSize", GeneratedContent(contextSize)),
            (
                "parts",
                GeneratedContent(
                    elements: parts.map { part in
                        GeneratedContent(properties: [
                            ("package", GeneratedContent(part.package)), ("version", GeneratedContent(part.version)),
                            ("path", GeneratedContent(part.path)),
                        ])
                    })
            ),
        ])
    }
}
