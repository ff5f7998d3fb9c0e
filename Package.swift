// swift-tools-version:6.1
import PackageDescription

let package = Package(
  name: "emopack",
  // Every product uses nothing newer than iOS 16 / macOS 13; `.ci/run` refuses the Swift 6 lock and atomic
  // types, which need macOS 15, because Linux builds never check availability.
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "EmoPack", targets: ["EmoPack"]),
    .library(name: "EmoPackSprites", targets: ["EmoPackSprites"]),
    .library(name: "EmoPackStore", targets: ["EmoPackStore"]),
    .library(name: "EmoPackCompiler", targets: ["EmoPackCompiler"]),
    .executable(name: "emopack", targets: ["emopack"]),
    .plugin(name: "EmoPackBuildPlugin", targets: ["EmoPackBuildPlugin"]),
    .plugin(name: "EmoPackCommandPlugin", targets: ["EmoPackCommandPlugin"]),
  ],
  targets: [
    // C shims: the only place libpng, zlib, libdeflate, zopfli, giflib and SQLite are called, and the tokenizer's
    // vector kernel. The libraries each links are listed here once (build-tools/fuzz.sh reads them from here).
    .target(
      name: "CEmoPNG",
      linkerSettings: [
        .linkedLibrary("png16"), .linkedLibrary("z"), .linkedLibrary("deflate"), .linkedLibrary("zopfli"),
      ]
    ),
    .systemLibrary(name: "CEmoSQLite", providers: [.apt(["libsqlite3-dev"])]),
    // giflib, decoding GIF sources record by record.
    .target(name: "CEmoGIF", linkerSettings: [.linkedLibrary("gif")]),
    // libwebp: still and animated WebP decoding, and WebP sheet encoding.
    .target(
      name: "CEmoWebP",
      linkerSettings: [.linkedLibrary("webp"), .linkedLibrary("webpdemux"), .linkedLibrary("webpmux")]),
    // The tokenizer's candidate listing: AVX-512, AVX2, SSE2 or portable vectors, chosen at run time.
    .target(name: "CEmoScan"),

    // Decoded images (RGBA pixels, animations) shared by the codecs: pure Swift.
    .target(name: "EmoImage"),
    // Safe Swift over the PNG shim (stills and APNG), and over giflib.
    .target(name: "EmoPNG", dependencies: ["CEmoPNG", "EmoImage"]),
    .target(name: "EmoGIF", dependencies: ["CEmoGIF", "EmoImage"]),
    // libsodium: Ed25519 signatures and SHA-256 for signed sites where CryptoKit is missing (Linux); Apple
    // platforms use CryptoKit and need no libsodium.
    .target(name: "CEmoSodium", linkerSettings: [.linkedLibrary("sodium", .when(platforms: [.linux]))]),
    .target(name: "EmoSign", dependencies: [.target(name: "CEmoSodium", condition: .when(platforms: [.linux]))]),
    // A signed site's index: its model, canonical JSON and checks, shared by `emopack publish` and the store.
    .target(name: "EmoSite", dependencies: ["EmoPackFormat", "EmoSign"]),
    // Safe Swift over the WebP shim.
    .target(name: "EmoWebP", dependencies: ["CEmoWebP", "EmoImage"]),
    // The .pack bytes: pure Swift, shared by the compiler and the runtime.
    .target(name: "EmoPackFormat"),
    // The runtime an app links: catalog, text, keyboard, recents. No libpng.
    .target(name: "EmoPack", dependencies: ["EmoPackFormat", "CEmoSQLite", "CEmoScan"]),
    // Keeps packs current from a signed site: networking lives here, not in EmoPack.
    .target(name: "EmoPackStore", dependencies: ["EmoPack", "EmoSite", "EmoSign"]),
    // Sheet decoding for apps that want pixels from emopack.
    .target(name: "EmoPackSprites", dependencies: ["EmoPack", "EmoPackFormat", "EmoImage", "EmoPNG", "EmoWebP"]),
    // Manifests → validation → images → atlas → .pack.
    .target(
      name: "EmoPackCompiler",
      dependencies: ["EmoPackFormat", "EmoImage", "EmoPNG", "EmoGIF", "EmoWebP", "EmoSign", "EmoSite"]),
    // Previews (HTML, PNG contact sheet) and exports (TexturePacker JSON, CSS).
    .target(
      name: "EmoPackPreview", dependencies: ["EmoPack", "EmoPackFormat", "EmoImage", "EmoPNG", "EmoWebP"],
      // The web runtime bundled by esbuild and its example page (build-tools/web/vectors writes them), in the binary;
      // the bundles zlib-compressed (`.z`: as byte array literals they compile about four times faster at under a
      // third of the size), their plain text beside them for review.
      exclude: ["Web/emopack.js", "Web/emopack-classic.js"],
      resources: [
        .embedInCode("Web/emopack.js.z"), .embedInCode("Web/emopack-classic.js.z"), .embedInCode("Web/index.html"),
        .embedInCode("Web/example.js"),
      ]),
    // The thin command-line front end.
    .executableTarget(
      name: "emopack", dependencies: ["EmoPackCompiler", "EmoPackPreview", "EmoPack", "EmoPackFormat"]),

    // Plugins: compile packs during `swift build`, and run emopack from `swift package`.
    .plugin(
      name: "EmoPackBuildPlugin", capability: .buildTool(), dependencies: ["emopack"],
      path: "build-tools/plugins/EmoPackBuildPlugin"),
    .plugin(
      name: "EmoPackCommandPlugin",
      capability: .command(
        intent: .custom(verb: "emopack", description: "Build, validate or inspect emoticon packs with emopack"),
        permissions: [.writeToPackageDirectory(reason: "emopack build writes the .pack and its sheets")]),
      dependencies: ["emopack"], path: "build-tools/plugins/EmoPackCommandPlugin"),

    // Writes the web module's Unicode tables, fixtures and conformance vectors from the Swift runtime.
    .executableTarget(
      name: "emopack-web-vectors",
      dependencies: [
        "EmoPack", "EmoPackFormat", "EmoPackCompiler", "EmoPackSprites", "EmoImage", "EmoPNG", "EmoSign", "EmoSite",
      ],
      path: "build-tools/web/vectors"),

    // The benchmark harness (release builds: swift run -c release emopack-bench).
    .executableTarget(
      name: "emopack-bench",
      dependencies: [
        "EmoPackCompiler", "EmoPack", "EmoPackFormat", "EmoImage", "EmoPNG", "EmoGIF", "EmoWebP", "EmoSign",
        "EmoPackStore", "LoopbackServer",
      ],
      path: "Benchmarks/EmoPackBench"),

    // Helpers shared by the test targets.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    // An HTTP file server on the loopback address with injected faults, for the store's tests and bench.
    .target(name: "LoopbackServer", path: "Tests/LoopbackServer"),
    // A second process for the store's tests: opens, refreshes or dies at an install step.
    .executableTarget(
      name: "emopack-store-helper", dependencies: ["EmoPackStore", "EmoSite"], path: "Tests/Helpers/StoreHelper"),
    .testTarget(
      name: "EmoPNGTests", dependencies: ["EmoImage", "EmoPNG", "EmoGIF", "EmoWebP", "TestSupport"],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "EmoPackFormatTests", dependencies: ["EmoPackFormat", "EmoPNG", "TestSupport"],
      resources: [.copy("Fixtures")]),
    .executableTarget(
      name: "emopack-recents-stress", dependencies: ["EmoPack"], path: "Tests/Helpers/RecentsStress"),
    .testTarget(
      name: "EmoPackTests",
      dependencies: [
        "EmoPack", "EmoPackFormat", "emopack-recents-stress", "TestSupport", "CEmoScan",
      ]),
    .testTarget(
      name: "EmoPackCompilerTests",
      dependencies: [
        "EmoPackCompiler", "EmoPack", "EmoPackFormat", "EmoPackSprites", "EmoPackPreview", "EmoImage", "EmoPNG",
        "EmoWebP", "EmoSign", "EmoSite", "TestSupport",
      ],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "EmoPackStoreTests",
      dependencies: [
        "EmoPackStore", "EmoSite", "EmoSign", "EmoPack", "EmoPackFormat", "EmoPackCompiler", "EmoImage", "EmoPNG",
        "LoopbackServer", "TestSupport", "emopack-store-helper",
      ]),
    .testTarget(
      name: "EmoPackCLITests", dependencies: ["EmoImage", "EmoPNG", "EmoPackCompiler", "emopack", "TestSupport"]),
    // An app's view: the library products only, with strict member visibility.
    .testTarget(
      name: "EmoPackAPITests", dependencies: ["EmoPack", "EmoPackSprites"], resources: [.copy("Fixtures")],
      swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
  ]
)
