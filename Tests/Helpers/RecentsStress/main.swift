import EmoPack
import Foundation

// Test helper: records KEY COUNT times into the recents database at DB, as a separate process would. With GO,
// it first writes one line to standard output (it is ready) and then waits until that file exists, so that processes
// started one by one open the database together.
let args = CommandLine.arguments
guard args.count >= 4, let count = Int(args[2]) else {
  FileHandle.standardError.write(Data("usage: emopack-recents-stress DB COUNT KEY [GO]\n".utf8))
  exit(2)
}
if args.count > 4 {
  FileHandle.standardOutput.write(Data("ready\n".utf8))
  while !FileManager.default.fileExists(atPath: args[4]) { usleep(200) }
}
do {
  let store = try RecentsStore(path: args[1])
  for _ in 0..<count { try store.record(packID: "stress", key: args[3]) }
} catch {
  FileHandle.standardError.write(Data("\(error)\n".utf8))
  exit(1)
}
