// The format types that the runtime's API hands out, so that `import EmoPack` is all an app needs.
@_exported import enum EmoPackFormat.KeywordFold
@_exported import struct EmoPackFormat.LocalizedName
@_exported import struct EmoPackFormat.PackEntry
@_exported import struct EmoPackFormat.PackError
@_exported import struct EmoPackFormat.PackImage
@_exported import struct EmoPackFormat.PackKey
@_exported import struct EmoPackFormat.PackKeyword
@_exported import enum EmoPackFormat.SheetFormat
@_exported import struct EmoPackFormat.SheetRecord
@_exported import struct EmoPackFormat.SpritePlacement
@_exported import struct EmoPackFormat.SpriteRect
