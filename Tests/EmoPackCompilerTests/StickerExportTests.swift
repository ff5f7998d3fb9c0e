import EmoImage
import EmoPNG
import EmoWebP
import Foundation
import TestSupport
import Testing

@testable import EmoPackCompiler

/// `emopack export --format whatsapp|signal|telegram`: every platform rule refuses what breaks it.
@Suite struct StickerExportTests {
  /// A native pack of `count` generated stills (`side` px) with the given emoji (nil: none), and extra entries.
  static func pack(
    count: Int, side: Int = 96, emoji: Int? = 0x1F600, extra: [String] = [], listed: Bool = true
  ) throws -> String {
    let dir = Support.tempDir("stickers") + "/stk"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    var entries: [String] = []
    for i in 0..<count {
      try Support.writePNG(Support.generated(i, side: side), to: "\(dir)/s\(i).png")
      let e = emoji.map { #", "emoji": "\#(String($0 + i, radix: 16))""# } ?? ""
      entries.append(#"{"image": "s\#(i).png", "tags": ["[s\#(i)]"]\#(e), "keywords": {"en": ["sticker \#(i)"]}}"#)
    }
    if !listed { entries = [] }
    entries += extra
    let json =
      #"{"id": "stk", "names": {"en": "Stickers"}, "size": 32, "emoticons": [\#(entries.joined(separator: ",\n"))]}"#
    try json.write(toFile: dir + "/pack.json", atomically: true, encoding: .utf8)
    return dir
  }

  static func export(
    _ pack: String, _ platform: StickerPlatform, _ edit: (inout StickerOptions) -> Void = { _ in }
  )
    -> (StickerReport, String)
  {
    let out = Support.tempDir("stickers-out")
    var o = StickerOptions(platform: platform, outputDirectory: out)
    o.publisher = "emopack tests"
    edit(&o)
    return (StickerExporter.export(paths: [pack], options: o), out)
  }

  static func errors(_ r: StickerReport) -> [DiagnosticCode] {
    r.diagnostics.filter { $0.severity == .error }.map(\.code)
  }

  static func firstError(_ r: StickerReport) -> String {
    r.diagnostics.first { $0.severity == .error }?.message ?? ""
  }

  @Test func whatsappPackFollowsTheRules() throws {
    let (r, out) = Self.export(try Self.pack(count: 3), .whatsapp)
    #expect(Self.errors(r).isEmpty, "\(r.diagnostics)")
    #expect(r.packs.count == 1 && r.packs[0].stickers.count == 3)
    for s in r.packs[0].stickers {
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out + "/stk/" + s.file)))
      let info = try WebPInfo(bytes, limits: .default)
      #expect(info.width == 512 && info.height == 512 && bytes.count <= 100 * 1024 && s.emoji.count == 1)
    }
    let tray = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out + "/stk/tray.png")))
    let header = try PNGDecoder.header(of: tray)
    #expect(header.width == 96 && header.height == 96 && tray.count <= 50 * 1024)
    let contents = try JSONSerialization.jsonObject(
      with: Data(contentsOf: URL(fileURLWithPath: out + "/contents.json")))
    let packs = try #require((contents as? [String: Any])?["sticker_packs"] as? [[String: Any]])
    #expect(
      packs.count == 1 && packs[0]["identifier"] as? String == "stk"
        && packs[0]["publisher"] as? String == "emopack tests")
    let version = try #require(packs[0]["image_data_version"] as? String)
    let stickers = try #require(packs[0]["stickers"] as? [[String: Any]])
    #expect(stickers.allSatisfy { ($0["accessibility_text"] as? String)?.count ?? 999 <= 125 })
    #expect(!version.isEmpty)
    // Sources of 96 px are upscaled, with the factor.
    #expect(r.diagnostics.contains { $0.code == .stickerUpscaled && $0.message.contains("5.33×") })
  }

  @Test func anEntryWithoutEmojiIsRefusedByName() throws {
    let pack = try Self.pack(count: 3, emoji: nil)
    let (r, out) = Self.export(pack, .whatsapp) { $0.keywordLocales = [] }
    #expect(Self.errors(r) == [.stickerNoEmoji, .stickerNoEmoji, .stickerNoEmoji])
    #expect(r.diagnostics.first { $0.code == .stickerNoEmoji }?.message.contains("'[s0]'") == true)
    #expect(!FileManager.default.fileExists(atPath: out + "/contents.json"))
    let (fixed, _) = Self.export(pack, .whatsapp) {
      $0.keywordLocales = []
      $0.defaultEmoji = "🙂"
    }
    #expect(Self.errors(fixed).isEmpty && fixed.packs[0].stickers.allSatisfy { $0.emoji == ["🙂"] })
  }

  @Test func fewerThanThreeStickersAndPublishersAreRefusedByWhatsAppsRules() throws {
    let (two, _) = Self.export(try Self.pack(count: 2), .whatsapp)
    #expect(Self.errors(two) == [.stickerPackTooSmall] && two.packs.isEmpty)
    #expect(two.diagnostics.contains { $0.message.contains("has 2 still sticker(s)") })
    let three = try Self.pack(count: 3)
    let (nobody, _) = Self.export(three, .whatsapp) { $0.publisher = nil }
    #expect(Self.errors(nobody) == [.stickerNoPublisher])
    // WhatsApp's validator counts UTF-16 units: 64 emoji are 128 (taken), 65 are 130 (refused), as 129 letters are.
    for (publisher, refused) in [
      (String(repeating: "😀", count: 64), false), (String(repeating: "😀", count: 65), true),
      (String(repeating: "p", count: 129), true),
    ] {
      let (r, _) = Self.export(three, .whatsapp) { $0.publisher = publisher }
      #expect(Self.errors(r) == (refused ? [.stickerFieldLength] : []), "\(publisher.utf16.count) units")
    }
  }

  /// 31 stickers split 16 + 15, never a pack under 3 (61: 21 + 20 + 20).
  @Test func packsOverThirtySplitEvenly() throws {
    #expect(StickerExporter.evenRuns(Array(0..<31), most: 30).map(\.count) == [16, 15])
    #expect(StickerExporter.evenRuns(Array(0..<32), most: 30).map(\.count) == [16, 16])
    #expect(StickerExporter.evenRuns(Array(0..<61), most: 30).map(\.count) == [21, 20, 20])
    #expect(StickerExporter.evenRuns(Array(0..<30), most: 30).map(\.count) == [30])
  }

  /// A long animation is sped up to the platform's length by default (a warning), trimmed, or refused; Signal's
  /// APNG loops forever whatever the source says.
  @Test func longAnimationsAreSpedUpTrimmedOrRefused() throws {
    let frames =
      #"{"frames": [{"image": "s0.png", "delay": 2000}, {"image": "s1.png", "delay": 2000}, {"image": "s2.png", "delay": 2000}], "loop": 2, "tags": ["[long]"], "emoji": "1F4AB"}"#
    let pack = try Self.pack(count: 3, side: 24, extra: [frames], listed: false)
    let (sped, out) = Self.export(pack, .signal)
    #expect(Self.errors(sped).isEmpty, "\(sped.diagnostics)")
    #expect(
      sped.diagnostics.contains {
        $0.code == .stickerTooLong && $0.severity == .warning && $0.message.contains("2.00× faster")
      })
    let long = try #require(sped.packs.first?.stickers.first)
    let folder = try #require(sped.packs.first?.folder)
    let apng = try APNGDecoder.decode(
      [UInt8](try Data(contentsOf: URL(fileURLWithPath: out + "/" + folder + "/" + long.file))))
    #expect(apng.duration <= 3000 && apng.duration >= 2990 && apng.loopCount == 0 && apng.frames.count == 3)
    let (trimmed, _) = Self.export(pack, .signal) { $0.tooLong = .trim }
    #expect(trimmed.packs.first?.stickers.first?.durationMs == 3000)
    #expect(trimmed.diagnostics.contains { $0.message.contains("trimmed to its first 2 frames") })
    let (refused, _) = Self.export(pack, .signal) { $0.tooLong = .refuse }
    #expect(Self.errors(refused) == [.stickerTooLong])
    #expect(Self.firstError(refused).contains("'[long]' lasts 6000 ms, over signal's 3000 ms"))
  }

  /// A WhatsApp frame lasts at least 8 ms: a shorter one is shown with the frame before (a note); a pack mixing
  /// stills and animations gives one sticker pack of each.
  @Test func whatsappFramesAndMixedPacks() throws {
    let short =
      #"{"frames": [{"image": "s0.png", "delay": 100}, {"image": "s1.png", "delay": 5}, {"image": "s2.png", "delay": 100}], "tags": ["[short]"], "emoji": "1F4AB"}"#
    let moving = (0..<2).map { k in
      #"{"frames": [{"image": "s\#(k).png", "delay": 100}, {"image": "s\#((k + 1) % 3).png", "delay": 100}], "tags": ["[m\#(k)]"], "emoji": "\#(String(0x1F680 + k, radix: 16))"}"#
    }
    let (mixed, out) = Self.export(try Self.pack(count: 3, side: 24, extra: [short] + moving), .whatsapp)
    #expect(Self.errors(mixed).isEmpty, "\(mixed.diagnostics)")
    #expect(mixed.diagnostics.contains { $0.code == .stickerFrameTooShort && $0.severity == .note })
    #expect(mixed.packs.map(\.animated) == [false, true] && mixed.packs.map(\.stickers.count) == [3, 3])
    #expect(mixed.packs[1].name == "Stickers (animated)" && mixed.packs[1].identifier == "stk_animated")
    let file = try #require(mixed.packs[1].stickers.first { $0.entry == "[short]" }?.file)
    let shown = try WebPDecoder.decodeAnimation(
      [UInt8](try Data(contentsOf: URL(fileURLWithPath: out + "/stk_animated/" + file))), limits: .default)
    #expect(shown.frames.allSatisfy { $0.delay >= 8 } && shown.duration == 205)
    let contents = try JSONSerialization.jsonObject(
      with: Data(contentsOf: URL(fileURLWithPath: out + "/contents.json")))
    let packs = try #require((contents as? [String: Any])?["sticker_packs"] as? [[String: Any]])
    #expect(packs.map { $0["animated_sticker_pack"] as? Bool } == [false, true])
  }

  /// Telegram: 512 WebP stills, or 100 × 100 custom emoji; animated entries are refused (said even beside other
  /// errors) unless `--stills` exports their stills.
  @Test func telegramStillsCustomEmojiAndAnimatedEntries() throws {
    let pack = try Self.pack(count: 1, side: 24)
    for (custom, side) in [(false, 512), (true, 100)] {
      let (r, out) = Self.export(pack, .telegram) { $0.customEmoji = custom }
      #expect(Self.errors(r).isEmpty)
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out + "/stk/01.webp")))
      let info = try WebPInfo(bytes, limits: .default)
      #expect(info.width == side && info.height == side && bytes.count <= 512 * 1024)
      #expect(FileManager.default.fileExists(atPath: out + "/stk/stickers.json"))
    }
    let moving =
      #"{"frames": [{"image": "s0.png", "delay": 100}, {"image": "s1.png", "delay": 100}], "still": 1, "tags": ["[m]"]}"#
    let animated = try Self.pack(count: 2, side: 24, extra: [moving], listed: false)
    // [m] has no emoji either: both refusals are reported, the animation's first.
    let (refused, _) = Self.export(animated, .telegram) { $0.keywordLocales = [] }
    #expect(Self.errors(refused) == [.telegramAnimatedUnsupported, .stickerNoEmoji], "\(refused.diagnostics)")
    let (stills, out) = Self.export(animated, .telegram) {
      $0.stills = true; $0.defaultEmoji = "2B50"
    }
    #expect(Self.errors(stills).isEmpty, "\(stills.diagnostics)")
    let m = try #require(stills.packs.flatMap(\.stickers).first { $0.entry == "[m]" })
    #expect(!m.animated && m.emoji == ["⭐"])
    let shown = try WebPDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: out + "/stk/" + m.file))))
    let expected = Resampler(filter: .lanczos3).fit(Support.generated(1, side: 24), side: 512)
    #expect(ReferenceSSIM.score(expected, shown) > 0.99, "the still is frame 1, as 'still' says")
  }

  /// A pack of emoji only has nothing to make stickers of: refused with its code, nothing written.
  @Test func anEmojiOnlyPackIsRefused() throws {
    let dir = Support.tempDir("stickers") + "/emoji"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try #"{"id": "emoji", "size": 32, "emoticons": [{"emoji": "1F600"}, {"emoji": "1F601"}, {"emoji": "1F602"}]}"#
      .write(toFile: dir + "/pack.json", atomically: true, encoding: .utf8)
    for platform in StickerPlatform.allCases {
      let (r, out) = Self.export(dir, platform)
      #expect(Self.errors(r) == [.stickerNoImages] && r.packs.isEmpty)
      #expect(!FileManager.default.fileExists(atPath: out + "/contents.json"))
    }
  }

  /// `--tray` must name an entry and `--default-emoji` must be one emoji (both refused before any sticker is
  /// made); emoji are written fully qualified.
  @Test func trayAndDefaultEmojiAreCheckedAndEmojiFullyQualified() throws {
    let pack = try Self.pack(count: 3, side: 24, emoji: nil)
    let (tray, _) = Self.export(pack, .whatsapp) {
      $0.tray = "[no-such]"
      $0.defaultEmoji = "🙂"
    }
    #expect(Self.errors(tray) == [.stickerOption] && Self.firstError(tray).contains("'[no-such]'"))
    for bad in ["notanemoji", "A", "1F600 1F601", ""] {
      let (r, _) = Self.export(pack, .whatsapp) { $0.defaultEmoji = bad }
      #expect(Self.errors(r) == [.stickerOption], "\(bad)")
    }
    // ☺ (263A) and ❤‍🔥 without FE0F are written as emoji-test.txt qualifies them.
    #expect(StickerExporter.emoji("❤‍🔥") == "\u{2764}\u{FE0F}\u{200D}\u{1F525}" && StickerExporter.emoji("🙂") == "🙂")
    let (good, out) = Self.export(pack, .whatsapp) {
      $0.tray = "[s2]"
      $0.keywordLocales = []
      $0.defaultEmoji = "263A"
    }
    #expect(Self.errors(good).isEmpty)
    #expect(good.packs[0].stickers.allSatisfy { $0.emoji == ["\u{263A}\u{FE0F}"] })
    let trayImage = try PNGDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: out + "/stk/tray.png"))))
      .image
    let expected = Resampler(filter: .lanczos3).fit(
      Resampler(filter: .lanczos3).fit(Support.generated(2, side: 24), side: 512), side: 96)
    #expect(ReferenceSSIM.score(expected, trayImage) > 0.99, "the tray is [s2]'s still")
  }

  /// Every emoji emoji-test.txt lists as minimally qualified or unqualified is written as its fully-qualified form.
  @Test func emojiQualificationFollowsEmojiTest() throws {
    let text = try String(contentsOfFile: "/usr/share/unicode/emoji/emoji-test.txt", encoding: .utf8)
    var full: [String: String] = [:]
    var partial: [String] = []
    for line in text.split(separator: "\n") where !line.hasPrefix("#") && line.contains(";") {
      let parts = line.split(separator: ";", maxSplits: 1)
      let scalars = parts[0].split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
      var s = ""
      s.unicodeScalars.append(contentsOf: scalars)
      let key = String(String.UnicodeScalarView(s.unicodeScalars.filter { $0 != "\u{FE0F}" }))
      let status = parts[1].split(separator: "#")[0].trimmingCharacters(in: .whitespaces)
      if status == "fully-qualified" { full[key] = s } else if status != "component" { partial.append(s) }
    }
    #expect(partial.count > 100)
    for p in partial {
      let key = String(String.UnicodeScalarView(p.unicodeScalars.filter { $0 != "\u{FE0F}" }))
      guard let expected = full[key] else { continue }
      #expect(StickerExporter.emoji(p) == expected, "\(p.unicodeScalars.map { String($0.value, radix: 16) })")
    }
  }

  /// An export never loses a user's file: a folder emopack did not write is refused and left as it was, a file the
  /// user added to an export is carried into the next one, a file given as -o is refused in words, and a second
  /// source exported into the same folder keeps the first one's packs listed.
  @Test func exportsKeepTheUsersFiles() throws {
    let out = Support.tempDir("stickers-folder") + "/whatsapp"
    try FileManager.default.createDirectory(atPath: out + "/codes", withIntermediateDirectories: true)
    try "mine".write(toFile: out + "/codes/custom.txt", atomically: true, encoding: .utf8)
    let pack = try Self.pack(count: 3, side: 24)
    let (foreign, _) = Self.export(pack, .whatsapp) { $0.outputDirectory = out }
    #expect(Self.errors(foreign) == [.exportConflict] && foreign.packs.isEmpty)
    #expect(try String(contentsOfFile: out + "/codes/custom.txt", encoding: .utf8) == "mine")
    // Into a new folder, then a file of the user's added inside it and beside it.
    let target = Support.tempDir("stickers-folder") + "/out"
    let (first, _) = Self.export(pack, .whatsapp) { $0.outputDirectory = target }
    #expect(Self.errors(first).isEmpty)
    try "notes".write(toFile: target + "/stk/notes.txt", atomically: true, encoding: .utf8)
    try "readme".write(toFile: target + "/README", atomically: true, encoding: .utf8)
    // A second source (another identifier) into the same folder: both listed, the user's files kept.
    let second = try Self.pack(count: 3, side: 24)
    let json = try String(contentsOfFile: second + "/pack.json", encoding: .utf8)
    try json.replacingOccurrences(of: #""id": "stk""#, with: #""id": "more""#).write(
      toFile: second + "/pack.json", atomically: true, encoding: .utf8)
    let (again, _) = Self.export(second, .whatsapp) { $0.outputDirectory = target }
    #expect(Self.errors(again).isEmpty, "\(again.diagnostics)")
    #expect(try String(contentsOfFile: target + "/stk/notes.txt", encoding: .utf8) == "notes")
    #expect(try String(contentsOfFile: target + "/README", encoding: .utf8) == "readme")
    let contents = try JSONSerialization.jsonObject(
      with: Data(contentsOf: URL(fileURLWithPath: target + "/contents.json")))
    let ids = ((contents as? [String: Any])?["sticker_packs"] as? [[String: Any]])?.compactMap {
      $0["identifier"] as? String
    }
    #expect(ids == ["stk", "more"])
    #expect(FileManager.default.fileExists(atPath: target + "/stk/01.webp"))
    // Another platform into that folder is refused; a file given as the folder is refused in words.
    let (signal, _) = Self.export(pack, .signal) { $0.outputDirectory = target }
    #expect(Self.errors(signal) == [.exportConflict])
    let file = Support.tempDir("stickers-folder") + "/a-file"
    try "x".write(toFile: file, atomically: true, encoding: .utf8)
    let (onFile, _) = Self.export(pack, .whatsapp) { $0.outputDirectory = file }
    #expect(Self.errors(onFile) == [.exportConflict])
    #expect(
      Self.firstError(onFile).contains("is not an export of emopack's") && !Self.firstError(onFile).contains("NSCocoa"))
    #expect(try String(contentsOfFile: file, encoding: .utf8) == "x")
  }
}

