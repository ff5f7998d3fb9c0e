import EmoPackCompiler
import Foundation

/// `emopack keygen`, `publish` and `verify`: signed packs on a static site (docs/DELIVERY.md).
enum SiteCommands {
  static func keygen(_ args: [String]) -> Int32 {
    do {
      let parsed = try Arguments(args, valued: ["-o", "--output"], flags: ["-h", "--help"])
      if parsed.flag("-h", "--help") {
        Terminal.out(Help.keygen)
        return 0
      }
      guard let name = parsed.value("-o", "--output"), parsed.positionals.isEmpty else {
        throw UsageError(message: "expected -o NAME")
      }
      let (key, secret, pub) = try KeyFiles.generate(name)
      let bytes = key.verifyingKey.bytes
      Terminal.out("wrote \(secret) (secret: keep it off the site) and \(pub)")
      Terminal.out("key id  \(key.verifyingKey.id)")
      Terminal.out("base64  \(Data(bytes).base64EncodedString())")
      Terminal.out(
        "swift   let publisherKey: [UInt8] = [\(bytes.map { String(format: "0x%02X", $0) }.joined(separator: ", "))]"
      )
      return 0
    } catch let error as UsageError {
      Terminal.error("emopack keygen: \(error)\nUsage: emopack keygen -o NAME")
      return 2
    } catch {
      Terminal.error("emopack keygen: error: \(error)")
      return 1
    }
  }

  static func publish(_ args: [String]) -> Int32 {
    do {
      let parsed = try Arguments(args, valued: ["-o", "--output", "--key", "--expires"], flags: ["-h", "--help"])
      if parsed.flag("-h", "--help") {
        Terminal.out(Help.publish)
        return 0
      }
      guard let site = parsed.value("-o", "--output") else { throw UsageError(message: "-o SITE is required") }
      let keyPaths = parsed.allValues["--key"] ?? []
      guard !keyPaths.isEmpty else { throw UsageError(message: "--key NAME.key is required") }
      guard !parsed.positionals.isEmpty else { throw UsageError(message: "expected built .pack files") }
      var expires: Date?
      if let text = parsed.value("--expires") {
        guard let days = text.hasSuffix("d") ? Int(text.dropLast()) : nil, days > 0 else {
          throw UsageError(message: "--expires expects days, such as 30d, got '\(text)'")
        }
        expires = Date(timeIntervalSinceNow: Double(days) * 86_400)
      }
      let keys = try keyPaths.map { try KeyFiles.signingKey($0) }
      let report = try Publisher.publish(packPaths: parsed.positionals, site: site, keys: keys, expires: expires)
      if report.written.isEmpty {
        Terminal.out("\(site): unchanged (serial \(report.serial))")
      } else {
        Terminal.out(
          "\(site): serial \(report.serial), \(report.written.count) file(s), \(report.bytesWritten) bytes written; changed: \(report.changed.joined(separator: ", "))"
        )
      }
      return 0
    } catch let error as UsageError {
      Terminal.error(
        "emopack publish: \(error)\nUsage: emopack publish PACK.pack... -o SITE --key NAME.key [--expires 30d]")
      return 2
    } catch {
      Terminal.error("emopack publish: error: \(error)")
      return 1
    }
  }

  static func verify(_ args: [String]) -> Int32 {
    do {
      let parsed = try Arguments(args, valued: ["--key"], flags: ["-h", "--help"])
      if parsed.flag("-h", "--help") {
        Terminal.out(Help.verify)
        return 0
      }
      guard parsed.positionals.count == 1 else { throw UsageError(message: "expected one site folder") }
      let keyPaths = parsed.allValues["--key"] ?? []
      guard !keyPaths.isEmpty else { throw UsageError(message: "--key NAME.pub is required") }
      let keys = try keyPaths.map { try KeyFiles.verifyingKey($0) }
      let problems = SiteVerifier.verify(site: parsed.positionals[0], trusted: keys)
      for p in problems { Terminal.error("\(p.file): error: \(p.check): \(p.message)") }
      if problems.isEmpty {
        Terminal.out("\(parsed.positionals[0]): ok: index signed by a trusted key, every file matches")
      }
      return problems.isEmpty ? 0 : 1
    } catch let error as UsageError {
      Terminal.error("emopack verify: \(error)\nUsage: emopack verify SITE --key NAME.pub")
      return 2
    } catch {
      Terminal.error("emopack verify: error: \(error)")
      return 1
    }
  }
}
