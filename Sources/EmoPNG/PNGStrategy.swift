/// zlib's compression strategies.
package enum PNGStrategy: Int32, CaseIterable, Sendable {
  case `default` = 0
  case filtered = 1
  case huffmanOnly = 2
  case rle = 3
  case fixed = 4
}
