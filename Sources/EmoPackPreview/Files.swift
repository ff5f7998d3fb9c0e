import Foundation

/// Path helpers for the preview module (Foundation's NSString path API, named once).
typealias NSStringPath = NSString

func readFile(_ path: String) -> [UInt8]? {
  FileManager.default.contents(atPath: path).map { [UInt8]($0) }
}
