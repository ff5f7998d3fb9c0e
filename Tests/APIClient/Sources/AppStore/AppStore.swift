// The store as docs/DELIVERY.md shows it: an app and its keyboard extension sharing one folder.
import EmoPack
import EmoPackStore
import Foundation

let publisherKey: [UInt8] = Array(repeating: 7, count: 32)

/// The app: refresh on launch, then open what is installed.
func appLaunched(sharedFolder: URL) async -> Catalog? {
  do {
    let store = try PackStore(
      site: URL(string: "https://cdn.example.com/emoticons/")!, trustedKeys: [publisherKey],
      folder: sharedFolder.appendingPathComponent("emoticons").path)
    do {
      let report = try await store.refresh()
      switch report.outcome {
      case .installed:
        print(
          "installed serial \(report.serial): \(report.changed) (\(report.bytesFetched) bytes, index \(report.indexBytes))"
        )
        for problem in report.repaired { print("repaired \(problem)") }
      case .upToDate: break
      case .stale(let expires): print("the site stopped updating at \(expires)")
      }
    } catch {
      // The previous packs stay installed; the error names the file and the check.
      print("update refused: \(error.file): \(error.check.rawValue): expected \(error.expected), found \(error.found)")
    }
    let installed = try store.open()
    // The full check, now and then: a changed file is repaired by the next refresh.
    try installed?.verify()
    return installed?.catalog
  } catch {
    return nil
  }
}

/// The keyboard extension: open only; it holds its generation until it lets go of `installed`.
final class KeyboardPacks {
  var installed: InstalledPacks?

  func load(sharedFolder: URL) throws(SiteError) {
    let store = try PackStore(
      site: URL(string: "https://cdn.example.com/emoticons/")!, trustedKeys: [publisherKey],
      folder: sharedFolder.appendingPathComponent("emoticons").path)
    installed = try store.open()
    if let found = installed?.catalog.search("笑").prefix(8) { _ = Array(found) }
  }
}
