import EmoImage
import EmoPNG

/// Stores translucent pixels as the straight-alpha form of their 8-bit premultiplied value.
///
/// Many straight colours premultiply to the same 8-bit value: at alpha 4, red 0 through 31 all become 0. GPU
/// textures, iOS and Android bitmaps, browsers and Pillow's `RGBa` mode all hold premultiplied 8-bit pixels, so
/// for them these colours are the same pixel; only their entropy differs. This picks one representative per
/// premultiplied value, `round(round(c × a / 255) × 255 / a)`, which premultiplies back to exactly the same
/// value (tested for every colour and alpha). Opaque and fully transparent pixels are unchanged. Whether it
/// saves bytes depends on the art (docs/BENCHMARKS.md), so the build takes it per sprite only when a quick
/// trial says it compresses smaller (`smaller(of:)`).
package enum PremultipliedForm {
  /// `table[a << 8 | c]`: the representative of straight colour `c` at alpha `a`.
  static let table: [UInt8] = {
    var t = [UInt8](repeating: 0, count: 256 * 256)
    for a in 1..<256 {
      for c in 0..<256 {
        let premultiplied = (c * a + 127) / 255
        t[a << 8 | c] = UInt8(min(255, (premultiplied * 255 + a / 2) / a))
      }
    }
    for c in 0..<256 { t[c] = 0 }
    return t
  }()

  /// The 8-bit premultiplied value of straight colour `c` at alpha `a` (rounded to nearest).
  package static func premultiply(_ c: UInt8, alpha a: UInt8) -> UInt8 { UInt8((Int(c) * Int(a) + 127) / 255) }

  /// The representative of straight colour `c` at alpha `a`.
  package static func representative(_ c: UInt8, alpha a: UInt8) -> UInt8 { table[Int(a) << 8 | Int(c)] }

  /// `image` or its premultiplied form, whichever a quick libdeflate pass (level 1) makes smaller; ties keep
  /// the exact colours.
  ///
  /// Neither form wins everywhere: art whose anti-aliased edges keep one straight colour compresses better
  /// exact, art with noisy translucent colours better in the premultiplied form (docs/BENCHMARKS.md), and
  /// the build decides per sprite.
  package static func smaller(of image: RGBAImage) -> RGBAImage {
    smallerForm(of: image) ?? image
  }

  /// The sizes of one sprite at every scale, in the form `smaller(of:)` picks for its first (smallest) image:
  /// one quick trial per sprite rather than per scale, since the art is the same at every scale.
  package static func smaller(of images: [RGBAImage]) -> [RGBAImage] {
    guard let first = images.first, let form = smallerForm(of: first) else { return images }
    return [form] + images.dropFirst().map(formed)
  }

  static func formed(_ image: RGBAImage) -> RGBAImage {
    var form = image
    apply(to: &form)
    return form
  }

  /// The premultiplied form of `image` when it differs and compresses smaller, else nil.
  static func smallerForm(of image: RGBAImage) -> RGBAImage? {
    let form = formed(image)
    if form.pixels == image.pixels { return nil }
    let exact = Zlib.libdeflate(image.pixels, level: 1)?.count ?? .max
    let premultiplied = Zlib.libdeflate(form.pixels, level: 1)?.count ?? .max
    return premultiplied < exact ? form : nil
  }

  /// Rewrites every translucent pixel of `image` to its representative.
  package static func apply(to image: inout RGBAImage) {
    table.withUnsafeBufferPointer { t in
      image.pixels.withUnsafeMutableBufferPointer { p in
        var i = 0
        while i < p.count {
          let a = Int(p[i + 3])
          if a != 255 {
            let row = a << 8
            p[i] = t[row | Int(p[i])]
            p[i + 1] = t[row | Int(p[i + 1])]
            p[i + 2] = t[row | Int(p[i + 2])]
          }
          i += 4
        }
      }
    }
  }
}
