import EmoPack
import EmoSite
import Foundation

/// A generation of the store opened for use: its catalog, held so that no process deletes its files.
public final class InstalledPacks: Sendable {
  /// One installed pack.
  public struct Pack: Sendable, Equatable {
    public var id: String
    public var revision: Int
    /// The `.pack` file's path; its sheets are beside it.
    public var path: String
  }

  /// The packs, in the index's order.
  public let packs: [Pack]
  /// The catalog over them.
  public let catalog: Catalog
  /// The serial of the index they came from.
  public let serial: Int
  private let lock: LockFile

  init(index: SiteIndex, generation: String, lock: LockFile) throws(SiteError) {
    packs = index.signed.packs.map {
      Pack(id: $0.id, revision: $0.revision, path: generation + "/" + $0.id + "/" + $0.files[0].name)
    }
    do { catalog = try Catalog(paths: packs.map(\.path)) } catch {
      throw SiteError(file: generation, check: .pack, expected: "installed packs that open", found: "\(error)")
    }
    serial = index.signed.serial
    self.lock = lock
  }

  /// Lets other processes delete this generation once it is no longer current (as releasing the value does).
  public func close() { lock.release() }
}
