import Dispatch

/// Runs `body` for 0..<count on up to `jobs` threads, each pulling the next index.
func parallelFor(_ count: Int, jobs: Int, _ body: @Sendable (Int) -> Void) {
  let next = Locked<Int>(0)
  let workers = max(1, min(jobs, count))
  DispatchQueue.concurrentPerform(iterations: workers) { _ in
    while true {
      let i = next.add(1) - 1
      if i >= count { break }
      body(i)
    }
  }
}
