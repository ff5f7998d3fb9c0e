/// What `emopack export --format whatsapp|signal|telegram` is asked for.
public struct StickerOptions: Sendable {
  public var platform: StickerPlatform
  /// The folder the sticker packs are written to.
  public var outputDirectory: String
  /// WhatsApp's publisher (required there).
  public var publisher: String?
  /// The emoji of an entry that has none and whose keywords name none in CLDR.
  public var defaultEmoji: String?
  /// The entry (a tag or code) whose still is the tray icon (default: the first).
  public var tray: String?
  /// CLDR locales whose annotations give entries without an emoji one (default `en`).
  public var keywordLocales: [String] = ["en"]
  /// The least SSIM (the build's definition, per sticker; per frame for animations) a sticker encoded lossily to
  /// fit a byte limit keeps.
  public var minimumSSIM = StickerOptions.defaultMinimumSSIM
  /// Telegram: custom emoji (100 × 100) instead of stickers.
  public var customEmoji = false
  /// Export animated entries as their stills (Telegram, until emopack writes its video stickers).
  public var stills = false
  /// What to do with an animation longer than the platform allows.
  public var tooLong = TooLong.speed

  /// What to do with an animation longer than its platform allows.
  public enum TooLong: String, CaseIterable, Sendable, Codable {
    /// Play it faster, every frame's time cut in proportion (a warning).
    case speed
    /// Cut the frames after the limit (a warning).
    case trim
    /// Refuse the sticker.
    case refuse
  }
  /// Validation and decoding limits.
  public var build: BuildOptions

  /// The SSIM a lossy sticker keeps at least: lower than the sheets' 0.97, since a sticker is shown large and
  /// alone, and its limits are the platform's.
  public static let defaultMinimumSSIM = 0.93

  public init(platform: StickerPlatform, outputDirectory: String, build: BuildOptions = BuildOptions()) {
    self.platform = platform
    self.outputDirectory = outputDirectory
    self.build = build
  }
}
