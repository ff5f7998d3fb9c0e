import EmoImage
import EmoPNG
import EmoPackCompiler
import EmoWebP
import Foundation
import TestSupport
import Testing

/// `emopack export --format whatsapp|signal|telegram`: every platform rule refuses what breaks it.
@Suite struct StickerExportTests {
  /// A native pack of `count` generated stills (`side` px) with the given emoji (nil: none), and extra entries.
  static func pack(count: Int, side: Int = 96, emoji: Int? = 0x1F600, extra: [String] = []) throws -> String {
    let dir = Support.tempDir("stickers") + "/stk"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    var entries: [String] = []
    for i in 0..<count {
      try Support.writePNG(Support.generated(i, side: side), to: "\(dir)/s\(i).png")
      let e = emoji.map { #", "emoji": "\#(String($0 + i, radix: 16))""# } ?? ""
      entries.append(#"{"image": "s\#(i).png", "tags": ["[s\#(i)]"]\#(e), "keywords": {"en": ["sticker \#(i)"]}}"#)
    }
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
    // The data version changes with the stickers' bytes.
    let (again, _) = Self.export(try Self.pack(count: 3, side: 128), .whatsapp)
    #expect(again.packs.count == 1)
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

  @Test func fewerThanThreeStickersAndNoPublisherAreRefused() throws {
    let (two, _) = Self.export(try Self.pack(count: 2), .whatsapp)
    #expect(Self.errors(two) == [.stickerPackTooSmall] && two.packs.isEmpty)
    let (nobody, _) = Self.export(try Self.pack(count: 3), .whatsapp) { $0.publisher = nil }
    #expect(Self.errors(nobody) == [.stickerNoPublisher])
    let (long, _) = Self.export(try Self.pack(count: 3), .whatsapp) {
      $0.publisher = String(repeating: "p", count: 129)
    }
    #expect(Self.errors(long) == [.stickerNoPublisher])
  }

  /// A 12-second animation is refused by Signal (3 s) and WhatsApp (10 s); Telegram refuses any animation.
  @Test func longAnimationsAreRefused() throws {
    let frames =
      #"{"frames": [{"image": "s0.png", "delay": 4000}, {"image": "s1.png", "delay": 4000}, {"image": "s2.png", "delay": 4000}], "tags": ["[long]"], "emoji": "1F4AB"}"#
    let pack = try Self.pack(count: 3, extra: [frames])
    for platform in [StickerPlatform.signal, .whatsapp] {
      let (r, _) = Self.export(pack, platform)
      #expect(Self.errors(r) == [.stickerTooLong], "\(platform): \(r.diagnostics)")
      #expect(r.diagnostics.contains { $0.message.contains("'[long]' lasts 12000 ms") })
    }
    let (t, _) = Self.export(pack, .telegram)
    #expect(Self.errors(t) == [.telegramAnimatedUnsupported])
  }

  /// A WhatsApp frame must last at least 8 ms; a pack mixing stills and animations gives one sticker pack of each.
  @Test func whatsappFramesAndMixedPacks() throws {
    let short =
      #"{"frames": [{"image": "s0.png", "delay": 5}, {"image": "s1.png", "delay": 100}], "tags": ["[short]"], "emoji": "1F4AB"}"#
    let (r, _) = Self.export(try Self.pack(count: 3, extra: [short]), .whatsapp)
    #expect(Self.errors(r) == [.stickerFrameTooShort])
    #expect(r.diagnostics.contains { $0.message.contains("'[short]': frame 0 lasts 5 ms") })
    let moving = (0..<3).map { k in
      #"{"frames": [{"image": "s\#(k).png", "delay": 100}, {"image": "s\#((k + 1) % 3).png", "delay": 100}], "tags": ["[m\#(k)]"], "emoji": "\#(String(0x1F680 + k, radix: 16))"}"#
    }
    let (mixed, out) = Self.export(try Self.pack(count: 3, extra: moving), .whatsapp)
    #expect(Self.errors(mixed).isEmpty, "\(mixed.diagnostics)")
    #expect(mixed.packs.map(\.animated) == [false, true] && mixed.packs.map(\.stickers.count) == [3, 3])
    #expect(mixed.packs[1].name == "Stickers (animated)" && mixed.packs[1].identifier == "stk_animated")
    let contents = try JSONSerialization.jsonObject(
      with: Data(contentsOf: URL(fileURLWithPath: out + "/contents.json")))
    let packs = try #require((contents as? [String: Any])?["sticker_packs"] as? [[String: Any]])
    #expect(packs.map { $0["animated_sticker_pack"] as? Bool } == [false, true])
  }

  /// Telegram: 512 WebP stills, or 100 × 100 custom emoji.
  @Test func telegramStillsAndCustomEmoji() throws {
    let pack = try Self.pack(count: 3)
    for (custom, side) in [(false, 512), (true, 100)] {
      let (r, out) = Self.export(pack, .telegram) { $0.customEmoji = custom }
      #expect(Self.errors(r).isEmpty)
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out + "/stk/01.webp")))
      let info = try WebPInfo(bytes, limits: .default)
      #expect(info.width == side && info.height == side && bytes.count <= 512 * 1024)
      #expect(FileManager.default.fileExists(atPath: out + "/stk/stickers.json"))
    }
  }

