import Synchronization

/// The snapshots between the task generating a streamed response and a consumer that may read
/// more slowly than the model writes. Up to ``capacity`` unread items are kept; past that, an
/// unread partial is replaced by the next one: each holds the whole output so far, so the newest
/// says everything the older ones did, and memory stays bounded however far behind the consumer
/// falls (issue 23's probe: a server streaming many small events grew memory by about 1 GB/s).
/// Every other event (a restart, the outcome) is kept, in order. A partial becomes its element
/// only when read, so partials that are replaced cost nothing to build.
final class SnapshotQueue<Element: Sendable>: Sendable {
    /// What the queue holds: a partial (backend and whole text so far) or an event.
    private enum Item: Sendable {
        case partial(backend: String, text: String)
        case event(Element)
    }

    private struct State {
        var items: [Item] = []
        /// Set once the producer is done: success, or the error the stream ends with.
        var end: Result<Void, any Error>?
        var waiter: CheckedContinuation<Void, Never>?
    }

    /// How many unread items are kept before partials replace each other: a consumer that keeps
    /// up sees every snapshot.
    static var capacity: Int { 32 }

    private let state = Mutex(State())
    private let makePartial: @Sendable (_ backend: String, _ text: String) -> Element

    private init(makePartial: @escaping @Sendable (String, String) -> Element) { self.makePartial = makePartial }

    /// A stream of what `produce` puts in its queue, ended when `produce` returns or throws.
    /// Dropping the stream (or cancelling its reader) cancels `produce`.
    static func stream(
        partial makePartial: @escaping @Sendable (_ backend: String, _ text: String) -> Element,
        _ produce: @escaping @Sendable (SnapshotQueue<Element>) async throws -> Void
    ) -> AsyncThrowingStream<Element, any Error> {
        let queue = SnapshotQueue(makePartial: makePartial)
        let producer = Task {
            do {
                try await produce(queue)
                queue.finish(.success(()))
            } catch {
                queue.finish(.failure(error))
            }
        }
        let reader = Reader(queue: queue, producer: producer)
        return AsyncThrowingStream(unfolding: { try await reader.next() })
    }

    /// The whole output so far from `backend`; replaces the last partial not read yet when the
    /// queue is full.
    func partial(backend: String, text: String) {
        let capacity = Self.capacity
        put { items in
            if items.count >= capacity, case .partial = items.last {
                items[items.count - 1] = .partial(backend: backend, text: text)
            } else {
                items.append(.partial(backend: backend, text: text))
            }
        }
    }

    /// An event every reader must see (a restart, the outcome).
    func event(_ element: Element) { put { $0.append(.event(element)) } }

    private func finish(_ end: Result<Void, any Error>) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.end = end
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    private func put(_ change: (inout [Item]) -> Void) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard state.end == nil else { return nil }
            change(&state.items)
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// What a read finds: an item, the end, or nothing yet.
    private enum Step {
        case item(Item)
        case end(Result<Void, any Error>)
        case wait
    }

    /// The next element, nil at the end; throws the producer's error.
    fileprivate func next() async throws -> Element? {
        while true {
            let step = state.withLock { state -> Step in
                if !state.items.isEmpty { return .item(state.items.removeFirst()) }
                if let end = state.end { return .end(end) }
                return .wait
            }
            switch step {
            case .item(.partial(let backend, let text)): return makePartial(backend, text)
            case .item(.event(let element)): return element
            case .end(let end):
                try end.get()
                return nil
            case .wait:
                await withCheckedContinuation { continuation in
                    let ready = state.withLock { state -> Bool in
                        if !state.items.isEmpty || state.end != nil { return true }
                        state.waiter = continuation
                        return false
                    }
                    if ready { continuation.resume() }
                }
            }
        }
    }

    /// The stream's reading side: cancels the producer when the reader is cancelled or the stream
    /// is dropped (this object goes with the stream's unfolding closure).
    private final class Reader: Sendable {
        let queue: SnapshotQueue<Element>
        let producer: Task<Void, Never>

        init(queue: SnapshotQueue<Element>, producer: Task<Void, Never>) {
            self.queue = queue
            self.producer = producer
        }

        deinit { producer.cancel() }

        func next() async throws -> Element? {
            try await withTaskCancellationHandler {
                try await queue.next()
            } onCancel: {
                producer.cancel()
            }
        }
    }
}
