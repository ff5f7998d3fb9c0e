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
  private let index: SiteIndex
  private let generation: String

  /// Opens the generation at `generation`, after checking that every file `index` lists is there with its size.
  init(index: SiteIndex, generation: String, lock: LockFile) throws(SiteError) {
    for pack in index.signed.packs {
      for f in pack.files {
        let path = generation + "/" + pack.id + "/" + f.name
        if let problem = sizeProblem(path, f.size) {
          throw SiteError(file: path, check: .presence, expected: "\(f.size) bytes, as the index lists", found: problem)
        }
      }
    }
    self.index = index
    self.generation = generation
    packs = index.signed.packs.map {
      Pack(id: $0.id, revision: $0.revision, path: generation + "/" + $0.id + "/" + $0.files[0].name)
    }
    do { catalog = try Catalog(paths: packs.map(\.path)) } catch {
      throw SiteError(file: generation, check: .pack, expected: "installed packs that open", found: "\(error)")
    }
    serial = index.signed.serial
    self.lock = lock
  }

  /// Re-reads every installed file and checks its SHA-256 against the index (`open()` checks only presence and
  /// size): `.sha256` naming the first file whose bytes changed, `.presence` one that is gone. A changed file is
  /// recorded in the generation (`.damaged`), so that the next `refresh()` repairs it.
  public func verify() throws(SiteError) {
    for pack in index.signed.packs {
      for f in pack.files {
        let path = generation + "/" + pack.id + "/" + f.name
        let digest = try fileDigest(path)
        guard digest == f.sha256 else {
          // Marked for the next refresh, which hashes no file on its own.
          let note = "\(pack.id)/\(f.name): other bytes than the index lists (SHA-256 \(digest))\n"
          try? Data(note.utf8).write(to: URL(fileURLWithPath: generation + "/" + StoreFolder.damagedMarker))
          throw SiteError(file: path, check: .sha256, expected: f.sha256, found: digest)
        }
      }
    }
  }

  /// Lets other processes delete this generation once it is no longer current (as releasing the value does).
  public func close() { lock.release() }
}
