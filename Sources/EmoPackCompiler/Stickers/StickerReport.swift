/// What `emopack export` wrote for a sticker platform, per sticker pack and sticker.
public struct StickerReport: Sendable, Codable, Equatable {
  public struct Sticker: Sendable, Codable, Equatable {
    /// File name in the sticker pack's folder.
    public var file: String
    /// The entry's primary tag or code.
    public var entry: String
    public var emoji: [String]
    public var bytes: Int
    public var animated: Bool
    /// The WebP quality reached to fit the byte limit (256: an APNG reduced to one 256-colour palette), nil when
    /// lossless.
    public var quality: Int?
    /// The least SSIM against the resampled source (1 when lossless).
    public var ssim: Double
  }

  public struct Pack: Sendable, Codable, Equatable {
    public var identifier: String
    public var name: String
    public var folder: String
    public var animated: Bool
    public var stickers: [Sticker]
    public var trayBytes: Int?
  }

  public var platform: StickerPlatform
  public var packs: [Pack]
  public var diagnostics: [Diagnostic]
}
