/// The sticker platforms `emopack export` writes for, each with the rules it publishes.
public enum StickerPlatform: String, CaseIterable, Sendable, Codable {
  case whatsapp, signal, telegram

  /// The platform's published limits.
  package var rules: StickerRules {
    switch self {
    case .whatsapp:
      // WhatsApp's sticker requirements (its sample sticker apps' README).
      StickerRules(
        side: 512, maxStaticBytes: 100 * 1024, maxAnimatedBytes: 500 * 1024, minFrameMs: 8, maxDurationMs: 10_000,
        stickersPerPack: 3...30, trayBytes: 50 * 1024)
    case .signal:
      // Signal's sticker guidelines: 512 × 512, at most 300 KB, animations (APNG) at most 3 s.
      StickerRules(
        side: 512, maxStaticBytes: 300 * 1024, maxAnimatedBytes: 300 * 1024, minFrameMs: 1, maxDurationMs: 3_000,
        stickersPerPack: 1...200, trayBytes: nil)
    case .telegram:
      // Telegram's static stickers: one side 512, WebP, at most 512 KB; custom emoji 100 × 100.
      StickerRules(
        side: 512, maxStaticBytes: 512 * 1024, maxAnimatedBytes: 0, minFrameMs: 0, maxDurationMs: 0,
        stickersPerPack: 1...120, trayBytes: nil)
    }
  }
}

/// One platform's limits on a sticker and a sticker pack.
package struct StickerRules: Sendable, Equatable {
  /// Stickers are `side × side` (Telegram: the longer side).
  package var side: Int
  package var maxStaticBytes: Int
  /// 0: the platform takes no animation emopack can write.
  package var maxAnimatedBytes: Int
  package var minFrameMs: Int
  package var maxDurationMs: Int
  package var stickersPerPack: ClosedRange<Int>
  /// WhatsApp's tray icon (96 × 96 PNG) limit; nil where there is none.
  package var trayBytes: Int?
}
