/// Where an inline emoticon sits on a line of text.
///
/// Emoticons are drawn as squares as tall as the line and centred on the text between the font's ascender
/// and descender, as chat apps do:
///
/// ```
///            ┌──────────┐  ← top = baselineOffset + size
///  ascender  │          │
///  ───────── │  (^_^)   │  ─ centre = (ascender + descender) / 2
///  baseline ─│──────────│─────── y = 0
///  descender │          │
///            └──────────┘  ← bottom = baselineOffset (negative: below the baseline)
/// ```
///
/// `bounds` is what an `NSTextAttachment` takes: origin (0, baselineOffset), size × size.
public struct InlineMetrics: Sendable, Equatable {
  /// Side of the emoticon in points.
  public var size: Double
  /// Offset of the emoticon's bottom edge from the baseline (negative = below it).
  public var baselineOffset: Double

  /// Metrics for a font's `lineHeight`, `ascender` and `descender` (negative, as fonts report it).
  ///
  /// `scale` shrinks or grows the emoticon relative to the line (1 = line height).
  public init(lineHeight: Double, ascender: Double, descender: Double, scale: Double = 1) {
    size = (lineHeight * scale * 2).rounded() / 2
    let centre = (ascender + descender) / 2
    baselineOffset = centre - size / 2
  }

  /// The attachment bounds: x, y (from the baseline), width, height.
  public var bounds: (x: Double, y: Double, width: Double, height: Double) { (0, baselineOffset, size, size) }
}
