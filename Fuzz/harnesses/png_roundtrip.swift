import EmoPNG

// libFuzzer harness: the PNG encoder (every compressor, every filter, every layout and bit depth) must give
// back exactly the pixels it was given, and encoding RGBA rows in place must write the same file. The first bytes choose the options and the size; the rest are samples.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNGRoundTrip(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size >= 6 else { return 0 }
  let d = Array(UnsafeBufferPointer(start: data, count: size))
  let filter = PNGRowFilter.allCases[Int(d[0]) % PNGRowFilter.allCases.count]
  // zopfli for one input in sixteen, with one or two iterations: it is a thousand times slower than the others.
  let compressor: PNGCompressor = d[5] & 0x0F == 0x0F ? .zopfli : d[1] & 1 == 0 ? .zlib : .libdeflate
  let level: Int
  switch compressor {
  case .zlib: level = Int(d[1] >> 1) % 10
  case .libdeflate: level = Int(d[1] >> 1) % 13
  case .zopfli: level = 1 + Int(d[1] >> 1) % 2
  }
  let depths = [1, 2, 4, 8]
  let depth = depths[Int(d[2]) % 4]
  let width = 1 + Int(d[3]) % 64
  let samples = Array(d[6...])
  var palette: [UInt8] = []
  for k in 0..<(1 << depth) {
    let v = UInt8(k)
    palette += [v, 255 - v, v &* 7]
  }
  let layouts: [PNGPixelLayout] = [
    .rgba, .rgb, .grayAlpha, .gray(bitDepth: depth), .indexed(palette: palette, alpha: [0, 128], bitDepth: depth),
  ]
  let layout = layouts[Int(d[4]) % layouts.count]
  let channels: Int
  switch layout {
  case .rgba: channels = 4
  case .rgb: channels = 3
  case .grayAlpha: channels = 2
  case .gray, .indexed: channels = 1
  }
  let height = samples.count / (width * channels)
  guard height > 0 else { return 0 }
  var input = Array(samples.prefix(width * height * channels))
  if case .gray(let bits) = layout { input = input.map { $0 & UInt8((1 << bits) - 1) } }
  if case .indexed(_, _, let bits) = layout { input = input.map { $0 & UInt8((1 << bits) - 1) } }
  let options = PNGEncodeOptions(compressor: compressor, level: level, filter: filter)
  guard let png = try? PNGEncoder.encode(samples: input, width: width, height: height, layout: layout, options: options)
  else { fatalError("encoding \(width)x\(height) \(layout) failed") }
  if case .rgba = layout, compressor != .zlib {
    // The build's sheets carry a spare byte before each row and are filtered and compressed where they lie:
    // that path must write the same PNG as the copying one.
    let stride = width * 4 + 1
    var rows = [UInt8](repeating: 0xA5, count: stride * height)
    for y in 0..<height {
      for x in 0..<(width * 4) { rows[y * stride + 1 + x] = input[y * width * 4 + x] }
    }
    let inPlace = try? rows.withUnsafeMutableBufferPointer { b in
      try PNGEncoder.encode(
        rows: UnsafePointer(b.baseAddress! + 1), rowStride: stride, filterSlots: true, width: width, height: height,
        layout: .rgba, options: options)
    }
    if inPlace != png { fatalError("in-place encoding of \(width)x\(height) differs: \(options)") }
  }
  guard let back = try? PNGDecoder.decode(png) else { fatalError("our own PNG does not decode") }
  // Back to the input's samples from RGBA.
  let p = back.image.pixels
  for i in 0..<(width * height) {
    let px = Array(p[(i * 4)..<(i * 4 + 4)])
    let expected: [UInt8]
    switch layout {
    case .rgba: expected = Array(input[(i * 4)..<(i * 4 + 4)])
    case .rgb: expected = Array(input[(i * 3)..<(i * 3 + 3)]) + [255]
    case .grayAlpha: expected = [input[i * 2], input[i * 2], input[i * 2], input[i * 2 + 1]]
    case .gray(let bits):
      let v = UInt8(Int(input[i]) * 255 / ((1 << bits) - 1))
      expected = [v, v, v, 255]
    case .indexed(let palette, let alpha, _):
      let k = Int(input[i])
      expected = [palette[k * 3], palette[k * 3 + 1], palette[k * 3 + 2], k < alpha.count ? alpha[k] : 255]
    }
    if px != expected { fatalError("pixel \(i) of \(width)x\(height) \(layout) \(options): \(px) != \(expected)") }
  }
  return 0
}
