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
  /// The PNG's width and height differ from the record's.
  case dimensions(path: String, expectedWidth: Int, expectedHeight: Int, width: Int, height: Int)

  /// The sheet's path.
  public var path: String {
    switch self {
    case .missing(let p), .unreadable(let p, _), .byteSize(let p, _, _), .digest(let p, _, _), .notPNG(let p, _),
      .dimensions(let p, _, _, _, _):
      p
    }
  }

  public var description: String {
    switch self {
    case .missing(let p): "\(p): sheet is missing"
    case .unreadable(let p, let why): "\(p): sheet cannot be read: \(why)"
    case .byteSize(let p, let e, let f): "\(p): sheet is \(f) bytes, the pack records \(e)"
    case .digest(let p, let e, let f): "\(p): sheet's SHA-256 is \(hexString(f)), the pack records \(hexString(e))"
    case .notPNG(let p, let why): "\(p): sheet is not a valid PNG: \(why)"
    case .dimensions(let p, let ew, let eh, let w, let h): "\(p): sheet is \(w)x\(h), the pack records \(ew)x\(eh)"
    }
  }
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

  /// Checks a sheet file's bytes against this record: byte size, SHA-256, then the PNG's width and height.
  ///
  /// The dimensions are read from the IHDR chunk here, without decoding. `path` names the file in the error.
  package func check(_ bytes: [UInt8], path: String) throws(SheetProblem) {
    guard bytes.count == byteSize else { throw .byteSize(path: path, expected: byteSize, found: bytes.count) }
    let digest = SHA256.hash(bytes)
    guard digest == sha256 else { throw .digest(path: path, expected: sha256, found: digest) }
    let (w, h) = try Self.pngSize(bytes, path: path)
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
}
