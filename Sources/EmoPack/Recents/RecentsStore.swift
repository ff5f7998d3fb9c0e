import Foundation

/// One recently used emoticon as stored.
public struct RecentItem: Sendable, Equatable {
  /// The pack id.
  public var packID: String
  /// The primary tag, or the emoji for emoji-only entries.
  public var key: String
  /// Times used.
  public var uses: Int
  /// Last use, milliseconds since 1970.
  public var lastUsed: Int64
}

/// Recently used emoticons in a SQLite database file, most recent first.
///
/// Rows are keyed by pack id + tag, so rebuilding a pack keeps its recents. The database uses WAL mode so several
/// processes (an app and its keyboard extension) can record at once; each use is one write transaction that
/// takes the lock up front and is retried while another process holds it, so no update is lost, and opening a
/// fresh file that another process is setting up at the same moment waits for it. The schema is versioned with
/// `PRAGMA user_version`.
public final class RecentsStore: @unchecked Sendable {
  /// The schema version this code writes.
  public static let schemaVersion = 1
  /// How many items a list holds by default: one keyboard page (0 for a capacity below it).
  public let capacity: Int
  /// How many rows are kept at most.
  public let retained: Int
  private let connection: SQLiteConnection
  private let clock: @Sendable () -> Int64

  /// Opens (creating when needed) the database at `path`.
  ///
  /// Throws `RecentsError` when the file is not a database or cannot be used; an app should then carry on
  /// without recents.
  public init(
    path: String, capacity: Int = 23, retained: Int = 200,
    clock: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970 * 1000) }
  ) throws(RecentsError) {
    self.capacity = max(0, capacity)
    self.retained = max(retained, capacity)
    self.clock = clock
    connection = try SQLiteConnection(path: path)
    connection.busyTimeout(milliseconds: 2_000)
    // Another process may be creating the same file right now: switching to WAL, reading the schema version
    // and creating the schema all wait it out (SQLite can answer SQLITE_BUSY without calling the busy handler).
    let deadline = Date().addingTimeInterval(Self.setUpTimeout)
    try connection.retrying(until: deadline) { () throws(RecentsError) in
      let mode = try connection.query("PRAGMA journal_mode=WAL")
      // A switch that could not take the lock it needs leaves the old mode in place: try again.
      guard case .text(let m) = mode.first?.first ?? .text(""), m.lowercased() == "wal" else {
        throw RecentsError(path: path, operation: "set WAL mode", code: 5, message: "journal mode not switched yet")
      }
    }
    try connection.retrying(until: deadline) { () throws(RecentsError) in
      try connection.transaction { () throws(RecentsError) in
        let version = try connection.query("PRAGMA user_version")
        guard case .integer(let v) = version.first?.first ?? .integer(0) else {
          throw RecentsError(path: path, operation: "read schema version", code: 0, message: "unexpected value")
        }
        if v > Self.schemaVersion {
          throw RecentsError(
            path: path, operation: "open", code: 0,
            message: "schema version \(v) is newer than this code's \(Self.schemaVersion)")
        }
        if v < 1 {
          try connection.execute(
            """
            CREATE TABLE IF NOT EXISTS recents (
              pack TEXT NOT NULL,
              key TEXT NOT NULL,
              uses INTEGER NOT NULL DEFAULT 0,
              last_used INTEGER NOT NULL,
              PRIMARY KEY (pack, key)
            ) WITHOUT ROWID;
            CREATE INDEX IF NOT EXISTS recents_order ON recents (last_used DESC, uses DESC);
            PRAGMA user_version = 1;
            """)
        }
      }
    }
  }

  /// How long opening waits for other processes setting up the same file.
  static let setUpTimeout: TimeInterval = 20
  /// How long a write waits for other writers.
  static let writeTimeout: TimeInterval = 20

  /// Records one use of the emoticon `key` (its primary tag or emoji) from pack `packID`.
  ///
  /// One write transaction that takes the write lock up front (`BEGIN IMMEDIATE`), retried while another
  /// process holds it.
  public func record(packID: String, key: String) throws(RecentsError) {
    let now = clock()
    try connection.retrying(until: Date().addingTimeInterval(Self.writeTimeout)) { () throws(RecentsError) in
      try connection.transaction { () throws(RecentsError) in
        try connection.query(
          """
          INSERT INTO recents (pack, key, uses, last_used) VALUES (?1, ?2, 1, ?3)
          ON CONFLICT (pack, key) DO UPDATE SET uses = uses + 1, last_used = max(last_used, excluded.last_used)
          """, [.text(packID), .text(key), .integer(now)])
        try connection.query(
          """
          DELETE FROM recents WHERE (pack, key) NOT IN
            (SELECT pack, key FROM recents ORDER BY last_used DESC, uses DESC LIMIT ?1)
          """, [.integer(Int64(retained))])
      }
    }
  }

  /// The most recent items first, ties broken by use count, at most `limit` (default `capacity`; none for a
  /// limit below 1).
  public func items(limit: Int? = nil) throws(RecentsError) -> [RecentItem] {
    // SQLite takes a negative LIMIT as none at all.
    let rows = try connection.query(
      "SELECT pack, key, uses, last_used FROM recents ORDER BY last_used DESC, uses DESC, pack, key LIMIT ?1",
      [.integer(Int64(max(0, limit ?? capacity)))])
    return rows.compactMap { row in
      guard row.count == 4, case .text(let p) = row[0], case .text(let k) = row[1], case .integer(let u) = row[2],
        case .integer(let t) = row[3]
      else { return nil }
      return RecentItem(packID: p, key: k, uses: Int(u), lastUsed: t)
    }
  }

  /// The recent emoticons that still exist in `catalog`, most recent first, at most `capacity`.
  public func emoticons(in catalog: Catalog) throws(RecentsError) -> [EmoticonRef] {
    var out: [EmoticonRef] = []
    // Read more rows than shown: some may name emoticons that no longer exist.
    for item in try items(limit: retained) {
      if let ref = catalog.lookup(packID: item.packID, key: item.key) { out.append(ref) }
      if out.count == capacity { break }
    }
    return out
  }

  /// Removes everything.
  public func clear() throws(RecentsError) {
    try connection.retrying(until: Date().addingTimeInterval(Self.writeTimeout)) { () throws(RecentsError) in
      try connection.transaction { () throws(RecentsError) in try connection.execute("DELETE FROM recents") }
    }
  }
}
