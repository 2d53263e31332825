import GuidedTestSupport
import Testing

@testable import GuidedLlamaServer

/// The slot gate's idle-timeout rules on a ``ManualClock``: time moves only when a test says
/// so, so how long a queued request may wait on a silent server is checked exactly, however
/// loaded the machine running the tests is. (`SlotQueueTests` drives the same gate through a
/// backend and a stub server, on real time, for what a request sees.)
@Suite struct SlotGateTests {
    static let idle: Duration = .seconds(3)

    /// A gate on a manual clock with its one slot taken, as by a request the server is serving.
    static func busyGate() async -> (ManualClock, SlotGate<ManualClock>) {
        let clock = ManualClock()
        let gate = SlotGate(clock: clock)
        #expect(await gate.acquire(1, of: 1, idleTimeout: idle) == .granted(quietFor: .zero))
        return (clock, gate)
    }

    /// Starts `count` waits on `gate` for one of one slot, each in its own task, and returns once
    /// all of them are in line with their idle timers set on `clock`.
    static func queue(
        _ count: Int, on gate: SlotGate<ManualClock>, clock: ManualClock
    ) async throws -> [Task<SlotGate<ManualClock>.Grant, Never>] {
        let (waiting, sleeping) = (gate.waiting, clock.sleepers)
        let tasks = (0..<count).map { _ in Task { await gate.acquire(1, of: 1, idleTimeout: idle) } }
        try #require(await eventually { gate.waiting == waiting + count }, "the waits never got in line")
        try #require(await clock.waitForSleepers(sleeping + count), "the waits set no idle timers")
        return tasks
    }

    @Test func queuedRequestsOnASilentServerAllGiveUpOneIdleTimeoutAfterTheyBeganWaiting() async throws {
        let (clock, gate) = await Self.busyGate()
        let queued = try await Self.queue(2, on: gate, clock: clock)

        clock.advance(by: Self.idle - .milliseconds(1))
        #expect(gate.waiting == 2, "a waiter gave up before the idle timeout")
        clock.advance(by: .milliseconds(1))
        // Both at once, one idle timeout after they began: not one after the other.
        try #require(await eventually { gate.waiting == 0 }, "a waiter outlived the idle timeout")
        for task in queued { #expect(await task.value == .silent) }
        #expect(gate.waiting == 0)
        #expect(gate.inFlight == 1, "giving up must not take or free the slot in use")
    }

    @Test func aRequestThatJoinsTheLineLaterCountsItsIdleTimeoutFromWhenItJoined() async throws {
        let (clock, gate) = await Self.busyGate()
        let early = try await Self.queue(1, on: gate, clock: clock)
        clock.advance(by: .seconds(2))
        let late = try await Self.queue(1, on: gate, clock: clock)

        clock.advance(by: .seconds(1))
        try #require(await eventually { gate.waiting <= 1 }, "the first waiter outlived the idle timeout")
        #expect(await early[0].value == .silent)
        #expect(gate.waiting == 1, "the later request gave up on the earlier one's clock")
        clock.advance(by: .seconds(2))
        try #require(await eventually { gate.waiting == 0 }, "the later waiter outlived its idle timeout")
        #expect(await late[0].value == .silent)
    }

    @Test func aServerStreamingToOthersKeepsItsQueue() async throws {
        let (clock, gate) = await Self.busyGate()
        let queued = try await Self.queue(1, on: gate, clock: clock)
        // Ten idle timeouts pass, with a token to the request being served every 2 s.
        for _ in 0..<15 {
            clock.advance(by: .seconds(2))
            gate.progress()
        }
        #expect(gate.waiting == 1, "a waiter gave up on a server that kept sending")
        clock.advance(by: .seconds(1))
        gate.release(1)
        try #require(await eventually { gate.waiting == 0 }, "the waiter was not let in")
        // Granted with the quiet time it saw, so once sent it keeps only what is left.
        #expect(await queued[0].value == .granted(quietFor: .seconds(1)))
        #expect(gate.inFlight == 1)
    }

    @Test func silenceSeenWhileWaitingIsCountedAgainstTheRequestOnceGranted() async throws {
        let (clock, gate) = await Self.busyGate()
        let queued = try await Self.queue(1, on: gate, clock: clock)
        clock.advance(by: .seconds(2))
        gate.release(1)
        try #require(await eventually { gate.waiting == 0 }, "the waiter was not let in")
        #expect(await queued[0].value == .granted(quietFor: .seconds(2)))
    }

    @Test func waitersAreServedFirstComeFirstServedAndByWeight() async throws {
        let clock = ManualClock()
        let gate = SlotGate(clock: clock)
        #expect(await gate.acquire(2, of: 2, idleTimeout: .zero) == .granted(quietFor: .zero))
        let wide = Task { await gate.acquire(2, of: 2, idleTimeout: .zero) }
        try #require(await eventually { gate.waiting == 1 })
        let narrow = Task { await gate.acquire(1, of: 2, idleTimeout: .zero) }
        try #require(await eventually { gate.waiting == 2 })

        gate.release(1)
        // One slot is free: the narrow request fits, but it came second and waits its turn.
        #expect(gate.waiting == 2)
        gate.release(1)
        try #require(await eventually { gate.waiting == 1 }, "the first in line was not granted")
        #expect(await wide.value == .granted(quietFor: .zero))
        #expect(gate.waiting == 1)
        gate.release(2)
        try #require(await eventually { gate.waiting == 0 }, "the second in line was not granted")
        #expect(await narrow.value == .granted(quietFor: .zero))
    }

    @Test func withoutAnIdleTimeoutAWaiterWaitsThroughAnySilence() async throws {
        let clock = ManualClock()
        let gate = SlotGate(clock: clock)
        _ = await gate.acquire(1, of: 1, idleTimeout: .zero)
        let queued = Task { await gate.acquire(1, of: 1, idleTimeout: .zero) }
        try #require(await eventually { gate.waiting == 1 })
        clock.advance(by: .seconds(3600))
        #expect(gate.waiting == 1)
        #expect(clock.sleepers == 0, "a wait with no idle timeout set a timer")
        gate.release(1)
        try #require(await eventually { gate.waiting == 0 }, "the waiter was not let in")
        // The quiet time is still reported; a request with no idle timeout has none to shorten.
        #expect(await queued.value == .granted(quietFor: .seconds(3600)))
    }

    @Test func cancellingAWaiterEndsItsWaitAndLetsTheNextIn() async throws {
        let (clock, gate) = await Self.busyGate()
        let first = try await Self.queue(1, on: gate, clock: clock)
        let second = try await Self.queue(1, on: gate, clock: clock)
        first[0].cancel()
        try #require(await eventually { gate.waiting == 1 }, "the cancelled wait did not end")
        #expect(await first[0].value == .cancelled)
        gate.release(1)
        try #require(await eventually { gate.waiting == 0 }, "the next in line was not let in")
        #expect(await second[0].value == .granted(quietFor: .zero))
    }
}
