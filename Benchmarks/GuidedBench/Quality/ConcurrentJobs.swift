/// Runs jobs with at most `inFlight` at once and returns their results in the jobs' order;
/// `finished` sees each result as it comes. With one in flight, the jobs run one after another.
struct ConcurrentJobs<Result: Sendable> {
    let jobs: [@Sendable () async -> Result]
    let inFlight: Int

    init(_ jobs: [@Sendable () async -> Result], inFlight: Int) {
        self.jobs = jobs
        self.inFlight = max(1, inFlight)
    }

    func run(finished: (Result) -> Void) async -> [Result] {
        var results = [Result?](repeating: nil, count: jobs.count)
        await withTaskGroup(of: (Int, Result).self) { group in
            var next = 0
            func start() {
                guard next < jobs.count else { return }
                let index = next
                let job = jobs[index]
                group.addTask { (index, await job()) }
                next += 1
            }
            for _ in 0..<inFlight { start() }
            for await (index, result) in group {
                results[index] = result
                finished(result)
                start()
            }
        }
        return results.map { $0! }
    }
}