  /// A sticker over its byte limit is encoded lossily down to the minimum SSIM, or refused with the SSIM reached.
  @Test func anOversizedAnimationIsReencodedOrRefusedWithTheSSIMReached() throws {
    let dir = try Self.pack(count: 3)
    // Three frames of 384 px noise (resampled to 512): losslessly over a megabyte, far over WhatsApp's 500 KB.
    var g = SplitMix(seed: 47)
    for k in 0..<3 {
      let px = (0..<(384 * 384 * 4)).map { i in i % 4 == 3 ? UInt8(255) : UInt8(truncatingIfNeeded: g.next()) }
      try Support.writePNG(RGBAImage(width: 384, height: 384, pixels: px), to: dir + "/noise\(k).png")
    }
    let frames = (0..<3).map { #"{"image": "noise\#($0).png", "delay": 100}"# }.joined(separator: ", ")
    let json = try String(contentsOfFile: dir + "/pack.json", encoding: .utf8).replacingOccurrences(
      of: "]}\n", with: "]}")
    let entry = #", {"frames": [\#(frames)], "tags": ["[noise]"], "emoji": "1F4A5"}"#
    try (String(json.dropLast(2)) + entry + "]}").write(toFile: dir + "/pack.json", atomically: true, encoding: .utf8)
    let (strict, _) = Self.export(dir, .whatsapp)
    let refusal = try #require(strict.diagnostics.first { $0.code == .stickerTooLarge }, "\(strict.diagnostics)")
    #expect(refusal.message.contains("'[noise]'") && refusal.message.contains("SSIM"))
    // With no SSIM minimum the same frames go lossy until they fit.
    var g2 = SplitMix(seed: 48)
    let noise = AnimatedImage(
      width: 512, height: 512,
      frames: (0..<3).map { _ in
        AnimatedImage.Frame(
          image: RGBAImage(
            width: 512, height: 512,
            pixels: (0..<(512 * 512 * 4)).map { i in i % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: g2.next()) }),
          delay: 100)
      }, loopCount: 0)
    let fitted = try StickerEncoder.encode(noise, platform: .whatsapp, limit: 500 * 1024, minimumSSIM: 0)
    #expect(fitted.bytes.count <= 500 * 1024 && fitted.quality != nil && fitted.ssim < 1)
  }
}

/// The sample packs to every platform (slow: 40 stickers of 512 px each).
@Suite(.tags(.stress), .stressOnly) struct StickerStressTests {
  static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../packs").standardized.path

  @Test func langxiaohuaGivesTwoWhatsAppPacksAndFitsEveryPlatform() throws {
    let (w, _) = StickerExportTests.export(Self.samples + "/langxiaohua", .whatsapp) { $0.defaultEmoji = "☺️" }
    #expect(StickerExportTests.errors(w).isEmpty)
    #expect(w.packs.map(\.stickers.count) == [30, 10] && w.packs.map(\.name) == ["Lang Xiaohua", "Lang Xiaohua (2)"])
    for platform in [StickerPlatform.signal, .telegram] {
      let (r, _) = StickerExportTests.export(Self.samples + "/langxiaohua", platform) { $0.defaultEmoji = "☺️" }
      #expect(StickerExportTests.errors(r).isEmpty, "\(platform)")
      #expect(r.packs.flatMap(\.stickers).count == 40)
    }
  }

  @Test func animatedPackFitsWhatsAppAndSignal() throws {
    for platform in [StickerPlatform.whatsapp, .signal] {
      let (r, out) = StickerExportTests.export(Self.samples + "/animated", platform) { $0.defaultEmoji = "😀" }
      #expect(StickerExportTests.errors(r).isEmpty, "\(platform): \(r.diagnostics)")
      let stickers = r.packs.flatMap(\.stickers)
      #expect(stickers.count == 12 && stickers.allSatisfy(\.animated))
      for s in stickers {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out + "/" + r.packs[0].folder + "/" + s.file)))
        let frames =
          platform == .signal
          ? try APNGDecoder.decode(bytes).frames.count : try WebPInfo(bytes, limits: .default).frameCount
        #expect(frames > 1 && bytes.count <= (platform == .signal ? 300 : 500) * 1024)
      }
    }
    let (t, _) = StickerExportTests.export(Self.samples + "/animated", .telegram) { $0.defaultEmoji = "😀" }
    #expect(Set(StickerExportTests.errors(t)) == [.telegramAnimatedUnsupported])
  }
}

/// Each platform's still byte limit: a still of noise (losslessly far over every limit) is refused at the minimum
/// SSIM, and fits each limit lossily once the minimum allows.
@Suite struct StickerLimitTests {
  @Test(arguments: StickerPlatform.allCases) func aStillOverTheLimitIsRefusedOrReencoded(
    platform: StickerPlatform
  ) throws {
    var g = SplitMix(seed: 49)
    let px = (0..<(512 * 512 * 4)).map { i in i % 4 == 3 ? UInt8(255) : UInt8(truncatingIfNeeded: g.next()) }
    let noise = AnimatedImage(
      width: 512, height: 512, frames: [.init(image: RGBAImage(width: 512, height: 512, pixels: px), delay: 100)],
      loopCount: 0)
    let limit = platform.rules.maxStaticBytes
    #expect(throws: StickerEncoder.Failure.self) {
      try StickerEncoder.encode(noise, platform: platform, limit: limit, minimumSSIM: 0.93)
    }
    let fitted = try StickerEncoder.encode(noise, platform: platform, limit: limit, minimumSSIM: 0)
    #expect(fitted.bytes.count <= limit && fitted.quality != nil && fitted.fileExtension == "webp")
  }
}
