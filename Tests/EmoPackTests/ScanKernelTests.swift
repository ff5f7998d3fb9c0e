import CEmoScan
import EmoPack
import Foundation
import TestSupport
import Testing

/// The C kernels that list the tokenizer's candidate bytes: every kernel this machine runs gives the same list,
/// and the list is what the documented byte classes say, written here byte by byte.
@Suite struct ScanKernelTests {
  /// The bytes that may start a tag or an emoji, or are a ']', by the definition in emoscan.h.
  static func expected(_ b: [UInt8], from offset: Int, length: Int) -> [(offset: Int, utf16: Int)] {
    var out: [(Int, Int)] = []
    var units = 0
    for i in offset..<min(b.count, offset + length) {
      let x = b[i]
      let x1 = i + 1 < b.count ? b[i + 1] : 0
      let x2 = i + 2 < b.count ? b[i + 2] : 0
      var start = x == 0x5B || x >= 0xF0
      start = start || (x == 0xE2 && !(x1 == 0x80 && x2 != 0xBC))
      start = start || (x == 0xE3 && [[0x80, 0xB0], [0x80, 0xBD], [0x8A, 0x97], [0x8A, 0x99]].contains([x1, x2]))
      start = start || (x == 0xC2 && (x1 == 0xA9 || x1 == 0xAE))
      start = start || ((0x23...0x39).contains(x) && (x1 == 0xEF || x1 == 0xE2))
      if start || x == 0x5D { out.append((i - offset, units)) }
      units += (x & 0xC0 == 0x80 ? 0 : 1) + (x >= 0xF0 ? 1 : 0)
    }
    return out
  }

  static func listed(
    _ kernel: emoscan_kernel, _ b: [UInt8], from offset: Int, length: Int
  ) -> ([(offset: Int, utf16: Int)], Int) {
    var list = [emoscan_candidate](repeating: emoscan_candidate(), count: length + Int(EMOSCAN_SLACK))
    var units: UInt32 = 0
    let count = b.withUnsafeBufferPointer { p in
      emoscan_candidates_with(kernel, p.baseAddress, p.count, offset, length, &list, &units)
    }
    return (list.prefix(count).map { (Int($0.offset), Int($0.utf16)) }, Int(units))
  }

  /// Bytes drawn mostly from those the classes look at, so every predicate and its neighbours come up.
  static let alphabet: [UInt8] = [
    0x5B, 0x5D, 0xE2, 0xE3, 0xC2, 0x80, 0x8A, 0xBC, 0xB0, 0xBD, 0x97, 0x99, 0xA9, 0xAE, 0xEF, 0xF0, 0xF4, 0xFF,
    0x22, 0x23, 0x2A, 0x30, 0x39, 0x3A, 0x61, 0xE4, 0x00, 0x7F, 0xC0, 0xBF,
  ]

  @Test(arguments: [EMOSCAN_PORTABLE, EMOSCAN_SSE2, EMOSCAN_AVX2, EMOSCAN_AVX512])
  func kernelsListWhatTheClassesSay(_ kernel: emoscan_kernel) {
    var g = SplitMix(seed: UInt64(kernel.rawValue) + 7)
    for round in 0..<3000 {
      let n = Int(g.next() % 400)
      let bytes = (0..<n).map { _ in Self.alphabet[Int(g.next() % UInt64(Self.alphabet.count))] }
      let offset = n == 0 ? 0 : Int(g.next() % UInt64(n))
      let length = 64 * Int(1 + g.next() % 8)
      let (list, units) = Self.listed(kernel, bytes, from: offset, length: length)
      let want = Self.expected(bytes, from: offset, length: length)
      #expect(list.map(\.offset) == want.map(\.offset), "round \(round)")
      #expect(list.map(\.utf16) == want.map(\.utf16), "round \(round)")
      let wantUnits = bytes[min(offset, n)..<min(n, offset + length)].reduce(0) {
        $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) + ($1 >= 0xF0 ? 1 : 0)
      }
      #expect(units == wantUnits, "round \(round)")
    }
  }

  /// UTF-16 offsets of real text agree with the string's own.
  @Test func utf16OffsetsMatchTheStrings() {
    let text = String(repeating: "今天[哈哈]👍🏽 ok 👨‍👩‍👧‍👦❤️©️#️⃣〰️。", count: 40)
    let bytes = Array(text.utf8)
    let best = emoscan_best_kernel()
    // Ranges start where the tokenizer starts them: at the message's start or a match's end, a scalar boundary.
    for var offset in stride(from: 0, to: bytes.count, by: 61) {
      while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
      let (list, units) = Self.listed(best, bytes, from: offset, length: 1024)
      let start16 = String(decoding: bytes[..<offset], as: UTF8.self).utf16.count
      for entry in list {
        let prefix = String(decoding: bytes[..<(offset + entry.offset)], as: UTF8.self)
        #expect(prefix.utf16.count - start16 == entry.utf16)
      }
      // A scalar counts where its lead byte is: a range that cuts one counts all of it.
      var end = min(bytes.count, offset + 1024)
      while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
      #expect(String(decoding: bytes[..<end], as: UTF8.self).utf16.count - start16 == units)
    }
  }

  /// The tokenizer names the kernel it uses: the best one, unless EMOPACK_SCAN_KERNEL names a narrower one.
  @Test func theTokenizerNamesItsKernel() {
    let names = ["portable", "sse2", "avx2", "avx512"]
    #expect(Tokenizer.scanKernel == names[Int(emoscan_kernel_in_use().rawValue)])
    #expect(emoscan_kernel_in_use().rawValue <= emoscan_best_kernel().rawValue)
    if let cap = ProcessInfo.processInfo.environment["EMOPACK_SCAN_KERNEL"], let k = names.firstIndex(of: cap) {
      #expect(Int(emoscan_kernel_in_use().rawValue) == min(k, Int(emoscan_best_kernel().rawValue)))
    } else {
      #expect(emoscan_kernel_in_use() == emoscan_best_kernel())
    }
  }

  @Test func theBestKernelIsOneOfThem() {
    let best = emoscan_best_kernel()
    #expect([EMOSCAN_PORTABLE, EMOSCAN_SSE2, EMOSCAN_AVX2, EMOSCAN_AVX512].contains(best))
    #if arch(x86_64)
    #expect(best != EMOSCAN_PORTABLE)
    #endif
  }
}
