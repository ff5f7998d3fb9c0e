import EmoGIF
import EmoImage
import EmoPNG
import EmoPackFormat
import EmoWebP
import Foundation

/// Checks manifests against everything emopack promises, reporting every problem in one run.
public struct Validator: Sendable {
  /// Limits on images and manifests.
  public var imageLimits: PNGLimits
  /// Limits on manifests.
  public var manifestLimits: ManifestLimits
  /// Limits on animations (frames, duration, pixels), checked by a first pass that decodes nothing.
  public var animationLimits: AnimationLimits = .default
  /// Decode every image fully (finds corrupt image data, not only bad headers).
  public var decodeImages: Bool

  /// Creates a validator.
  public init(imageLimits: PNGLimits = .default, manifestLimits: ManifestLimits = .init(), decodeImages: Bool = true) {
    self.imageLimits = imageLimits
    self.manifestLimits = manifestLimits
    self.decodeImages = decodeImages
  }

  /// The diagnostics of validating the packs at `paths` with `options`: what `emopack validate` prints.
  public func diagnose(paths: [String], options: BuildOptions = BuildOptions()) -> Diagnostics {
    check(paths: paths, options: options).diagnostics
  }

  /// Loads the manifests at `paths` and validates every pack they describe with `options`: what `emopack validate`
  /// and `emopack build` both do first, so they agree.
  package func check(
    paths: [String], options: BuildOptions
  ) -> (
    manifests: [PackManifest], packs: [ValidatedPack], diagnostics: Diagnostics
  ) {
    var diagnostics = Diagnostics()
    var manifests: [PackManifest] = []
    for path in paths {
      let (packs, d) = ManifestLoader.load(path, limits: options.manifestLimits)
      manifests += packs
      diagnostics.append(contentsOf: d)
    }
    let (validated, d) = validate(manifests, options: options)
    diagnostics.append(contentsOf: d)
    if manifests.isEmpty && !diagnostics.hasErrors {
      diagnostics.append(Diagnostic(.error, .noPack, file: paths.first ?? ".", "no pack found"))
    }
    return (manifests, validated, diagnostics)
  }

  /// Validates packs built together (tags must be unique across them); returns those without errors.
  ///
  /// Each pack's settings are resolved here from `options` over its manifest over the defaults (the one place
  /// they are), so `emopack validate` and `emopack build` accept and reject the same packs.
  package func validate(
    _ packs: [PackManifest], options: BuildOptions = BuildOptions()
  ) -> (
    packs: [ValidatedPack], diagnostics: Diagnostics
  ) {
    var all = Diagnostics()
    var out: [ValidatedPack] = []
    var tagOwners: [String: (pack: String, location: DiagnosticLocation)] = [:]
    var ids: [String: DiagnosticLocation] = [:]
    var cldr = CLDRKeywords(folder: options.cldrDirectory ?? CLDRKeywords.defaultFolder)
    var packs = packs
    // `--id` and `--name` name one pack: over the manifest's values when one pack is built, an error otherwise.
    let perPack = [options.packID.map { _ in "--id" }, options.names.isEmpty ? nil : "--name"].compactMap { $0 }
    if packs.count > 1, let flag = perPack.first {
      all.error(
        .onePackSetting, "\(flag) names one pack, but \(packs.count) packs are built together",
        at: SettingsTable.location(of: flag))
      return ([], all)
    }
    for i in packs.indices {
      if let id = options.packID { packs[i].id = id }
      for name in options.names {
        packs[i].names.removeAll { $0.locale == name.locale }
        packs[i].names.append(name)
      }
      packs[i].names.sort { $0.locale < $1.locale }
    }
    for pack in packs {
      var d = Diagnostics()
      let settings = PackSettings.resolve(options: options, manifest: pack, diagnostics: &d)
      var validation = PackValidation(validator: self, pack: pack, settings: settings, diagnostics: d)
      var validated = validation.run()
      d = validation.d
      if let first = ids[pack.id], !pack.id.isEmpty {
        d.error(.duplicatePackId, "pack id '\(pack.id)' is used by two packs built together", at: pack.location)
        d.note(.firstDefinedHere, "'\(pack.id)' first defined here", at: first)
      } else {
        ids[pack.id] = pack.location
      }
      for entry in pack.entries {
        for tag in entry.tags + entry.codes {
          if let owner = tagOwners[tag.value], owner.pack != pack.id {
            let isCode = !entry.tags.contains(tag)
            d.error(
              isCode ? .duplicateCode : .tagAcrossPacks,
              "duplicate \(isCode ? "code" : "tag") '\(tag.value)': pack '\(owner.pack)' already uses it",
              at: tag.location)
            d.note(.firstDefinedHere, "'\(tag.value)' first used here", at: owner.location)
          } else if tagOwners[tag.value] == nil {
            tagOwners[tag.value] = (pack.id, tag.location)
          }
        }
      }
      if !options.keywordLocales.isEmpty, var v = validated {
        cldr.annotate(&v, locales: options.keywordLocales, diagnostics: &d)
        validated = v
      }
      if d.hasErrors { validated = nil }
      all.append(contentsOf: d)
      if let validated { out.append(validated) }
    }
    return (out, all)
  }



  /// `name`'s non-ASCII scalars as `U+…` joined by spaces, for telling apart names that look the same.
  static func codePoints(_ name: String) -> String {
    name.unicodeScalars.filter { $0.value >= 0x80 }.map { scalar -> String in
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }.joined(separator: " ")
  }

  /// `a@2x.png` and `a.png` share the stem `a` (their `ImageFamily` base).
  static func stem(_ name: String) -> String { ImageFamily.split(name).base }










}
