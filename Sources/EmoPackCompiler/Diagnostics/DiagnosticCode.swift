/// The stable code of a diagnostic: one per message template, shown in `--json` and in grouped output, and
/// listed in docs/DIAGNOSTICS.md.
public enum DiagnosticCode: String, CaseIterable, Sendable, Codable {
  /// A Weibo bundle's plist has no 'packages'.
  case bundleNoPackages = "bundle-no-packages"
  /// A bundle package id is not a folder name.
  case bundlePackageId = "bundle-package-id"
  /// A package of a Weibo bundle has no 'id'.
  case bundlePackageNoId = "bundle-package-no-id"
  /// An animation (GIF or APNG) is malformed or truncated; the decoder's reason follows.
  case animationCorrupt = "animation-corrupt"
  /// An animation is over a limit (frames, duration, pixels, canvas).
  case animationTooLarge = "animation-too-large"
  /// A sticker's source is smaller than the sticker: it is upscaled (the factor is named).
  case stickerUpscaled = "sticker-upscaled"
  /// A sticker has no emoji and no default was given.
  case stickerNoEmoji = "sticker-no-emoji"
  /// A sticker does not fit its platform's byte limit at the minimum SSIM (the size and SSIM reached are named).
  case stickerTooLarge = "sticker-too-large"
  /// An animated sticker lasts longer than its platform allows: sped up or trimmed (a warning), or refused.
  case stickerTooLong = "sticker-too-long"
  /// Frames of an animated sticker are shorter than its platform allows: each is shown with the frame before.
  case stickerFrameTooShort = "sticker-frame-too-short"
  /// A sticker pack would hold fewer or more stickers than its platform takes.
  case stickerPackTooSmall = "sticker-pack-size"
  /// WhatsApp sticker packs need a publisher.
  case stickerNoPublisher = "sticker-no-publisher"
  /// Telegram's animated stickers are VP9 WebM, which emopack does not write.
  case telegramAnimatedUnsupported = "telegram-animated-unsupported"
  /// A pack has no images: sticker packs are images, and its entries are emoji only.
  case stickerNoImages = "sticker-no-images"
  /// `--tray` names no entry of the pack, or `--default-emoji` is not one emoji.
  case stickerOption = "sticker-option"
  /// WhatsApp's publisher or a pack's name is longer than WhatsApp counts (UTF-16 units).
  case stickerFieldLength = "sticker-field-length"
  /// A sibling of an animation drawn for one scale has other frames or delays: that scale is resampled.
  case animationVariantDiffers = "animation-variant-differs"
  /// An entry gives both a still image beside its animation and 'still'.
  case stillConflict = "still-conflict"
  /// A `--name` value is not `LOCALE=TEXT` with a BCP 47 locale.
  case nameForm = "name-form"
  /// `--id` or `--name` is given for a build of several packs.
  case onePackSetting = "one-pack-setting"
  /// An item of a code-list plist is not a one-key dictionary of a code and an image name.
  case codeListItem = "codelist-item"
  /// A frame delay is not in 1…65535 ms.
  case frameDelayRange = "frame-delay-range"
  /// A frame of 'frames' has no image.
  case frameNoImage = "frame-no-image"
  /// 'loop' is not in 0…65535.
  case loopRange = "loop-range"
  /// 'still' is not the index of a frame.
  case stillRange = "still-range"
  /// A keyword locale has no CLDR annotations in the data folder.
  case cldrLocale = "cldr-locale"
  /// A CLDR annotations file cannot be read.
  case cldrMalformed = "cldr-malformed"
  /// CLDR has no name or keywords for an emoji (newer than the data).
  case cldrUnknownEmoji = "cldr-unknown-emoji"
  /// A code is empty or whitespace only.
  case codeEmpty = "code-empty"
  /// A code cannot be matched as written (a line break or control, a leading '[', a mark joining what is next to it, not NFC, too long).
  case codeForm = "code-form"
  /// A code is a proper prefix of another (the longer one wins where both fit).
  case codePrefix = "code-prefix"
  /// A code between colons has whitespace or a colon inside: a literal code, matched as written, not a shortcode.
  case codeLiteralColons = "code-literal-colons"
  /// A code equals another key (tag or code) of the pack or of a pack built together.
  case duplicateCode = "duplicate-code"
  /// 'insert' is neither "tag" nor "code", or names a form the entry lacks.
  case insertForm = "insert-form"
  /// A keyword is empty, has a control character or is too long.
  case keywordInvalid = "keyword-invalid"
  /// A keyword locale is not a BCP 47 tag (letters, digits and '-').
  case keywordLocale = "keyword-locale"
  /// An object repeats a key; the last value is ignored.
  case duplicateKey = "duplicate-key"
  /// Two packs built together share an id.
  case duplicatePackId = "duplicate-pack-id"
  /// A tag is used twice in the pack.
  case duplicateTag = "duplicate-tag"
  /// An emoji value is not text or code points emopack can read.
  case emojiInvalid = "emoji-invalid"
  /// An emoji is not one grapheme cluster.
  case emojiNotOneCluster = "emoji-not-one-cluster"
  /// Two entries claim the same emoji.
  case emojiTwice = "emoji-twice"
  /// The pack id is empty.
  case emptyPackId = "empty-pack-id"
  /// An emoticon has neither an image nor an emoji.
  case entryEmpty = "entry-empty"
  /// A value is not an array where one is expected.
  case expectedArray = "expected-array"
  /// A value is not a boolean where one is expected.
  case expectedBoolean = "expected-boolean"
  /// A value is not an integer where one is expected.
  case expectedInteger = "expected-integer"
  /// A value is not a number where one is expected.
  case expectedNumber = "expected-number"
  /// A value is not an object where one is expected.
  case expectedObject = "expected-object"
  /// A value is not a string where one is expected.
  case expectedString = "expected-string"
  /// A version is neither a string nor a number.
  case expectedVersion = "expected-version"
  /// Where a repeated value was first given.
  case firstDefinedHere = "first-defined-here"
  /// A Weibo entry's 'gif' names a missing file; the still png is used.
  case gifIgnored = "gif-ignored"
  /// An image name is an absolute path.
  case imageAbsolute = "image-absolute"
  /// An image is not found, but a name differing only in case is.
  case imageCase = "image-case"
  /// An image is a corrupt PNG.
  case imageCorrupt = "image-corrupt"
  /// An image name is a folder.
  case imageFolder = "image-folder"
  /// An image is not found.
  case imageMissing = "image-missing"
  /// An image is not found, but a name canonically equivalent to it (NFC against NFD) is.
  case imageNormalization = "image-normalization"
  /// An image name is empty.
  case imageNameEmpty = "image-name-empty"
  /// An image name is too long.
  case imageNameLong = "image-name-long"
  /// An image name contains NUL.
  case imageNameNul = "image-name-nul"
  /// An image emoticon has no tag.
  case imageNoTag = "image-no-tag"
  /// An image is neither a PNG nor a WebP file.
  case imageNotPng = "image-not-png"
  /// An image is not square; it is fitted and centred.
  case imageNotSquare = "image-not-square"
  /// An image name points outside the pack folder.
  case imageOutside = "image-outside"
  /// An image has fewer pixels than the largest scale needs.
  case imageSmall = "image-small"
  /// An image is a symlink pointing outside the pack folder.
  case imageSymlinkOutside = "image-symlink-outside"
  /// An image is over the size limits.
  case imageTooLarge = "image-too-large"
  /// An image cannot be read.
  case imageUnreadable = "image-unreadable"
  /// A PNG in the pack folder is used by no emoticon.
  case imageUnused = "image-unused"
  /// The manifest file cannot be read.
  case manifestUnreadable = "manifest-unreadable"
  /// The manifest is not well-formed JSON or plist.
  case manifestSyntax = "manifest-syntax"
  /// The manifest file is over the size limit.
  case manifestTooLarge = "manifest-too-large"
  /// The maximum sheet side is outside 1…8192.
  case maxSheetRange = "max-sheet-range"
  /// The manifest has no 'emoticons'.
  case missingEmoticons = "missing-emoticons"
  /// The manifest has no 'id'.
  case missingId = "missing-id"
  /// A NetEase catalog has no 'data'.
  case nimCatalogNoData = "nim-catalog-no-data"
  /// A NetEase catalog's info has no 'id'.
  case nimCatalogNoId = "nim-catalog-no-id"
  /// A NetEase catalog has no 'info'.
  case nimCatalogNoInfo = "nim-catalog-no-info"
  /// A NetEase entry has neither 'file' nor 'unicode'.
  case nimEntryEmpty = "nim-entry-empty"
  /// A NetEase emoji.plist holds no catalogs.
  case nimNoCatalogs = "nim-no-catalogs"
  /// The pack has no emoticons.
  case noEmoticons = "no-emoticons"
  /// A folder holds none of the manifest names emopack reads.
  case noManifest = "no-manifest"
  /// No pack was found at the paths given.
  case noPack = "no-pack"
  /// Scales the sources do not have the pixels for are left out (scales not named).
  case scalesLeftOut = "scales-left-out"
  /// The scales list is empty.
  case noScales = "no-scales"
  /// A path given does not exist.
  case noSuchPath = "no-such-path"
  /// The pack id is not 1–128 file-name-safe ASCII characters.
  case packIdCharacters = "pack-id-characters"
  /// The padding is outside 0…64 points.
  case paddingRange = "padding-range"
  /// The lossy mode set sprites apart: their page's palette (PNG) or quality (WebP) cannot hold them at the SSIM
  /// floor (each named with its SSIM).
  case lossySetApart = "lossy-set-apart"
  /// No longer reported (kept so that code switching over every code compiles): `lossySetApart` names every sprite
  /// the lossy mode sets apart.
  case paletteFallback = "palette-fallback"
  /// No longer reported: `lossySetApart` names every sprite the lossy mode sets apart.
  case paletteSetApart = "palette-set-apart"
  /// A scale is outside 1…4.
  case scaleRange = "scale-range"
  /// The scales list repeats a scale.
  case scaleTwice = "scale-twice"
  /// A folder holds several manifests; the first in precedence is used.
  case severalManifests = "several-manifests"
  /// The point size is zero or negative.
  case sizeNotPositive = "size-not-positive"
  /// The point size is over 1024.
  case sizeTooLarge = "size-too-large"
  /// Two packs built together use the same tag.
  case tagAcrossPacks = "tag-across-packs"
  /// A tag contains a control character.
  case tagControl = "tag-control"
  /// A tag has no text between its brackets.
  case tagEmpty = "tag-empty"
  /// A tag is not one '[' … ']'.
  case tagForm = "tag-form"
  /// A tag has brackets inside.
  case tagInnerBracket = "tag-inner-bracket"
  /// A tag's text has whitespace at its ends.
  case tagInnerWhitespace = "tag-inner-whitespace"
  /// A tag is not in Unicode NFC.
  case tagNotNfc = "tag-not-nfc"
  /// A tag is over the byte limit.
  case tagTooLong = "tag-too-long"
  /// A tag has whitespace at its ends.
  case tagWhitespace = "tag-whitespace"
  /// The pack has more emoticons than the limit.
  case tooManyEmoticons = "too-many-emoticons"
  /// An emoticon has more than 65,535 tags.
  case tooManyTags = "too-many-tags"
  /// The trimming alpha threshold is outside 0…254.
  case trimAlphaRange = "trim-alpha-range"
  /// The resampling filter is not one emopack has.
  case unknownFilter = "unknown-filter"
  /// A key emopack does not know is ignored.
  case unknownKey = "unknown-key"
  /// A Weibo image entry has no 'png'.
  case weiboNoPng = "weibo-no-png"
  /// A Weibo entry's 'type' is neither "0" nor "1".
  case weiboType = "weibo-type"

