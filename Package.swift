// swift-tools-version: 6.1
import PackageDescription

let upcoming: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Runway",
    products: [
        .executable(name: "runway", targets: ["runway"]),
        .library(name: "RunwayText", targets: ["RunwayText"]),
        .library(name: "MarkdownParsing", targets: ["MarkdownParsing"]),
        .library(name: "HTMLRendering", targets: ["HTMLRendering"]),
        .library(name: "MarkdownWriting", targets: ["MarkdownWriting"]),
        .library(name: "Formatting", targets: ["Formatting"]),
        .library(name: "SyntaxHighlighting", targets: ["SyntaxHighlighting"]),
        .library(name: "SiteOutput", targets: ["SiteOutput"]),
        .library(name: "SiteContent", targets: ["SiteContent"]),
        .library(name: "Templating", targets: ["Templating"]),
        .library(name: "SiteBuilding", targets: ["SiteBuilding"]),
        .library(name: "ThemeTools", targets: ["ThemeTools"]),
        .library(name: "SiteWatching", targets: ["SiteWatching"]),
        .library(name: "SiteServing", targets: ["SiteServing"]),
        .library(name: "SiteImport", targets: ["SiteImport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // Stylesheets' Subresource Integrity (SHA-384).
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        // CSV data files (`data/*.csv`).
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // `make docs-api`: the libraries' DocC documentation.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Tests only: whole fixture sites' outputs kept as snapshot files beside their tests.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        // The C library, seen only by MarkdownParsing.
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        // The C syntax extension for `^[text](key: value)`, over cmark-gfm's extension API.
        .target(name: "CMarkAttributes", dependencies: ["CCmarkGFM"]),
        // mimalloc, the command's allocator (malloc and free for the whole process).
        .systemLibrary(name: "CMimalloc", providers: [.apt(["libmimalloc-dev"])]),
        .target(name: "RunwayText", swiftSettings: upcoming),
        .target(
            name: "MarkdownParsing",
            dependencies: ["RunwayText", "CCmarkGFM", "CMarkAttributes"],
            swiftSettings: upcoming
        ),
        .target(
            name: "Formatting",
            dependencies: ["RunwayText", .product(name: "TOMLKit", package: "TOMLKit")],
            swiftSettings: upcoming
        ),
        .target(name: "HTMLRendering", dependencies: ["RunwayText", "Formatting"], swiftSettings: upcoming),
        // Attributed text written back as Markdown: pages' Markdown twins, llms.txt.
        .target(name: "MarkdownWriting", dependencies: ["RunwayText"], swiftSettings: upcoming),
        // Highlighted code: Pygments (a long-lived python3 process) as the tokenizer, its tokens
        // cached by block, set on code runs as the `syntax` attribute.
        .target(name: "SyntaxHighlighting", dependencies: ["RunwayText", "SiteOutput"], swiftSettings: upcoming),
        // Emoji by their shortcodes, read from Debian's python3-emoji (`[markdown] emoji = true`).
        .target(name: "EmojiTable", swiftSettings: upcoming),
        // Formulas into MathML: KaTeX (Debian's katex), a long-lived node process (`[markdown] math = true`).
        .target(name: "MathConversion", swiftSettings: upcoming),
        // libvips (Debian's libvips-dev): decoding, resizing and encoding images.
        .systemLibrary(name: "CVips", pkgConfig: "vips", providers: [.apt(["libvips-dev"])]),
        // The few libvips calls Runway makes, without their C variadic options, which Swift cannot pass.
        .target(name: "CImageVariants", dependencies: ["CVips"]),
        // Images' headers and their smaller copies (`[images]`, the `resize`/`fit`/`fill` functions): the only module that sees libvips.
        .target(name: "ImageProcessing", dependencies: ["CImageVariants"], swiftSettings: upcoming),
        // Owning an output folder: where it may be, its lock, the manifest of what Runway wrote,
        // and changes that take effect whole or not at all (a journal finishes or undoes them).
        .target(name: "SiteOutput", dependencies: ["RunwayText"], swiftSettings: upcoming),
        // A site's sources: its configuration, front matter and pages (parsed and rendered), paths.
        .target(
            name: "SiteContent",
            dependencies: [
                "RunwayText", "MarkdownParsing", "HTMLRendering", "Formatting", "SiteOutput", "SyntaxHighlighting", "MathConversion",
                "ImageProcessing", .product(name: "Yams", package: "Yams"), .product(name: "TOMLKit", package: "TOMLKit"),
                .product(name: "CSV", package: "CSV.swift"),
            ],
            swiftSettings: upcoming
        ),
        // Page templates: Runway's own Mustache engine (templates compiled to plans), over typed values.
        .target(
            name: "Templating",
            dependencies: ["RunwayText", "SiteOutput"],
            swiftSettings: upcoming
        ),
        // Site search: Pagefind (an external program) run over the built pages, its bundle read back.
        .target(name: "SiteSearch", dependencies: ["RunwayText"], swiftSettings: upcoming),
        // Inotify, for `runway watch` and `runway serve`: which files under some folders changed.
        .target(name: "SiteWatching", dependencies: ["RunwayText", "SiteOutput"], swiftSettings: upcoming),
        // The build as steps over one build context, its cache and outputs, and the rebuild loop
        // `watch` and `serve` share.
        .target(
            name: "SiteBuilding",
            dependencies: ["RunwayText", "Formatting", "MarkdownParsing", "SiteOutput", "SiteContent", "Templating", "SiteWatching",
                           "SyntaxHighlighting", "MarkdownWriting", "SiteSearch", "EmojiTable", "MathConversion", "ImageProcessing",
                           .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: upcoming
        ),
        // `runway theme check/preview/new`.
        .target(
            name: "ThemeTools",
            dependencies: ["RunwayText", "Formatting", "HTMLRendering", "SiteOutput", "SiteContent", "Templating", "SiteBuilding"],
            swiftSettings: upcoming
        ),
        // `runway import`: a Hugo, Zola or Jekyll site read and written as a Runway site.
        .target(
            name: "SiteImport",
            dependencies: ["RunwayText", "Formatting", "MarkdownParsing", "HTMLRendering", "SiteOutput", "SiteContent", "SiteBuilding"],
            swiftSettings: upcoming
        ),
        // The only module that sees the HTTP stack.
        .target(
            name: "SiteServing",
            dependencies: [
                "RunwayText", "SiteOutput", "SiteBuilding",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: upcoming
        ),
        .target(
            name: "RunwayCLI",
            dependencies: [
                "RunwayText", "MarkdownParsing", "HTMLRendering", "Formatting", "SiteContent", "SiteBuilding", "ThemeTools",
                "SiteServing", "SyntaxHighlighting", "SiteImport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: upcoming
        ),
        .executableTarget(name: "runway", dependencies: ["RunwayCLI", "CMimalloc"], swiftSettings: upcoming),
        .executableTarget(
            name: "RunwayBenchmarks",
            dependencies: ["RunwayText", "MarkdownParsing", "HTMLRendering", "Formatting", "SiteBuilding", "SyntaxHighlighting", "CMimalloc"],
            path: "Benchmarks/RunwayBenchmarks",
            swiftSettings: upcoming
        ),
        .executableTarget(
            name: "RunwayFuzz",
            dependencies: ["RunwayText", "MarkdownParsing", "HTMLRendering", "Formatting", "SiteContent", "SiteBuilding", "SiteOutput", "Templating"],
            path: "Fuzz/RunwayFuzz",
            swiftSettings: upcoming
        ),
        .executableTarget(
            name: "ContactsDefinition",
            dependencies: ["RunwayText", "Formatting", "MarkdownParsing"],
            path: "Examples/ContactsDefinition",
            exclude: ["expected-output.txt"],
            swiftSettings: upcoming
        ),
        .executableTarget(
            name: "DocumentationSnippets",
            dependencies: ["RunwayText", "MarkdownParsing"],
            path: "Examples/DocumentationSnippets",
            exclude: ["expected-output.txt"],
            swiftSettings: upcoming
        ),
        .executableTarget(
            name: "LibraryTour",
            dependencies: ["RunwayText", "MarkdownParsing", "HTMLRendering"],
            path: "Examples/LibraryTour",
            exclude: ["expected-output.txt"],
            swiftSettings: upcoming
        ),
        // What every test target shares: temporary folders, file trees, snapshots of whole outputs.
        .target(
            name: "RunwayTestSupport",
            dependencies: [.product(name: "SnapshotTesting", package: "swift-snapshot-testing")],
            path: "Tests/RunwayTestSupport",
            swiftSettings: upcoming
        ),
        .testTarget(name: "RunwayTextTests", dependencies: ["RunwayTestSupport", "RunwayText"], swiftSettings: upcoming),
        .testTarget(
            name: "MarkdownParsingTests",
            dependencies: ["RunwayTestSupport", "RunwayText", "MarkdownParsing", "HTMLRendering"],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "HTMLRenderingTests",
            dependencies: ["RunwayTestSupport", "RunwayText", "MarkdownParsing", "HTMLRendering", "Formatting", "MarkdownWriting"],
            resources: [.copy("Fixtures")],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "FormattingTests",
            dependencies: ["RunwayTestSupport", "RunwayText", "Formatting", .product(name: "TOMLKit", package: "TOMLKit")],
            resources: [.copy("Fixtures")],
            swiftSettings: upcoming
        ),
        .testTarget(name: "SiteOutputTests", dependencies: ["RunwayTestSupport", "RunwayText", "SiteOutput"], swiftSettings: upcoming),
        .testTarget(name: "MathConversionTests", dependencies: ["RunwayTestSupport", "MathConversion"], swiftSettings: upcoming),
        .testTarget(name: "ImageProcessingTests", dependencies: ["RunwayTestSupport", "ImageProcessing"], swiftSettings: upcoming),
        .testTarget(
            name: "SyntaxHighlightingTests",
            dependencies: ["RunwayTestSupport", "RunwayText", "MarkdownParsing", "HTMLRendering", "SyntaxHighlighting"],
            swiftSettings: upcoming
        ),
        // The engine too: its own escaping is what Runway's is tested against.
        .testTarget(name: "TemplatingTests", dependencies: ["RunwayTestSupport", "RunwayText", "Templating", .product(name: "Mustache", package: "swift-mustache")],
                    swiftSettings: upcoming),
        .testTarget(
            name: "SiteBuildingTests",
            dependencies: ["RunwayTestSupport", 
                "RunwayText", "SiteContent", "Templating", "SiteBuilding", "ThemeTools", "SiteOutput", "HTMLRendering",
                "SyntaxHighlighting", "ImageProcessing",
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "SiteServingTests",
            dependencies: ["RunwayTestSupport", 
                "RunwayText", "SiteContent", "SiteBuilding", "SiteWatching", "SiteServing",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "SiteImportTests",
            dependencies: ["RunwayTestSupport", "RunwayText", "SiteContent", "SiteImport"],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "RunwayCLITests",
            dependencies: ["RunwayTestSupport", "RunwayCLI", "ImageProcessing"],
            exclude: ["__Snapshots__"],
            swiftSettings: upcoming
        ),
    ],
    swiftLanguageModes: [.v6]
)
