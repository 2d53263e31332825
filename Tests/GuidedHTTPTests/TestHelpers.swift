import GuidedHTTP
import GuidedTestSupport
import Testing

/// Runs `body` and returns the HTTPError it throws, or nil (any other error fails the test).
func httpError(_ body: () async throws -> Void) async -> HTTPError? {
    do {
        try await body()
        return nil
    } catch let error as HTTPError {
        return error
    } catch {
        Issue.record("not an HTTPError: \(error)")
        return nil
    }
}

/// Everything a stream produced.
struct StreamResult {
    var status: Int?
    var headers: [HTTPHeader] = []
    var lines: [String] = []
    var error: HTTPError?
    var otherError: (any Error)?
}

func collect(_ stream: AsyncThrowingStream<HTTPStreamEvent, any Error>) async -> StreamResult {
    var result = StreamResult()
    do {
        for try await event in stream {
            switch event {
            case .head(let status, let headers):
                #expect(result.status == nil, "head delivered twice")
                #expect(result.lines.isEmpty, "head after lines")
                result.status = status
                result.headers = headers
            case .line(let line):
                #expect(result.status != nil, "line before head")
                result.lines.append(line)
            }
        }
    } catch let error as HTTPError {
        result.error = error
    } catch {
        result.otherError = error
    }
    return result
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
