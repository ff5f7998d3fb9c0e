import EmoGIF
import EmoImage
import EmoPNG
import EmoPackFormat
import EmoWebP
import Foundation

// Stage 3, images, decode and resample: each source's sprites at every scale (or the cache's), and the animations' frames.
extension PackJob {
  struct MadeSprites {
    /// Each source's sprite, its pixels in the store's file (or kept when they could not be written there).
    var sprites: [BuiltSprite]
    /// This build's sprite file, open for reading back.
    var store: SpriteStore
    var processed: Int
    var fromCache: Int
  }

  /// Decodes and resamples each source (one source in memory per job), or loads its sprites from the cache,
  /// then trims each scale's image.
  ///
  /// Decoding failures become diagnostics naming the file, thrown together as `invalidInput`.
  func makeSprites(
    _ plan: Plan, cache: BuildCache, diagnostics: inout Diagnostics
  ) throws(BuildError) -> MadeSprites {
    let images = plan.sources
    let hashes = plan.sourceHashes
    let scales = settings.scales
    let pointSize = settings.pointSize
    let resampler = Resampler(filter: settings.filter)
    let limits = options.imageLimits
    let progress = self.progress
    let id = pack.id
    let done = Locked<Int>(0)
    let exact = settings.exactColors
    let trim = settings.trim != .never
    let threshold = settings.trimAlpha
    let spriteSettings = settings.spriteKeyText
    let store = SpriteStore(
      cache: cache, id: pack.id, sides: scales.map { pointSize * $0 }, count: images.count)
    typealias Made = (sprite: BuiltSprite, cached: Bool)
    let results = parallelMap(images.count, jobs: options.jobs) { i -> Result<Made, Diagnostic> in
      let image = images[i]
      let spriteKey = SHA256.hash(
        Array(
          "\(PackBuilder.toolVersion)|\(hexString(hashes[i]))|\(spriteSettings)".utf8))
      var rendered: [RGBAImage]?
      var cached = false
      var r: Result<Made, Diagnostic>?
      if let fromCache = store.sprite(spriteKey) {
        rendered = fromCache
        cached = true
      } else {
        do {
          let bytes = try FileSystem.read(image.path)
          let decoded = try SourceDecoder.decode(bytes, limits: limits)
          // A scale the pack ships a drawing of takes it as drawn; the others are resampled from the image.
          let drawings = scales.map { scale in
            image.variant(forScale: scale).map(\.path).flatMap { $0 != image.path ? $0 : nil }
          }
          let resampled = resampler.fit(
            decoded, sides: zip(scales, drawings).filter { $0.1 == nil }.map { pointSize * $0.0 })
          var images: [RGBAImage] = []
          var nextResampled = 0
          for drawing in drawings {
            if let drawing {
              images.append(try SourceDecoder.decode(try FileSystem.read(drawing), limits: limits))
            } else {
              images.append(resampled[nextResampled])
              nextResampled += 1
            }
          }
          if !exact { images = PremultipliedForm.smaller(of: images) }
          rendered = images
        } catch let error as PNGError {
          r = .failure(
            image.location.diagnostic(
              .error, .imageCorrupt, "image '\(image.relativePath)' is a corrupt PNG: \(error.message)"))
        } catch {
          r = .failure(
            image.location.diagnostic(
              .error, .imageUnreadable, "image '\(image.relativePath)' cannot be read: \(error)"))
        }
      }
      if let rendered {
        let (cells, hash) = BuiltSprite.cells(of: rendered, trim: trim, alphaThreshold: threshold)
        // Stored, only the cells are kept: the drawing reads the squares back.
        let kept = BuiltSprite(squares: rendered, cells: cells, hash: hash)
        r = .success((store.store(slot: i, key: spriteKey, rendered) ? kept.stored(slot: i) : kept, cached))
      }
      let n = done.add(1)
      progress?(BuildProgress(stage: BuildStage.images.rawValue, pack: id, done: n, total: images.count))
      return r
        ?? .failure(
          image.location.diagnostic(.error, .imageUnreadable, "image '\(image.relativePath)' was not processed"))
    }
    var out = MadeSprites(sprites: [], store: store, processed: 0, fromCache: 0)
    var failed = false
    for result in results {
      switch result {
      case .success(let made):
        out.sprites.append(made.sprite)
        if made.cached { out.fromCache += 1 } else { out.processed += 1 }
      case .failure(let d):
        diagnostics.append(d)
        failed = true
      }
    }
    // A failed build leaves the previous cache as it was; a good one makes its sprites the next build's cache.
    if failed {
      store.discard()
      throw .invalidInput(diagnostics)
    }
    store.commit()
    return out
  }

