import EmoPackCompiler
import Foundation

/// `emopack keygen`, `publish` and `verify`: signed packs on a static site (docs/DELIVERY.md).
enum SiteCommands {
  static let keygen = Command(
    name: "keygen", summary: "Make an Ed25519 key pair for signing sites", usage: ["-o NAME"],
    about: """
      Writes NAME.key (the secret key, mode 0600, never overwritten) and NAME.pub, and prints the public key as
      base64 and as a Swift literal an app can embed, with its key id.
      """,
    sections: [
      OptionSection(
        title: "OPTIONS",
        options: [
          CommandOption(["-o", "--output"], "NAME", "Where the key files go (NAME.key and NAME.pub)"),
          CommandOption(["--json"], "The files and the public key as one JSON object"),
        ])
    ],
    footer: "EXIT STATUS\n  0 written, 1 a key file exists already, 2 usage errors, 3 a file that cannot be written.",
    run: runKeygen)

  static let publish = Command(
    name: "publish", summary: "Put built packs on a static site with a signed index",
    usage: [
      "PACK.pack... -o SITE --key NAME.key [--key OTHER.key] [--expires 30d] [--order ID,...]",
      "-o SITE --key NAME.key --order ID,...",
    ],
    about: """
      Writes SITE/files/<sha256> for every .pack and sheet not there yet, and SITE/index.json (signed by each
      --key) last. The index lists the packs in the order given, which is the order of an app's tabs; --order
      reorders them (alone, it reorders the site's packs). An existing index must verify with a given key;
      unchanged packs in an unchanged order write nothing. docs/DELIVERY.md describes the site and the trust model.
      """,
    sections: [
      OptionSection(
        title: "OPTIONS",
        options: [
          CommandOption(["-o", "--output"], "SITE", "The site folder"),
          CommandOption(["--key"], "NAME.key", "A secret key that signs the index (once per key)"),
          CommandOption(
            ["--expires"], "WHEN",
            "When the index stops being current: hours (36h), days (30d), or an ISO 8601 date or time (2027-01-31, 2027-01-31T12:00:00Z)"
          ),
          CommandOption(["--order"], "ID,...", "The packs' order in the index (every pack once)"),
          CommandOption(["--json"], "What was written as one JSON object"),
        ])
    ],
    footer: """
      EXIT STATUS
        0 published, 1 a pack, a sheet or the existing index refuses (nothing is written), 2 usage errors, 3 a file
        that cannot be read or written.
      """,
    run: runPublish)

  static let verify = Command(
    name: "verify", summary: "Check a signed site offline", usage: ["SITE --key NAME.pub [--key OTHER.pub]"],
    about: """
      Checks the index's canonical bytes and a trusted signature, every listed file's size and SHA-256, and that
      each .pack opens, verifies and lists exactly its listed sheets.
      """,
    sections: [
      OptionSection(
        title: "OPTIONS",
        options: [
          CommandOption(["--key"], "NAME.pub", "A trusted public key (once per key; a .key file's public half)"),
          CommandOption(["--json"], "The verdict as one JSON object"),
        ])
    ],
    footer: "EXIT STATUS\n  0 sound, 1 a problem (each named: file, check, expected and found), 2 usage errors.",
    run: runVerify)

  /// What `keygen --json` prints beside the diagnostics.
  struct KeyPair: Encodable {
    var secretKey: String
    var publicKey: String
    var keyID: String
    var base64: String
  }

  static func runKeygen(_ args: [String]) -> Int32 {
    let json = args.contains("--json")
    let name: String
    do {
      let parsed = try Arguments(args, valued: keygen.valued, flags: keygen.switches)
      if parsed.flag("-h", "--help") {
        Terminal.out(keygen.help)
        return 0
      }
      guard let n = parsed.value("-o", "--output"), parsed.positionals.isEmpty else {
        throw UsageError(message: "expected -o NAME")
      }
      name = n
    } catch {
      return Report.usageFailure(keygen, "\(error)", json: json)
    }
    do {
      let (key, secret, pub) = try KeyFiles.generate(name)
      let bytes = key.verifyingKey.bytes
      let base64 = Data(bytes).base64EncodedString()
      if !json {
        Terminal.out("wrote \(secret) (secret: keep it off the site) and \(pub)")
        Terminal.out("key id  \(key.verifyingKey.id)")
        Terminal.out("base64  \(base64)")
        Terminal.out(
          "swift   let publisherKey: [UInt8] = [\(bytes.map { String(format: "0x%02X", $0) }.joined(separator: ", "))]")
      }
      return Report.finish(
        keygen.name, json: json, diagnostics: [],
        payload: KeyPair(secretKey: secret, publicKey: pub, keyID: key.verifyingKey.id, base64: base64))
    } catch let error as PublishError {
      return Report.finish(keygen.name, json: json, diagnostics: [error.diagnostic])
    } catch {
      return Report.finish(
        keygen.name, json: json,
        diagnostics: [Diagnostic(.error, .keyInvalid, file: name + ".key", "no key could be made: \(error)")])
    }
  }