/// Whole packs exported (slow in a debug build: hundreds of 512 px frames).
@Suite(.tags(.stress), .stressOnly) struct StickerStressTests {
  static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../packs").standardized.path

  /// The 40 stills of langxiaohua: two WhatsApp packs of 20 (the sample packs' other platforms, and the animated
  /// pack, are exported by emopack-bench --stickers-only in a release build).
  @Test func langxiaohuaGivesTwoWhatsAppPacksOfTwenty() throws {
    let (w, _) = StickerExportTests.export(Self.samples + "/langxiaohua", .whatsapp) { $0.defaultEmoji = "☺️" }
    #expect(StickerExportTests.errors(w).isEmpty)
    #expect(w.packs.map(\.stickers.count) == [20, 20] && w.packs.map(\.name) == ["Lang Xiaohua", "Lang Xiaohua (2)"])
  }

  /// 31 stickers exported to WhatsApp: two packs of 16 and 15, both listed.
  @Test func thirtyOneStickersMakeTwoPacksOfSixteenAndFifteen() throws {
    let (r, out) = StickerExportTests.export(try StickerExportTests.pack(count: 31, side: 24), .whatsapp)
    #expect(StickerExportTests.errors(r).isEmpty, "\(r.diagnostics)")
    #expect(r.packs.map(\.stickers.count) == [16, 15] && r.packs.map(\.name) == ["Stickers", "Stickers (2)"])
    let contents = try JSONSerialization.jsonObject(
      with: Data(contentsOf: URL(fileURLWithPath: out + "/contents.json")))
    let packs = try #require((contents as? [String: Any])?["sticker_packs"] as? [[String: Any]])
    #expect(packs.map { ($0["stickers"] as? [Any])?.count } == [16, 15])
  }

  /// The ladder fixture (animated GIFs no platform takes lossless: dithered, grained, held and nearly equal frames,
  /// one of 4 s) exports whole to Telegram (its stills) within the rules.
  @Test func theLadderFixtureFitsTelegram() throws { try Self.ladderFits(.telegram) }

  /// The ladder fixture exports whole to WhatsApp and Signal within their rules, each sticker at SSIM 0.93 or more at
  /// display times. Two CPU-minutes in a debug build: CI makes the same checks in release through
  /// `emopack-bench --stickers-only --quick`.
  @Test(.soakOnly, arguments: [StickerPlatform.whatsapp, .signal])
  func theLadderFixtureFitsWhatsAppAndSignal(platform: StickerPlatform) throws { try Self.ladderFits(platform) }

  static func ladderFits(_ platform: StickerPlatform) throws {
    let (r, out) = StickerExportTests.export(Support.fixture("packs/ladder"), platform) {
      $0.stills = platform == .telegram
    }
    #expect(StickerExportTests.errors(r).isEmpty, "\(r.diagnostics.filter { $0.severity == .error })")
    #expect(r.leastSSIM >= 0.93 && r.packs.flatMap(\.stickers).count == 8)
    let rules = platform.rules
    for pack in r.packs {
      for s in pack.stickers {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out + "/" + pack.folder + "/" + s.file)))
        #expect(bytes.count == s.bytes && s.ssim >= 0.93)
        guard s.animated else { continue }
        #expect(bytes.count <= rules.maxAnimatedBytes)
        // Lossless, no animation of the fixture fits: each climbed the ladder.
        #expect(s.steps.first?.step == "lossless" && (s.steps.first?.bytes ?? 0) > rules.maxAnimatedBytes, "\(s.entry)")
        if platform == .signal {
          let apng = try APNGDecoder.decode(bytes)
          #expect(apng.loopCount == 0 && apng.duration <= 3000 && apng.width <= 512 && apng.width >= 10)
        } else {
          let shown = try WebPDecoder.decodeAnimation(bytes, limits: .default)
          #expect(shown.width == 512 && shown.frames.allSatisfy { $0.delay >= 8 } && shown.duration <= 10_000)
        }
      }
    }
  }
}
