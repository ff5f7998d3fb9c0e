import EmoImage
import EmoPNG
import EmoPackFormat

/// Everything that controls a build; flags override the manifest, which overrides the defaults.
public struct BuildOptions: Sendable, Equatable {
  /// Where `<id>.pack` and the sheets go.
  public var outputDirectory: String
  /// Scales to build (nil: the manifest's, else 1, 2, 3).
  public var scales: [Int]?
  /// Point size (nil: the manifest's, else 32).
  public var pointSize: Int?
  /// Largest sheet side in pixels at the largest scale (nil: the manifest's, else 2048); at most 8192.
  public var maxSheetSide: Int?
  /// Padding ring around each sprite in points (nil: the manifest's, else 1).
  public var padding: Int?
  /// Resampling filter (nil: the manifest's, else Lanczos-3).
  public var filter: ResamplingFilter?
  /// Round sheet sides up to powers of two (nil: the manifest's, else no).
  public var powerOfTwo: Bool?
  /// Keep exact straight colours in translucent pixels (nil: the manifest's, else no).
  ///
  /// By default each sprite keeps them or takes its premultiplied form, whichever compresses smaller; see
  /// `PremultipliedForm`.
  public var exactColors: Bool?
  /// Parallel jobs (default: all cores).
  public var jobs: Int
  /// PNG effort for the sheets.
  public var pngEffort: PNGEffort
  /// Sheet file names: content-hashed (default, atomic) or stable `<id>@2x.png`.
  public var stableSheetNames: Bool
  /// Cache folder (default: `CacheLocation.folder(forOutput:)`, outside the output folder).
  public var cacheDirectory: String?
  /// When transparent borders are cut from sprites (nil: the manifest's, else `auto`).
  public var trim: TrimMode?
  /// Trimming cuts border pixels with alpha at most this (nil: the manifest's, else 0).
  public var trimAlpha: Int?
  /// Write sheets as reduced palettes held to the SSIM floor (nil: the manifest's, else no).
  public var palette: Bool?
  /// The palette mode's SSIM floor (nil: 0.97).
  public var ssimFloor: Double?
  /// Sheet file format (nil: the manifest's, else PNG).
  public var sheetFormat: SheetFormat?
  /// The pack id over the manifest's (one pack at a time; `--id`).
  public var packID: String?
  /// Display names over the manifest's, by locale (`--name LOCALE=TEXT`).
  public var names: [LocalizedName] = []
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
    pngEffort = .default
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
