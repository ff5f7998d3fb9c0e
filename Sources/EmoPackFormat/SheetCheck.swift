/// How a sheet file differs from the record a pack keeps of it.
public enum SheetProblem: Error, Equatable, Sendable, CustomStringConvertible {
  /// No file is at the path.
  case missing(path: String)
  /// The path cannot be read: not a regular file (a folder, a FIFO), or the system refused.
  case unreadable(path: String, reason: String)
  /// The file's size differs from the record's.
  case byteSize(path: String, expected: Int, found: Int)
  /// The file's SHA-256 differs from the record's.
  case digest(path: String, expected: [UInt8], found: [UInt8])
  /// The file does not start with a PNG signature and an IHDR chunk.
  case notPNG(path: String, reason: String)
  /// The file does not start with a RIFF WebP header and a `VP8 `, `VP8L` or `VP8X` chunk.
  case notWebP(path: String, reason: String)
  /// The PNG's width and height differ from the record's.
  case dimensions(path: String, expectedWidth: Int, expectedHeight: Int, width: Int, height: Int)

  /// The sheet's path.
  public var path: String {
    switch self {
    case .missing(let p), .unreadable(let p, _), .byteSize(let p, _, _), .digest(let p, _, _), .notPNG(let p, _),
      .notWebP(let p, _), .dimensions(let p, _, _, _, _):
      p
    }
  }

  /// What differs, without the path.
  public var message: String {
    switch self {
    case .missing: "sheet is missing"
    case .unreadable(_, let why): "sheet cannot be read: \(why)"
    case .byteSize(_, let e, let f): "sheet is \(f) bytes, the pack records \(e)"
    case .digest(_, let e, let f): "sheet's SHA-256 is \(hexString(f)), the pack records \(hexString(e))"
    case .notPNG(_, let why): "sheet is not a valid PNG: \(why)"
    case .notWebP(_, let why): "sheet is not a valid WebP: \(why)"
    case .dimensions(_, let ew, let eh, let w, let h): "sheet is \(w)x\(h), the pack records \(ew)x\(eh)"
    }
  }

  public var description: String { "\(path): \(message)" }
}

extension SheetRecord {
  /// The sheet file at `path`, read and checked against this record; a file larger than the record says is
  /// refused after reading one byte more than that.
  package func read(at path: String) throws(SheetProblem) -> [UInt8] {
    let read: (bytes: [UInt8], size: Int)
    do throws(FileReadError) {
      read = try RegularFile.readWithSize(path, limit: byteSize < Int.max ? max(byteSize, 0) + 1 : byteSize)
    } catch {
      throw error.isMissing ? .missing(path: path) : .unreadable(path: path, reason: error.reason)
    }
    guard read.bytes.count <= byteSize else { throw .byteSize(path: path, expected: byteSize, found: read.size) }
    let bytes = read.bytes
    try check(bytes, path: path)
    return bytes
  }

  /// Checks a sheet file's bytes against this record: byte size, SHA-256, then the image's width and height.
  ///
  /// The dimensions are read from the PNG's IHDR chunk, or the WebP's first chunk, without decoding. `path` names
  /// the file in the error.
  package func check(_ bytes: [UInt8], path: String) throws(SheetProblem) {
    guard bytes.count == byteSize else { throw .byteSize(path: path, expected: byteSize, found: bytes.count) }
    let digest = SHA256.hash(bytes)
    guard digest == sha256 else { throw .digest(path: path, expected: sha256, found: digest) }
    let (w, h) = format == .webp ? try Self.webpSize(bytes, path: path) : try Self.pngSize(bytes, path: path)
    guard w == width, h == height else {
      throw .dimensions(path: path, expectedWidth: width, expectedHeight: height, width: w, height: h)
    }
  }

  /// The signature every PNG starts with.
  static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// Width and height from a PNG's first chunk, which must be IHDR.
  static func pngSize(_ b: [UInt8], path: String) throws(SheetProblem) -> (Int, Int) {
    guard b.count >= 24, Array(b[0..<8]) == pngSignature else {
      throw .notPNG(path: path, reason: "no PNG signature")
    }
    guard Array(b[12..<16]) == Array("IHDR".utf8), b[8] == 0, b[9] == 0, b[10] == 0, b[11] == 13 else {
      throw .notPNG(path: path, reason: "the first chunk is not a 13-byte IHDR")
    }
    func be32(_ at: Int) -> Int { Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3]) }
    return (be32(16), be32(20))
  }

  /// Width and height from a WebP's first chunk: `VP8X` (the canvas), `VP8L` or `VP8 ` (the image).
  static func webpSize(_ b: [UInt8], path: String) throws(SheetProblem) -> (Int, Int) {
    guard b.count >= 20, b[0..<4].elementsEqual("RIFF".utf8), b[8..<12].elementsEqual("WEBP".utf8) else {
      throw .notWebP(path: path, reason: "no RIFF…WEBP header")
    }
    func le(_ at: Int, _ n: Int) -> Int { (0..<n).reduce(0) { $0 | Int(b[at + $1]) << (8 * $1) } }
    let chunk = String(decoding: b[12..<16], as: UTF8.self)
    let payload = 20
    guard le(16, 4) <= b.count - payload else { throw .notWebP(path: path, reason: "the first chunk is truncated") }
    switch chunk {
    case "VP8X" where b.count >= payload + 10:
      return (le(payload + 4, 3) + 1, le(payload + 7, 3) + 1)
    case "VP8L" where b.count >= payload + 5 && b[payload] == 0x2F:
      let bits = le(payload + 1, 4)
      return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
    case "VP8 "
    where b.count >= payload + 10 && b[payload + 3] == 0x9D && b[payload + 4] == 0x01
      && b[payload + 5] == 0x2A:
      return (le(payload + 6, 2) & 0x3FFF, le(payload + 8, 2) & 0x3FFF)
    default:
      throw .notWebP(path: path, reason: "the first chunk '\(chunk)' is not a VP8X, VP8L or VP8 image header")
    }
  }
}