  /// An emoticon's cell with its ring is wider than the largest sheet side at some scale.
  case sheetTooSmall = "sheet-too-small"

  /// The SSIM floor is outside 0…1.
  case ssimFloorRange = "ssim-floor-range"
  /// A value is not one of the names a setting takes (`--png-effort`).
  case unknownChoice = "unknown-choice"
  /// A flag or key is spelled the way an older emopack spelled it; the new spelling is named.
  case deprecatedSpelling = "deprecated-spelling"

  // Build stage: after validation, while laying out, encoding and writing.

  /// The sprites cannot be laid out on sheets within the largest sheet side.
  case packingFailed = "packing-failed"
  /// The layout needs more than one page where `--single-page` asks for one.
  case tooManyPages = "too-many-pages"
  /// The sheets would hold more pixels than `--max-sheet-pixels`.
  case sheetPixelsLimit = "sheet-pixels-limit"
  /// A sheet could not be encoded; the encoder's reason follows.
  case sheetEncodingFailed = "sheet-encoding-failed"
  /// The pack is over a limit of the .pack format (strings, records, sections).
  case packFormatLimit = "pack-format-limit"
  /// A file could not be read or written; the system's reason follows.
  case ioFailed = "io-failed"
  /// A sprite this build wrote to its cache no longer reads back intact.
  case spriteCacheChanged = "sprite-cache-changed"
  /// The command line is not one the command takes (an unknown option, a value out of range, a missing argument).
  case usage = "usage"

