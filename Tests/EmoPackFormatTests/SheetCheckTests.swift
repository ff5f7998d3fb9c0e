import EmoPNG
import EmoPackFormat
import Foundation
import Testing

/// The one sheet check (`SheetRecord.check`) that inspect, EmoPackSprites and the previews share.
@Suite struct SheetCheckTests {
  static func sheet() throws -> ([UInt8], SheetRecord) {
    let png = try PNGEncoder.encode(
      samples: [UInt8](repeating: 200, count: 6 * 4 * 4), width: 6, height: 4, layout: .rgba)
    return (
      png,
      SheetRecord(
        fileName: "s.png", scale: 1, page: 0, width: 6, height: 4, byteSize: png.count, sha256: SHA256.hash(png))
    )
  }

  @Test func eachDifferenceIsNamedWithItsEvidence() throws {
    let (png, record) = try Self.sheet()
    try record.check(png, path: "a/s.png")
    #expect(throws: SheetProblem.byteSize(path: "a/s.png", expected: png.count, found: png.count - 1)) {
      try record.check(Array(png.dropLast()), path: "a/s.png")
    }
    var flipped = png
    flipped[40] ^= 1
    #expect(throws: SheetProblem.digest(path: "p", expected: record.sha256, found: SHA256.hash(flipped))) {
      try record.check(flipped, path: "p")
    }
    // A record that matches the bytes but not the PNG's size.
    var wide = record
    wide.width = 7
    #expect(throws: SheetProblem.dimensions(path: "p", expectedWidth: 7, expectedHeight: 4, width: 6, height: 4)) {
      try wide.check(png, path: "p")
    }
    // Bytes that are no PNG, recorded faithfully.
    let junk = [UInt8](repeating: 7, count: 40)
    let junkRecord = SheetRecord(
      fileName: "j.png", scale: 1, page: 0, width: 6, height: 4, byteSize: 40, sha256: SHA256.hash(junk))
    #expect(throws: SheetProblem.notPNG(path: "j", reason: "no PNG signature")) {
      try junkRecord.check(junk, path: "j")
    }
    #expect(SheetProblem.missing(path: "x.png").description == "x.png: sheet is missing")
    #expect(
      SheetProblem.unreadable(path: "x.png", reason: "a folder").description == "x.png: sheet cannot be read: a folder")
  }

  @Test func sheetsAreReadFromFilesAndChecked() throws {
    let (png, record) = try Self.sheet()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("emopack-sheet-\(getpid())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try Data(png).write(to: URL(fileURLWithPath: folder + "/s.png"))
    #expect(try record.read(at: folder + "/s.png") == png)
    #expect(try RegularFile.read(folder + "/s.png", limit: 5) == Array(png.prefix(5)))
    #expect(try RegularFile.read(folder + "/s.png", limit: -1) == [])
    var shorter = record
    shorter.byteSize = 3
    // A file longer than its record is refused after four bytes, with its whole size.
    #expect(throws: SheetProblem.byteSize(path: folder + "/s.png", expected: 3, found: png.count)) {
      try shorter.read(at: folder + "/s.png")
    }
    let partial = try RegularFile.readWithSize(folder + "/s.png", limit: 4)
    #expect(partial.bytes == Array(png.prefix(4)) && partial.size == png.count)
    shorter.byteSize = -1
    #expect(throws: SheetProblem.byteSize(path: folder + "/s.png", expected: -1, found: png.count)) {
      try shorter.read(at: folder + "/s.png")
    }
    var other = record
    other.byteSize += 1
    #expect(throws: SheetProblem.byteSize(path: folder + "/s.png", expected: png.count + 1, found: png.count)) {
      try other.read(at: folder + "/s.png")
    }
    let missing = #expect(throws: FileReadError.self) { try RegularFile.read(folder + "/none") }
    #expect(missing?.isMissing == true && missing?.operation == .open && missing?.isNotRegularFile == false)
    let inFile = #expect(throws: FileReadError.self) { try RegularFile.read(folder + "/s.png/x") }
    #expect(inFile?.isMissing == true)
    let isFolder = #expect(throws: FileReadError.self) { try RegularFile.read(folder) }
    #expect(isFolder?.isMissing == false && isFolder?.reason == "a folder" && isFolder?.isNotRegularFile == true)
  }
}

/// A pack opened from a file names the file in its errors.
@Test func packErrorsNameTheirFile() throws {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("emopack-short-\(getpid()).pack").path
  defer { try? FileManager.default.removeItem(atPath: path) }
  try Data("EMOPACK\0".utf8).write(to: URL(fileURLWithPath: path))
  let error = #expect(throws: PackError.self) { try PackFileReader(contentsOf: path) }
  #expect(error?.path == path && error?.description.hasPrefix(path + ": offset ") == true)
  let missing = #expect(throws: PackError.self) { try PackFileReader(contentsOf: path + ".none") }
  #expect(missing?.kind == .io && missing?.path == path + ".none")
}
