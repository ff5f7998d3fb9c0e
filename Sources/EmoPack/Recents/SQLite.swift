import CEmoSQLite
import Foundation

/// An error from the recents database, naming the file and SQLite's message.
public struct RecentsError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The database file.
  public let path: String
  /// What was being done.
  public let operation: String
  /// SQLite's result code.
  public let code: Int32
  /// SQLite's message.
  public let message: String

  public var description: String { "\(path): \(operation) failed: \(message) (SQLite code \(code))" }
}

/// The runtime's only SQLite calls: a connection with prepared statements, closed on deinit.
final class SQLiteConnection: @unchecked Sendable {
  private var db: OpaquePointer?
  let path: String

  init(path: String) throws(RecentsError) {
    self.path = path
    var handle: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
    let rc = sqlite3_open_v2(path, &handle, flags, nil)
    db = handle
    if rc != SQLITE_OK {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
      sqlite3_close(handle)
      db = nil
      throw RecentsError(path: path, operation: "open", code: rc, message: message)
    }
    sqlite3_extended_result_codes(db, 1)
  }

  deinit { sqlite3_close_v2(db) }

  func fail(_ operation: String, _ rc: Int32) -> RecentsError {
    RecentsError(path: path, operation: operation, code: rc, message: String(cString: sqlite3_errmsg(db)))
  }

  /// Runs SQL with no results.
  func execute(_ sql: String) throws(RecentsError) {
    let rc = sqlite3_exec(db, sql, nil, nil, nil)
    if rc != SQLITE_OK { throw fail(sql.split(separator: " ").prefix(3).joined(separator: " "), rc) }
  }

  func busyTimeout(milliseconds: Int32) { sqlite3_busy_timeout(db, milliseconds) }

  /// Runs `body` in a write transaction that takes the write lock first (`BEGIN IMMEDIATE`), rolled back if
  /// `body` throws.
  func transaction(_ body: () throws(RecentsError) -> Void) throws(RecentsError) {
    try execute("BEGIN IMMEDIATE")
    do {
      try body()
      try execute("COMMIT")
    } catch {
      _ = sqlite3_exec(db, "ROLLBACK", nil, nil, nil)
      throw error
    }
  }

  /// Runs `body` again while it fails because another connection holds a lock (SQLITE_BUSY, SQLITE_LOCKED and
  /// their extended codes), with growing pauses, until `deadline`.
  func retrying(until deadline: Date, _ body: () throws(RecentsError) -> Void) throws(RecentsError) {
    var pause = 0.001
    while true {
      do {
        return try body()
      } catch {
        let primary = error.code & 0xFF
        guard primary == SQLITE_BUSY || primary == SQLITE_LOCKED, Date() < deadline else { throw error }
        Thread.sleep(forTimeInterval: pause * Double.random(in: 0.5...1.5))
        pause = min(pause * 2, 0.05)
      }
    }
  }

  /// A bound value.
  enum Value {
    case text(String)
    case integer(Int64)
  }

  /// Runs one statement with `bindings` and returns its rows as arrays of values.
  @discardableResult
  func query(_ sql: String, _ bindings: [Value] = []) throws(RecentsError) -> [[Value]] {
    var statement: OpaquePointer?
    var rc = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
    guard rc == SQLITE_OK else { throw fail("prepare", rc) }
    defer { sqlite3_finalize(statement) }
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    for (i, b) in bindings.enumerated() {
      switch b {
      case .text(let s): rc = sqlite3_bind_text(statement, Int32(i + 1), s, -1, transient)
      case .integer(let v): rc = sqlite3_bind_int64(statement, Int32(i + 1), v)
      }
      guard rc == SQLITE_OK else { throw fail("bind", rc) }
    }
    var rows: [[Value]] = []
    while true {
      rc = sqlite3_step(statement)
      if rc == SQLITE_DONE { break }
      guard rc == SQLITE_ROW else { throw fail("step", rc) }
      var row: [Value] = []
      for c in 0..<sqlite3_column_count(statement) {
        if sqlite3_column_type(statement, c) == SQLITE_INTEGER {
          row.append(.integer(sqlite3_column_int64(statement, c)))
        } else if let text = sqlite3_column_text(statement, c) {
          row.append(.text(String(cString: text)))
        } else {
          row.append(.text(""))
        }
      }
      rows.append(row)
    }
    return rows
  }
}