  // Reading built packs: inspect, search, preview, export, publish, verify.

  /// A `.pack` file cannot be opened or read (missing, a folder, no permission). Exit status 3.
  case packUnreadable = "pack-unreadable"
  /// A file is not an emopack `.pack`: its first eight bytes are not `EMOPACK\0`.
  case packNotEmopack = "pack-not-emopack"
  /// A `.pack` has a major format version this emopack does not read.
  case packVersion = "pack-version"
  /// A `.pack` is shorter than its header says (a cut-off download or copy).
  case packTruncated = "pack-truncated"
  /// A `.pack`'s header or section table is invalid; the byte offset is given.
  case packHeader = "pack-header"
  /// An offset, length, count or index in a `.pack` points outside its range; the byte offset is given.
  case packBounds = "pack-bounds"
  /// A string in a `.pack` is not valid UTF-8.
  case packString = "pack-string"
  /// A `.pack`'s CRC-32 differs from its header's: the bytes changed after the build.
  case packChecksum = "pack-checksum"
  /// A `.pack`'s records disagree with each other (index, rectangles, sheets).
  case packInconsistent = "pack-inconsistent"
  /// A sheet a pack lists is not beside it.
  case sheetMissing = "sheet-missing"
  /// A sheet a pack lists cannot be read (a folder, no permission).
  case sheetUnreadable = "sheet-unreadable"
  /// A sheet's byte size differs from the one its pack records (expected and found are given).
  case sheetSize = "sheet-size"
  /// A sheet's SHA-256 differs from the one its pack records.
  case sheetDigest = "sheet-digest"
  /// A sheet recorded as PNG does not start with a PNG signature and an IHDR chunk.
  case sheetNotPNG = "sheet-not-png"
  /// A sheet recorded as WebP does not start with a RIFF WebP header.
  case sheetNotWebP = "sheet-not-webp"
  /// A sheet's width and height differ from its pack's record.
  case sheetDimensions = "sheet-dimensions"

  // Signed sites and keys: keygen, publish, verify.

  /// A signed site fails one of its checks (the check, the file, and expected against found are given: docs/DELIVERY.md lists the checks).
  case siteCheck = "site-check"
  /// `keygen` would overwrite a key file; emopack never does.
  case keyExists = "key-exists"
  /// A key file cannot be read, or is not a key of the right length in base64.
  case keyInvalid = "key-invalid"

  // Exports and previews.

  /// An export cannot go where it is asked: the same pack given twice, or an output folder emopack did not write.
  case exportConflict = "export-conflict"
  /// An export or preview could not be made from sound inputs; the reason follows.
  case exportFailed = "export-failed"

  // Manifest: keys.

  /// A literal code is made only of letters (no punctuation or symbol sets it off from words), so ordinary text that contains it shows the emoticon; the QQ set's `下面` ("below") is such a code.
  case codeLettersOnly = "code-letters-only"
}
