import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Repeated timings with min / median / max.
struct Sample: Codable {
  var name: String
  var unit: String
  var min: Double
  var median: Double
  var max: Double
  var note: String = ""

  init(name: String, unit: String, values: [Double], note: String = "") {
    let sorted = values.sorted()
    self.name = name
    self.unit = unit
    min = sorted.first ?? 0
    median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    max = sorted.last ?? 0
    self.note = note
  }

  init(name: String, unit: String, value: Double, note: String = "") {
    self.init(name: name, unit: unit, values: [value], note: note)
  }
  /// The ratio of the medians of `a` and `b`, in ×.
  static func ratio(_ name: String, _ a: [Double], _ b: [Double], note: String = "") -> Sample {
    Sample(name: name, unit: "×", value: emopack_bench.median(a) / emopack_bench.median(b), note: note)
  }

}

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

/// Seconds taken by `body`, `reps` times.
func time(_ reps: Int, _ body: () throws -> Void) rethrows -> [Double] {
  var out: [Double] = []
  for _ in 0..<reps {
    let t = now()
    try body()
    out.append(now() - t)
  }
  return out
}

/// Runs a program and returns its exit status and standard output.
func runCapturing(_ path: String, _ args: [String]) -> (Int32, String) {
  let p = Process()
  p.executableURL = URL(fileURLWithPath: path)
  p.arguments = args
  let pipe = Pipe()
  p.standardOutput = pipe
  p.standardError = FileHandle.nullDevice
  do { try p.run() } catch { return (-1, "") }
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  p.waitUntilExit()
  return (p.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// True when `name` is on PATH.
func which(_ name: String) -> String? {
  for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
    let p = "\(dir)/\(name)"
    if FileManager.default.isExecutableFile(atPath: p) { return p }
  }
  return nil
}

/// Prints a table of samples.
func printTable(_ title: String, _ samples: [Sample]) {
  print("\n## \(title)")
  let header = ["figure", "min", "median", "max", "unit", "note"]
  var rows = [header]
  for s in samples {
    rows.append([s.name, fmt(s.min), fmt(s.median), fmt(s.max), s.unit, s.note])
  }
  var widths = [Int](repeating: 0, count: header.count)
  for r in rows { for (i, c) in r.enumerated() { widths[i] = Swift.max(widths[i], c.count) } }
  for (k, r) in rows.enumerated() {
    print(
      "| "
        + r.enumerated().map { $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0) }.joined(
          separator: " | ") + " |")
    if k == 0 { print("|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|") }
  }
}

func fmt(_ v: Double) -> String {
  if v == 0 { return "0" }
  if abs(v) >= 1000 { return String(format: "%.0f", v) }
  if abs(v) >= 10 { return String(format: "%.1f", v) }
  if abs(v) >= 0.01 { return String(format: "%.3f", v) }
  return String(format: "%.2e", v)
}

/// MB/s of today's approach over `text`, `reps` times: every match of `regex` looked up in `dictionary`.
func regexRates(_ regex: NSRegularExpression, _ dictionary: [String: Int], _ text: String, reps: Int) -> [Double] {
  let megabytes = Double(text.utf8.count) / 1_048_576
  let ns = text as NSString
  return (0..<reps).map { _ -> Double in
    let t = now()
    var found = 0
    for m in regex.matches(in: text, range: NSRange(location: 0, length: ns.length))
    where dictionary[ns.substring(with: m.range)] != nil {
      found += 1
    }
    precondition(found > 0)
    return megabytes / (now() - t)
  }
}

/// Samples of several measurements taken in turn, `rounds` rounds of each one's `times` runs.
///
/// On a machine whose speed drifts within a run, every figure then spans the same stretch of time, so the ratio
/// of two medians compares like with like (one block after another can land in a fast and a slow minute).
func interleavedSamples(rounds: Int, _ measures: [(times: Int, run: () -> Double)]) -> [[Double]] {
  var samples = measures.map { _ in [Double]() }
  for _ in 0..<rounds {
    for (k, m) in measures.enumerated() {
      for _ in 0..<m.times { samples[k].append(m.run()) }
    }
  }
  return samples
}

/// A measurement that could not be made, and why.
struct BenchError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
