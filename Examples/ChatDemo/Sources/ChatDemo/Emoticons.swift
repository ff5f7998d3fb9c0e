import EmoPack
import Foundation

/// The demo's emoticons, compiled from `Emoticons.emopack` by the build plugin.
public enum Emoticons {
  /// The catalog over the bundled `demo.pack`.
  public static func catalog() throws -> Catalog {
    guard let path = Bundle.module.path(forResource: "demo", ofType: "pack", inDirectory: "Emoticons") else {
      throw CocoaError(.fileNoSuchFile)
    }
    return try Catalog(paths: [path])
  }

  /// The folder holding the pack and its sheets.
  public static var folder: String? {
    Bundle.module.path(forResource: "demo", ofType: "pack", inDirectory: "Emoticons").map { ($0 as NSString).deletingLastPathComponent }
  }
}

extension Emoticons {
  /// Every pack the build plugin compiled into the folder named after `packFolder` (`NetEase` for
  /// `NetEase.emopack`), opened as one catalog in file-name order.
  public static func catalog(folder packFolder: String) throws -> Catalog {
    guard let paths = Bundle.module.paths(forResourcesOfType: "pack", inDirectory: packFolder) as [String]?,
      !paths.isEmpty
    else { throw CocoaError(.fileNoSuchFile) }
    return try Catalog(paths: paths.sorted())
  }
}
