import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A build killed at any moment leaves the previous outputs or the new ones, whole.
///
/// A rerun then gives the normal result. The build's fault-injection hook (`EMOPACK_FAULT_KILL_AT=N`) sends SIGKILL at its Nth file step, so
/// every step can be reached without timing.
struct InterruptedBuild {
  let root: String
  let out: String
  let effort: [String]
  let newPack: Data

  /// Two packs of `count` generated images, and the new one's expected `.pack`, built elsewhere.
  init(count: Int, side: Int, effort: [String]) throws {
    root = CLI.tempDir("kill")
    out = root + "/out"
    self.effort = effort
    try CLI.makePack(root + "/old", count: count, variant: 1, side: side)
    try CLI.makePack(root + "/new", count: count, variant: 2, side: side)
    let reference = try CLI.run(
      ["build", root + "/new", "-o", root + "/reference", "--cache", root + "/refcache"] + effort)
    try #require(reference.status == 0, "\(reference.stderr)")
    newPack = try Data(contentsOf: URL(fileURLWithPath: root + "/reference/cli.pack"))
  }

  /// The new build's arguments: one job, so its steps come in the same order on every run.
  var newBuild: [String] { ["build", root + "/new", "-o", out, "--cache", root + "/killcache", "-j", "1"] + effort }

  /// How many fault-injection steps the new build takes over the old outputs.
  func steps() throws -> Int {
    try freshOldOutputs()
    let run = try CLI.run(newBuild, environment: ["EMOPACK_FAULT_KILL_AT": "1000000000"])
    try #require(run.status == 0, "\(run.stderr)")
    let line = try #require(run.stderr.split(separator: "\n").first { $0.hasPrefix("emopack: fault injection: ") })
    return try #require(Int(line.split(separator: " ")[3]))
  }

  /// Old outputs in `out` and no cache, so the new build does all its work; returns the old files.
  @discardableResult
  func freshOldOutputs() throws -> [String: Data] {
    try? FileManager.default.removeItem(atPath: out)
    try? FileManager.default.removeItem(atPath: root + "/killcache")
    let old = try CLI.run(["build", root + "/old", "-o", out, "--cache", root + "/oldcache"] + effort)
    try #require(old.status == 0, "\(old.stderr)")
    return try CLI.snapshot(out)
  }

  /// After a kill: the pack verifies and is the old one with its old sheets or the new one; a rerun over what the
  /// killed build left (outputs and cache) gives the new pack.
  func checkAfterKill(_ label: String, old: [String: Data]) throws {
    let verify = try CLI.run(["inspect", "--verify", out + "/cli.pack"])
    #expect(verify.status == 0, "\(label): \(verify.stderr)")
    let pack = try Data(contentsOf: URL(fileURLWithPath: out + "/cli.pack"))
    #expect(pack == old["cli.pack"] || pack == newPack, "\(label): pack is neither old nor new")
    if pack == old["cli.pack"] {
      for (name, data) in old {
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/" + name)) == data, "\(label): \(name) changed")
      }
    }
    let rerun = try CLI.run(newBuild)
    #expect(rerun.status == 0, "rerun after \(label): \(rerun.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/cli.pack")) == newPack, "rerun after \(label)")
    #expect(try CLI.run(["inspect", "--verify", out + "/cli.pack"]).status == 0, "rerun after \(label)")
  }

  /// Kills the new build at fault-injection step `k` and checks what it left.
  func killAtStep(_ k: Int) throws {
    let old = try freshOldOutputs()
    let run = try CLI.run(newBuild, environment: ["EMOPACK_FAULT_KILL_AT": String(k)])
    #expect(run.signalled && run.status == SIGKILL, "step \(k): status \(run.status), \(run.stderr)")
    try checkAfterKill("kill at step \(k)", old: old)
  }

  /// Kills the new build with a real SIGKILL after `delay` seconds and checks what it left.
  func killAfter(_ delay: TimeInterval) throws {
    let old = try freshOldOutputs()
    let p = try CLI.start(newBuild)
    Thread.sleep(forTimeInterval: delay)
    kill(p.processIdentifier, SIGKILL)
    p.waitUntilExit()
    try checkAfterKill("kill after \(delay) s", old: old)
  }
}

@Suite struct InterruptedBuildTests {
  /// A sample of kill points on a small pack: the first step, points through the sheets and the cache, and the last
  /// (the pack's rename and the folder's flush).
  @Test func buildsKilledAtSampledStepsLeaveWholeOutputs() throws {
    let build = try InterruptedBuild(count: 4, side: 48, effort: ["--effort", "fast"])
    let steps = try build.steps()
    #expect(steps >= 10, "a build of 4 images and 3 sheets takes \(steps) file steps")
    for k in Set([1, steps / 3, steps / 2, steps - 2, steps - 1, steps]).sorted() where k >= 1 {
      try build.killAtStep(k)
    }
  }
}

@Suite(.serialized, .tags(.stress), .stressOnly) struct InterruptedBuildStressTests {
  /// Every kill point of a build of 6 images.
  @Test func buildsKilledAtEveryStepLeaveWholeOutputs() throws {
    let build = try InterruptedBuild(count: 6, side: 64, effort: ["--effort", "fast"])
    let steps = try build.steps()
    for k in 1...steps { try build.killAtStep(k) }
  }

  /// Real SIGKILLs at 8 moments spread over a default-effort build of 30 images.
  @Test func buildsKilledByTheClockLeaveWholeOutputs() throws {
    let build = try InterruptedBuild(count: 30, side: 96, effort: [])
    try build.freshOldOutputs()
    let start = Date()
    #expect(try CLI.run(build.newBuild).status == 0)
    let duration = Date().timeIntervalSince(start)
    for k in 0..<8 { try build.killAfter(duration * Double(k) / 8) }
  }
}
