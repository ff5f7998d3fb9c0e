import EmoImage
import EmoPNG
import EmoPackFormat

/// Everything that controls a build; flags override the manifest, which overrides the defaults.
public struct BuildOptions: Sendable, Equatable {
  /// Where `<id>.pack` and the sheets go.
  public var outputDirectory: String
  // The settings: nil takes the manifest's value, else the default; `SettingsTable` gives each one's default,
  // range and flag (docs/CLI.md lists them).

  /// Scales to build (`--scales`).
  public var scales: [Int]?
  /// Point size (`--size`).
  public var pointSize: Int?
  /// Largest sheet side in pixels at the largest scale (`--max-sheet-side`).
  public var maxSheetSide: Int?
  /// Padding ring around each sprite, in points (`--padding`).
  public var padding: Int?
  /// Resampling filter (`--filter`).
  public var filter: ResamplingFilter?
  /// Round sheet sides up to powers of two (`--power-of-two`).
  public var powerOfTwo: Bool?
  /// Keep exact straight colours in translucent pixels (`--exact-colors`); otherwise each sprite keeps them or
  /// takes its premultiplied form, whichever compresses smaller (`PremultipliedForm`).
  public var exactColors: Bool?
  /// How hard the encoders work for smaller sheets (`--effort`).
  public var effort: Effort
  /// Sheet file names: content-hashed (default, atomic) or stable `<id>@2x.png` (`--stable-names`).
  public var stableSheetNames: Bool
  /// When transparent borders are cut from sprites (`--trim`, `--no-trim`).
  public var trim: TrimMode?
  /// Trimming cuts border pixels with alpha at most this (`--trim-alpha`).
  public var trimAlpha: Int?
  /// Lossy sheets held to the SSIM floor (`--lossy`, `--lossless`).
  public var lossy: Bool?
  /// The lossy modes' SSIM floor per sprite (`--ssim-floor`).
  public var ssimFloor: Double?
  /// Sheet file format (`--sheet-format`).
  public var sheetFormat: SheetFormat?
  /// How sprites are put on sheets (`--layout`).
  public var layout: SheetLayout?
  /// The pack id over the manifest's (one pack at a time; `--id`).
  public var packID: String?
  /// Display names over the manifest's, by locale (`--name LOCALE=TEXT`).
  public var names: [LocalizedName] = []

  /// Parallel jobs (default: all cores).
  public var jobs: Int
  /// Cache folder (default: `CacheLocation.folder(forOutput:)`, outside the output folder).
  public var cacheDirectory: String?
  /// Locales whose CLDR emoji names and keywords are added (`zh` is CLDR's Simplified Chinese); none by default.
  public var keywordLocales: [String] = []
  /// CLDR's `common` folder (nil: `$EMOPACK_CLDR_DIR`, else Debian's `/usr/share/unicode/cldr/common`).
  public var cldrDirectory: String?
  /// Image limits.
  public var imageLimits: PNGLimits
  /// Manifest limits.
  public var manifestLimits: ManifestLimits
  /// Animation limits (frames, duration, decoded pixels, canvas side).
  public var animationLimits: AnimationLimits = .default
  /// Most sheet pixels (all sheets of a pack at every scale) before the build refuses.
  public var maxTotalSheetPixels: Int
  /// Wait for another build holding the output folder's lock instead of failing at once.
  public var waitForLock: Bool
  /// Fail when a pack needs more than one sheet page (for build systems that name outputs in advance).
  public var singlePage: Bool
  /// Set the output folder's modification time at the end of every successful build, up to date or not (for
  /// build systems that declare the folder as the output and compare times).
  public var touchOutput: Bool

  /// Default options writing to `outputDirectory`.
  public init(outputDirectory: String = "build/emopack") {
    self.outputDirectory = outputDirectory
    jobs = System.coreCount
    effort = .default
    stableSheetNames = false
    imageLimits = .default
    manifestLimits = .init()
    maxTotalSheetPixels = 256 << 20
    waitForLock = true
    singlePage = false
    touchOutput = false
  }

  /// The cache folder in effect for builds into `output`.
  public func resolvedCacheDirectory(forOutput output: String) -> String {
    cacheDirectory ?? CacheLocation.folder(forOutput: output)
  }
}

extension BuildOptions {
  /// The older name of `lossy`.
  @available(*, deprecated, renamed: "lossy")
  public var palette: Bool? {
    get { lossy }
    set { lossy = newValue }
  }

  /// The older name of `effort`.
  @available(*, deprecated, renamed: "effort")
  public var pngEffort: Effort {
    get { effort }
    set { effort = newValue }
  }

  /// The older name of `maxSheetSide`.
  @available(*, deprecated, renamed: "maxSheetSide")
  public var maxSheet: Int? {
    get { maxSheetSide }
    set { maxSheetSide = newValue }
  }

  /// The older name of `trimAlpha`.
  @available(*, deprecated, renamed: "trimAlpha")
  public var trimAlphaThreshold: Int? {
    get { trimAlpha }
    set { trimAlpha = newValue }
  }
}