  /// What `publish --json` prints beside the diagnostics.
  struct Published: Encodable {
    var site: String
    var serial: Int
    var changed: [String]
    var written: [String]
    var bytesWritten: Int
  }

  /// The time `text` names: hours (`36h`) or days (`30d`) from `now`, or an ISO 8601 date (midnight UTC) or time.
  static func expiry(_ text: String, now: Date = Date()) -> Date? {
    if let unit = text.last, ["h", "d"].contains(unit), let n = Int(text.dropLast()), n > 0, n <= 100_000 {
      return now.addingTimeInterval(Double(n) * (unit == "h" ? 3_600 : 86_400))
    }
    let full = ISO8601DateFormatter()
    if let date = full.date(from: text) { return date }
    let day = ISO8601DateFormatter()
    day.formatOptions = [.withFullDate]
    return day.date(from: text)
  }

  static func runPublish(_ args: [String]) -> Int32 {
    let json = args.contains("--json")
    let parsed: Arguments
    let site: String
    var expires: Date?
    do {
      parsed = try Arguments(args, valued: publish.valued, flags: publish.switches)
      if parsed.flag("-h", "--help") {
        Terminal.out(publish.help)
        return 0
      }
      guard let s = parsed.value("-o", "--output") else { throw UsageError(message: "-o SITE is required") }
      site = s
      guard !(parsed.allValues["--key"] ?? []).isEmpty else { throw UsageError(message: "--key NAME.key is required") }
      guard !parsed.positionals.isEmpty || parsed.value("--order") != nil else {
        throw UsageError(message: "expected built .pack files (or --order ID,... to reorder the site's packs)")
      }
      if let text = parsed.value("--expires") {
        guard let date = expiry(text), date > Date() else {
          throw UsageError(
            message:
              "--expires expects a time to come: hours (36h), days (30d) or an ISO 8601 date or time (2027-01-31), got '\(text)'"
          )
        }
        expires = date
      }
    } catch {
      return Report.usageFailure(publish, "\(error)", json: json)
    }
    do {
      let keys = try (parsed.allValues["--key"] ?? []).map { try KeyFiles.signingKey($0) }
      let order = parsed.value("--order").map { $0.split(separator: ",").map { String($0) } }
      let report = try Publisher.publish(
        packPaths: parsed.positionals, site: site, keys: keys, expires: expires, order: order)
      if !json {
        if report.written.isEmpty {
          Terminal.out("\(site): unchanged (serial \(report.serial))")
        } else {
          Terminal.out(
            "\(site): serial \(report.serial), \(report.written.count) file(s), \(report.bytesWritten) bytes written; changed: \(report.changed.joined(separator: ", "))"
          )
        }
      }
      return Report.finish(
        publish.name, json: json, diagnostics: [],
        payload: Published(
          site: site, serial: report.serial, changed: report.changed, written: report.written,
          bytesWritten: report.bytesWritten))
    } catch let error as PublishError {
      return Report.finish(publish.name, json: json, diagnostics: [error.diagnostic])
    } catch {
      return Report.finish(
        publish.name, json: json, diagnostics: [Diagnostic(.error, .siteCheck, file: site, "\(error)")])
    }
  }

  /// What `verify --json` prints beside the diagnostics.
  struct Verdict: Encodable {
    var site: String
    var sound: Bool
  }

  static func runVerify(_ args: [String]) -> Int32 {
    let json = args.contains("--json")
    let parsed: Arguments
    do {
      parsed = try Arguments(args, valued: verify.valued, flags: verify.switches)
      if parsed.flag("-h", "--help") {
        Terminal.out(verify.help)
        return 0
      }
      guard parsed.positionals.count == 1 else { throw UsageError(message: "expected one site folder") }
      guard !(parsed.allValues["--key"] ?? []).isEmpty else { throw UsageError(message: "--key NAME.pub is required") }
    } catch {
      return Report.usageFailure(verify, "\(error)", json: json)
    }
    let site = parsed.positionals[0]
    var diagnostics: [Diagnostic] = []
    do {
      let keys = try (parsed.allValues["--key"] ?? []).map { try KeyFiles.verifyingKey($0) }
      diagnostics = SiteVerifier.verify(site: site, trusted: keys).map(\.diagnostic)
    } catch let error as PublishError {
      diagnostics = [error.diagnostic]
    } catch {
      diagnostics = [Diagnostic(.error, .keyInvalid, file: site, "\(error)")]
    }
    if diagnostics.isEmpty && !json {
      Terminal.out("\(site): ok: index signed by a trusted key, every file matches")
    }
    return Report.finish(
      verify.name, json: json, diagnostics: diagnostics, payload: Verdict(site: site, sound: diagnostics.isEmpty))
  }
}
