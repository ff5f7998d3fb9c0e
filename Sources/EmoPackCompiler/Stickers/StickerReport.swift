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
    /// The WebP quality reached to fit the byte limit (256: PNG frames reduced each to a palette of their own),
    /// nil when lossless.
    public var quality: Int?
    /// The least SSIM over the source's frames, each against the frame shown at its time (1 when lossless).
    public var ssim: Double
    /// Frames shown (after merging and dropping), and the animation's length in milliseconds.
    public var frames: Int = 1
    public var durationMs: Int = 0
    /// The sticker's side in pixels (Signal may take a smaller square).
    public var side: Int = 0
    /// What each step of the fitting ladder reached, the last the one kept.
    public var steps: [Step] = []

    /// One step of the fitting ladder: its name, the bytes and least SSIM it reached, and whether that fits.
    public struct Step: Sendable, Codable, Equatable {
      public var step: String
      public var bytes: Int
      public var ssim: Double
      public var fits: Bool
      public var detail: String
    }
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
  /// The least SSIM at display times over every sticker written (1 when all are lossless).
  public var leastSSIM: Double = 1
}
