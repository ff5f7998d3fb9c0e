/// Export formats for web and game engines; each has a stable identifier.
package enum ExportFormat: String, CaseIterable, Sendable {
  /// TexturePacker's "JSON hash" (Phaser, PixiJS …): one JSON per sheet, frames keyed by primary tag.
  case texturePackerJSON = "texturepacker-json"
  /// A stylesheet: one class per emoticon, the sheet as background with `image-set()` for 1x/2x/3x.
  case css
  /// The packs, their sheets, the web runtime and an example page (`WebExport`); takes several packs.
  case web
}
