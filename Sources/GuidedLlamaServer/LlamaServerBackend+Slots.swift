import GuidedBackends
import GuidedHTTP
import GuidedSchema
import GuidedServerBackends

extension LlamaServerBackend {
    /// Waits, before sending, until `count` of the server's slots (`total_slots` from `/props`)
    /// are free here and in this user's other processes, so a request beyond the slots queues in
    /// the client — where its idle clock has not started — rather than silently in the server's
    /// queue (see ``SlotGate`` and ``SlotLocks``). Returns
    /// the slots taken, for ``giveBack(_:)`` (none when the server does not report its slots),
    /// and the idle timeout left for the request. Throws `timeout` when the server sent nothing
    /// to any request for the idle timeout while this one waited, and `cancelled` when the task
    /// is cancelled.
    func takeSlots(_ count: Int) async throws(BackendError) -> SlotTicket {
        guard let slots = try? await slotCount() else { return SlotTicket(taken: 0, idleTimeout: http.idleTimeout) }
        let taken = min(max(1, count), slots)
        let began = ContinuousClock.now
        let ticket = try await waitForSlots(taken, of: slots)
        try giveBackIfTooLate(ticket, waited: began.duration(to: ticket.acquired))
        return ticket
    }

    /// A request that waited for its turn and got it with less of its deadline left
    /// (``RequestDeadline``) than the latest generation on this server took, in any process,
    /// would be cut halfway: it gives its slots to the next waiter at once and throws
    /// `deadlineTooClose`. One that did not wait is sent as before (the router's own budget
    /// judges it).
    private func giveBackIfTooLate(_ ticket: SlotTicket, waited: Duration) throws(BackendError) {
        guard waited > .milliseconds(100), let deadline = RequestDeadline.current?.instant,
            let typical = slotLocks.lastGeneration()
        else { return }
        let left = ticket.acquired.duration(to: deadline)
        guard left < typical else { return }
        giveBack(ticket, generated: false)
        throw BackendError(
            .deadlineTooClose, backend: name,
            "its turn on the server came after \(waited.secondsText) with \(max(.zero, left).secondsText) left, and a generation "
                + "there lately took \(typical.secondsText): it gave its turn to the next request")
    }

    private func waitForSlots(_ taken: Int, of slots: Int) async throws(BackendError) -> SlotTicket {
        switch await slotGate.acquire(taken, of: slots, idleTimeout: http.idleTimeout) {
        case .granted(let quiet):
            // Silence seen while waiting counts: a server that stopped answering costs one idle
            // timeout in all, not one in the queue and another once sent.
            let left = http.idleTimeout > .zero ? max(.milliseconds(10), http.idleTimeout - quiet) : .zero
            // Then the same slots across processes; the deadline bounds that wait.
            let locks: SlotLocks.Held?
            do { locks = try await slotLocks.acquire(taken, of: slots, since: RequestDeadline.current?.began) } catch {
                slotGate.release(taken)
                throw BackendError(
                    .cancelled, backend: name,
                    "the request was cancelled while it waited for a slot other processes held")
            }
            return SlotTicket(taken: taken, idleTimeout: left, locks: locks, acquired: .now)
        case .cancelled:
            throw BackendError(.cancelled, backend: name, "the request was cancelled while it waited for a free slot")
        case .silent:
            throw BackendError(
                .timeout, backend: name,
                "waited for one of the server's \(slots) slot\(slots == 1 ? "" : "s"), and the server sent nothing "
                    + "to any request for \(http.idleTimeout) (idle timeout)")
        }
    }

    /// Gives back slots taken by ``takeSlots(_:)``; when they were `generated` in (and the
    /// request was not cancelled), how long that took is recorded for the next waiters.
    func giveBack(_ ticket: SlotTicket, generated: Bool = true) {
        if generated, ticket.taken > 0, !Task.isCancelled {
            slotLocks.record(generation: ticket.acquired.duration(to: .now))
        }
        ticket.locks?.release()
        if ticket.taken > 0 { slotGate.release(ticket.taken) }
    }

    /// `/completion` streamed, with the idle timeout `ticket` leaves.
    func completionRequest(_ body: GeneratedContent, _ ticket: SlotTicket) -> HTTPRequest {
        var request = http.streamRequest(baseURL + "/completion", body: body)
        request.idleTimeout = ticket.idleTimeout
        return request
    }
}

/// Slots taken from a ``SlotGate`` for one request, and the idle timeout left for it.
struct SlotTicket {
    /// Slots taken (0: the server reports none, so nothing was taken).
    var taken: Int
    /// The longest the request may now receive nothing.
    var idleTimeout: Duration
    /// The slots' locks across processes (nil when none could be taken: see ``SlotLocks``).
    var locks: SlotLocks.Held? = nil
    /// When the slots were had.
    var acquired: ContinuousClock.Instant = .now
}
