import EmoPack
import Foundation

// Test helper: records one key N times into the recents database at a path, as a separate process would.
let args = CommandLine.arguments
guard args.count == 3, let count = Int(args[2]) else {
  FileHandle.standardError.write(Data("usage: emopack-recents-stress DB COUNT\n".utf8))
  exit(2)
}
do {
  let store = try RecentsStore(path: args[1])
  for _ in 0..<count { try store.record(packID: "stress", key: "[压力]") }
} catch {
  FileHandle.standardError.write(Data("\(error)\n".utf8))
  exit(1)
}
