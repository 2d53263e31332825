/// Runs up to `count` jobs, at most `width` at a time, each as soon as a slot frees (a closed
/// loop: the load a fixed number of app users puts on the route). With `until`, no job starts
/// after that instant (those started finish), so a run can be time-boxed. Returns how many ran.
enum Concurrently {
    @discardableResult
    static func run(
        _ count: Int, width: Int, until deadline: ContinuousClock.Instant? = nil,
        _ job: @escaping @Sendable (Int) async -> Void
    ) async -> Int {
        func open(_ index: Int) -> Bool { index < count && deadline.map { ContinuousClock.now < $0 } ?? true }
        return await withTaskGroup(of: Void.self) { group in
            var next = 0
            while next < max(1, width), open(next) {
                let index = next
                group.addTask { await job(index) }
                next += 1
            }
            while await group.next() != nil, open(next) {
                let index = next
                group.addTask { await job(index) }
                next += 1
            }
            await group.waitForAll()
            return next
        }
    }
}
