// swift-tools-version:6.1
import PackageDescription

// A client of emopack's library products, built the way an app's package builds them (build-tools/api/client.sh):
// `App011` is app code written against the 0.1.1 documented API and must compile (deprecation warnings allowed),
// `AppStore` the store's documented example, which must compile without warnings;
// each `Names…` target names a format internal and must fail to compile.
let package = Package(
  name: "APIClient",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "emopack", path: "../..")],
  targets: [
    .target(
      name: "App011",
      dependencies: [
        .product(name: "EmoPack", package: "emopack"), .product(name: "EmoPackSprites", package: "emopack"),
      ]),
    .target(
      name: "AppStore",
      dependencies: [
        .product(name: "EmoPack", package: "emopack"), .product(name: "EmoPackStore", package: "emopack"),
      ]),
    .target(name: "NamesPackReader", dependencies: [.product(name: "EmoPack", package: "emopack")]),
    .target(name: "NamesFormatReader", dependencies: [.product(name: "EmoPack", package: "emopack")]),
    .target(name: "NamesPackStorage", dependencies: [.product(name: "EmoPack", package: "emopack")]),
  ]
)
