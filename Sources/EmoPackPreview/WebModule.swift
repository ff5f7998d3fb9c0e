import EmoPNG

/// The web runtime as `emopack export --format web` and the HTML preview carry it: the files esbuild bundled from
/// web/src and the example page (build-tools/web/vectors writes Sources/EmoPackPreview/Web; SwiftPM embeds them).
package enum WebModule {
  /// The files of a web export beside the packs: path, then bytes.
  package static var files: [(path: String, bytes: [UInt8])] {
    [
      ("emopack/emopack.js", unpacked(PackageResources.emopack_js_z)), ("index.html", PackageResources.index_html),
      ("example.js", PackageResources.example_js),
    ]
  }

  /// The module as one classic script defining `EmoPack`, which the self-contained HTML preview inlines.
  package static var classicScript: String {
    String(decoding: unpacked(PackageResources.emopack_classic_js_z), as: UTF8.self)
  }

  /// An embedded bundle (`Zlib.sized`); empty if the build embedded something else.
  static func unpacked(_ stored: [UInt8]) -> [UInt8] { Zlib.unsized(stored) ?? [] }
}
