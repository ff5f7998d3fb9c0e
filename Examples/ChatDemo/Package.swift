// swift-tools-version:6.1
import PackageDescription

// An app-like package that compiles its emoticon pack during `swift build` with emopack's build plugin
// and loads it through Bundle.module with the EmoPack runtime.
let package = Package(
  name: "ChatDemo",
  dependencies: [.package(name: "emopack", path: "../..")],
  targets: [
    .target(
      name: "ChatDemo",
      dependencies: [.product(name: "EmoPack", package: "emopack")],
      exclude: ["Emoticons.emopack", "NetEase.emopack", "QQ.emopack", "Weibo.emopack"],
      plugins: [.plugin(name: "EmoPackBuildPlugin", package: "emopack")]
    ),
    .testTarget(name: "ChatDemoTests", dependencies: ["ChatDemo"]),
  ]
)
