import EmoPack
import Foundation

/// The demo's emoticons, compiled from `Emoticons.emopack` by the build plugin.
public enum Emoticons {
  /// The catalog over the bundled `demo.pack`.
  public static func catalog() throws -> Catalog {
    guard let path = Bundle.module.path(forResource: "demo", ofType: "pack") else {
      throw CocoaError(.fileNoSuchFile)
    }
    return try Catalog(paths: [path])
  }

  /// The folder holding the pack and its sheets.
  public static var folder: String? {
    Bundle.module.path(forResource: "demo", ofType: "pack").map { ($0 as NSString).deletingLastPathComponent }
  }
}
