@_exported import enum EmoPackFormat.KeywordFold
// The format types that the runtime's API hands out, so that `import EmoPack` is all an app needs.
@_exported import struct EmoPackFormat.LocalizedName
@_exported import struct EmoPackFormat.PackContents
@_exported import struct EmoPackFormat.PackEntry
@_exported import struct EmoPackFormat.PackError
@_exported import struct EmoPackFormat.PackImage
@_exported import struct EmoPackFormat.PackKey
@_exported import struct EmoPackFormat.PackKeyword
@_exported import struct EmoPackFormat.PackKeywordRecord
@_exported import struct EmoPackFormat.PackReader
@_exported import class EmoPackFormat.PackStorage
@_exported import struct EmoPackFormat.SheetRecord
@_exported import struct EmoPackFormat.SpritePlacement
@_exported import struct EmoPackFormat.SpriteRect