  /// One animation file's frames, made like stills: each whole frame resampled to every scale, with its visible
  /// rectangle (the layout trims the frames of a strip as one).
  struct MadeAnimation {
    var frames: [BuiltSprite]
    /// Each frame's time in milliseconds.
    var delays: [Int]
    /// Total plays, 0 forever.
    var loopCount: Int
  }

  /// Decodes every GIF and APNG (one file's frames in memory per job), composites and resamples its frames.
  ///
  /// Failures become diagnostics naming the file, thrown together as `invalidInput`.
  func makeAnimationFrames(_ plan: Plan, diagnostics: inout Diagnostics) throws(BuildError) -> [MadeAnimation] {
    let files = plan.animationFiles
    guard !files.isEmpty else { return [] }
    let scales = settings.scales
    let pointSize = settings.pointSize
    let resampler = Resampler(filter: settings.filter)
    let exact = settings.exactColors
    let trim = settings.trim != .never
    let threshold = settings.trimAlpha
    let limits = options.animationLimits
    let pngLimits = options.imageLimits
    let results = parallelMap(files.count, jobs: options.jobs) { i -> Result<MadeAnimation, Diagnostic> in
      let file = files[i]
      func decode(_ path: String) throws -> AnimatedImage {
        try SourceDecoder.decodeAnimation(try FileSystem.read(path), limits: limits, pngLimits: pngLimits)
      }
      let decoded: AnimatedImage
      // A scale the pack ships a drawing of (the same frames and delays, checked by validation) takes it as drawn.
      var drawings: [AnimatedImage?] = []
      do {
        decoded = try decode(file.path)
        for scale in scales {
          let variant = file.variant(forScale: scale).flatMap { $0.path != file.path ? $0.path : nil }
          let drawing = try variant.map(decode)
          drawings.append(drawing?.frames.count == decoded.frames.count ? drawing : nil)
        }
      } catch let error as GIFError {
        return .failure(
          file.location.diagnostic(
            .error, error.kind == .tooLarge ? .animationTooLarge : .animationCorrupt,
            "animation '\(file.relativePath)': \(error.message)"))
      } catch let error as PNGError {
        return .failure(
          file.location.diagnostic(
            .error, error.kind == .tooLarge ? .animationTooLarge : .animationCorrupt,
            "animation '\(file.relativePath)': \(error.message)"))
      } catch let error as WebPError {
        return .failure(
          file.location.diagnostic(
            .error, error.kind == .tooLarge ? .animationTooLarge : .animationCorrupt,
            "animation '\(file.relativePath)': \(error.message)"))
      } catch {
        return .failure(
          file.location.diagnostic(
            .error, .imageUnreadable, "animation '\(file.relativePath)' cannot be read: \(error)"))
      }
      var made = MadeAnimation(frames: [], delays: [], loopCount: decoded.loopCount)
      for (f, frame) in decoded.frames.enumerated() {
        let resampled = resampler.fit(
          frame.image, sides: zip(scales, drawings).filter { $0.1 == nil }.map { pointSize * $0.0 })
        var next = 0
        var images: [RGBAImage] = drawings.map { drawing in
          if let drawing { return drawing.frames[f].image }
          defer { next += 1 }
          return resampled[next]
        }
        if !exact { images = PremultipliedForm.smaller(of: images) }
        let (cells, hash) = BuiltSprite.cells(of: images, trim: trim, alphaThreshold: threshold)
        made.frames.append(BuiltSprite(squares: images, cells: cells, hash: hash))
        made.delays.append(frame.delay)
      }
      return .success(made)
    }
    var out: [MadeAnimation] = []
    var failed = false
    for r in results {
      switch r {
      case .success(let m): out.append(m)
      case .failure(let d):
        diagnostics.append(d)
        failed = true
      }
    }
    if failed { throw .invalidInput(diagnostics) }
    return out
  }
}
