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
        .library(name: "AttributedText", targets: ["AttributedText"]),
        .library(name: "MarkdownParsing", targets: ["MarkdownParsing"]),
        .library(name: "HTMLRendering", targets: ["HTMLRendering"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
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
        .target(name: "AttributedText", swiftSettings: upcoming),
        .target(
            name: "MarkdownParsing",
            dependencies: ["AttributedText", "CCmarkGFM", "CMarkAttributes"],
            swiftSettings: upcoming
        ),
        .target(name: "HTMLRendering", dependencies: ["AttributedText"], swiftSettings: upcoming),
        .target(
            name: "RunwayCLI",
            dependencies: [
                "AttributedText", "MarkdownParsing", "HTMLRendering",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: upcoming
        ),
        .executableTarget(name: "runway", dependencies: ["RunwayCLI"], swiftSettings: upcoming),
        .executableTarget(
            name: "RunwayBenchmarks",
            dependencies: ["AttributedText", "MarkdownParsing", "HTMLRendering"],
            path: "Benchmarks/RunwayBenchmarks",
            swiftSettings: upcoming
        ),
        .testTarget(name: "AttributedTextTests", dependencies: ["AttributedText"], swiftSettings: upcoming),
        .testTarget(
            name: "MarkdownParsingTests",
            dependencies: ["AttributedText", "MarkdownParsing"],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "HTMLRenderingTests",
            dependencies: ["AttributedText", "MarkdownParsing", "HTMLRendering"],
            resources: [.copy("Fixtures")],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "RunwayCLITests",
            dependencies: ["RunwayCLI"],
            swiftSettings: upcoming
        ),
    ],
    swiftLanguageModes: [.v6]
)
