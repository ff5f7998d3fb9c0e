// The types the store's API hands out, so that `import EmoPackStore` is all an app needs besides `EmoPack`.
@_exported import enum EmoSite.SiteCheck
@_exported import struct EmoSite.SiteError
