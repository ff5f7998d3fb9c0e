// A second process on a store folder, for EmoPackStoreTests:
//   emopack-store-helper hold SITE KEYHEX FOLDER          opens the current generation, prints "held SERIAL",
//                                                          keeps it open until stdin closes
//   emopack-store-helper refresh SITE KEYHEX FOLDER GO     prints "ready", waits for the file GO, refreshes, prints
//                                                          the outcome and serial
//   emopack-store-helper die-at N SITE KEYHEX FOLDER       refreshes and exits at once (status 9) at the Nth install
//                                                          step, as if killed; prints "done" when there are fewer
import EmoPackStore
import EmoSite
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A line to stdout, unbuffered (the tests read it while the helper runs).
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
let args = Array(CommandLine.arguments.dropFirst())
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data((message + "\n").utf8))
  exit(1)
}
func key(_ hex: String) -> [UInt8] {
  var bytes: [UInt8] = []
  var i = hex.startIndex
  while i < hex.endIndex {
    let j = hex.index(i, offsetBy: 2)
    bytes.append(UInt8(hex[i..<j], radix: 16) ?? 0)
    i = j
  }
  return bytes
}
guard args.count >= 4 else { fail("usage: see the comment at the top of main.swift") }

let timeouts = StoreTimeouts(stall: 5, total: 60, lock: 60)
switch args[0] {
case "hold":
  do {
    let store = try PackStore(site: URL(string: args[1])!, trustedKeys: [key(args[2])], folder: args[3])
    guard let held = try store.open() else { fail("nothing installed") }
    say("held \(held.serial)")
    _ = FileHandle.standardInput.readDataToEndOfFile()
    held.close()
  } catch { fail("\(error)") }
case "refresh":
  guard args.count == 5 else { fail("refresh SITE KEYHEX FOLDER GO") }
  say("ready")
  while !FileManager.default.fileExists(atPath: args[4]) { usleep(1000) }
  do {
    let store = try PackStore(
      site: URL(string: args[1])!, trustedKeys: [key(args[2])], folder: args[3], timeouts: timeouts)
    let report = try await store.refresh()
    say("\(report.outcome) \(report.serial)")
  } catch { fail("\(error)") }
case "die-at":
  guard args.count == 5, let target = Int(args[1]) else { fail("die-at N SITE KEYHEX FOLDER") }
  let counter = Counter()
  let hooks = StoreHooks { _ throws(SiteError) in
    if counter.next() == target { _exit(9) }
  }
  do {
    let store = try PackStore(
      site: URL(string: args[2])!, trustedKeys: [key(args[3])], folder: args[4], timeouts: timeouts,
      transport: URLSessionTransport(), hooks: hooks)
    _ = try await store.refresh()
    say("done \(counter.value)")
  } catch { fail("\(error)") }
default:
  fail("unknown command \(args[0])")
}

final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private(set) var value = 0
  func next() -> Int {
    lock.withLock {
      value += 1; return value
    }
  }
}
