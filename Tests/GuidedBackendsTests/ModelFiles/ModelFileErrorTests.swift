import GuidedSchema
import Testing

@testable import GuidedManagedServer

/// How a model file error reads.
@Suite struct ModelFileErrorTests {
    @Test func theDescriptionNamesTheFileTheMessageAndTheRemedy() {
        let error = ModelFileError(.truncated, path: "/m.gguf", offset: 9, "the file ends inside the version")
        #expect(
            error.description
                == "/m.gguf: error: the file ends inside the version — delete the file and download it again")
        #expect(error.codeName == "truncated")
    }

    @Test func aChecksumMismatchNamesBothDigests() {
        let error = ModelFileError.checksumMismatch(path: "/m.gguf", actual: "ab12", expected: "cd34")
        #expect(
            error
                == ModelFileError(
                    .checksumMismatch, path: "/m.gguf",
                    "the model file /m.gguf has sha256 ab12; the catalogue expects cd34"))
    }
}
