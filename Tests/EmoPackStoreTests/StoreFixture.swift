import EmoImage
import EmoPNG
import EmoPackCompiler
import EmoPackFormat
import EmoPackStore
import EmoSign
import EmoSite
import Foundation
import LoopbackServer
import TestSupport

/// Two published versions of a site of two packs, built once per test process: `a` (3 emoticons) never changes;
/// `b` (4 emoticons) has one emoticon redrawn in version 2. The site folder holds every file of both versions;
/// which index is served is chosen per test.
struct StoreSite: Sendable {
  let folder: String
  let key: SigningKey
  let v1: [UInt8]
  let v2: [UInt8]
  var keyBytes: [[UInt8]] { [key.verifyingKey.bytes] }

  static let shared: Result<StoreSite, any Error> = Result { try make() }

  static func make() throws -> StoreSite {
    let root = TemporaryFolder.make("store-site")
    let key = try SigningKey.generate()
    let site = root + "/site"
    let a = try makePack(root, id: "a", count: 3, redraw: nil)
    let b1 = try makePack(root + "/v1", id: "b", count: 4, redraw: nil)
    _ = try Publisher.publish(packPaths: [a, b1], site: site, keys: [key])
    let v1 = try [UInt8](Data(contentsOf: URL(fileURLWithPath: site + "/index.json")))
    let b2 = try makePack(root + "/v2", id: "b", count: 4, redraw: 2)
    _ = try Publisher.publish(packPaths: [a, b2], site: site, keys: [key])
    let v2 = try [UInt8](Data(contentsOf: URL(fileURLWithPath: site + "/index.json")))
    return StoreSite(folder: site, key: key, v1: v1, v2: v2)
  }

  /// Builds pack `id` of `count` generated emoticons (tags `[id-N]`), emoticon `redraw` drawn differently;
  /// returns the `.pack` path.
  static func makePack(_ root: String, id: String, count: Int, redraw: Int?) throws -> String {
    let source = root + "/src-" + id
    try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
    var entries: [String] = []
    for i in 0..<count {
      let seed = (id == "a" ? 100 : 0) + i + (i == redraw ? 50 : 0)
      try Data(try PNGEncoder.encode(disc(seed, side: 32), options: PNGEncodeOptions(level: 1)))
        .write(to: URL(fileURLWithPath: "\(source)/e\(i).png"))
      entries.append(#"{"image": "e\#(i).png", "tags": ["[\#(id)-\#(i)]"]}"#)
    }
    try
      #"{"id": "\#(id)", "version": "1", "size": 16, "scales": [1, 2], "emoticons": [\#(entries.joined(separator: ","))]}"#
      .write(toFile: source + "/pack.json", atomically: true, encoding: .utf8)
    var options = BuildOptions(outputDirectory: root + "/out-" + id)
    options.cacheDirectory = nil
    _ = try PackBuilder(options: options).build(paths: [source])
    return root + "/out-" + id + "/" + id + ".pack"
  }

  static func disc(_ seed: Int, side: Int) -> RGBAImage {
    var pixels = [UInt8](repeating: 0, count: side * side * 4)
    let c = Double(side) / 2
    for y in 0..<side {
      for x in 0..<side {
        let d = ((Double(x) - c) * (Double(x) - c) + (Double(y) - c) * (Double(y) - c)).squareRoot()
        let i = (y * side + x) * 4
        pixels[i] = UInt8((seed * 37) % 256)
        pixels[i + 1] = UInt8((seed * 91 + x * 5) % 256)
        pixels[i + 2] = UInt8((seed * 13 + y * 7) % 256)
        pixels[i + 3] = d < c * 0.8 ? 255 : 0
      }
    }
    return RGBAImage(width: side, height: side, pixels: pixels)
  }

  func index(_ bytes: [UInt8]) throws -> SiteIndex {
    try SiteIndex.verified(bytes, trusted: [key.verifyingKey], file: "index.json")
  }

  /// `signed` signed by `key`, as the canonical bytes a site serves.
  func sign(_ signed: SiteIndex.Signed, with key: SigningKey? = nil) throws -> [UInt8] {
    let key = key ?? self.key
    let signature = Data(try key.sign(try SiteIndex.canonical(signed))).base64EncodedString()
    return try SiteIndex(signed: signed, signatures: [.init(keyId: key.verifyingKey.id, signature: signature)])
      .fileBytes()
  }
}

/// One test's server, store folder and store over the shared site.
struct StoreCase {
  let site: StoreSite
  let server: LoopbackServer
  let folder: String

  init(serving index: KeyPath<StoreSite, [UInt8]> = \.v1) throws {
    site = try StoreSite.shared.get()
    server = try LoopbackServer(root: site.folder)
    folder = TemporaryFolder.make("store")
    serve(site[keyPath: index])
  }

  func serve(_ index: [UInt8]) { server.setFault(.body(index), for: "/index.json") }

  func store(
    stall: Double = 5, total: Double = 30, lock: Double = 30, keys: [[UInt8]]? = nil,
    transport: (any PackTransport)? = nil, hooks: StoreHooks = StoreHooks()
  ) throws -> PackStore {
    try PackStore(
      site: server.url, trustedKeys: keys ?? site.keyBytes, folder: folder,
      timeouts: StoreTimeouts(stall: stall, total: total, lock: lock), transport: transport ?? URLSessionTransport(),
      hooks: hooks)
  }

  /// The serial of the current generation (nil when none), after checking that every file of it matches its
  /// index (re-hashed) and its packs open.
  func currentSerial() throws -> Int? {
    let s = try store()
    guard let held = try s.open() else { return nil }
    defer { held.close() }
    try held.verify()
    for pack in held.packs { try pack.catalogCheck() }
    return held.serial
  }

  /// Names in the store folder other than `current`, `generations` and `refresh.lock`: work left behind.
  func leftovers() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
      !["current", "generations", "refresh.lock", "accepted"].contains($0)
    }
  }

  func generations() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/generations")) ?? []).sorted()
  }
}

extension InstalledPacks.Pack {
  /// The installed `.pack` opens and verifies.
  func catalogCheck() throws {
    let reader = try PackFileReader(contentsOf: path)
    try reader.verify()
  }
}

/// Serves the site folder from memory, with one byte changed: a transport tests inject.
struct FlippingTransport: PackTransport {
  let root: String
  let index: [UInt8]
  let flip: (path: String, offset: Int)?

  func get(
    _ url: URL, timeouts: StoreTimeouts, receive: @escaping @Sendable (Data) throws(SiteError) -> Void
  )
    async throws(SiteError)
  {
    var bytes: [UInt8]
    if url.path.hasSuffix("/index.json") {
      bytes = index
    } else if let data = FileManager.default.contents(atPath: root + url.path) {
      bytes = [UInt8](data)
    } else {
      throw SiteError(file: url.absoluteString, check: .transport, expected: "HTTP 200", found: "HTTP 404")
    }
    if let flip, url.path == flip.path, flip.offset < bytes.count { bytes[flip.offset] ^= 0x01 }
    var offset = 0
    while offset < bytes.count {
      let end = min(offset + 1024, bytes.count)
      try receive(Data(bytes[offset..<end]))
      offset = end
    }
  }
}
