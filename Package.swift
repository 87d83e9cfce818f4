// swift-tools-version: 6.0
import PackageDescription

/// Layers (see ../shared/DESIGN.md): C modules → PDF layer / page assembly → core → kit → CLI.
let package = Package(
    name: "ezgrader",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "ezgrader", targets: ["ezgrader"]),
        .library(name: "GraderKit", targets: ["GraderKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        // C modules: the system libraries, found through pkg-config.
        .systemLibrary(
            name: "CPoppler", pkgConfig: "poppler-glib",
            providers: [.apt(["libpoppler-glib-dev"])]),
        .systemLibrary(
            name: "CCairo", pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(
            name: "CQPDF", pkgConfig: "libqpdf",
            providers: [.apt(["libqpdf-dev"])]),
        .systemLibrary(
            name: "CTurboJPEG", pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(
            name: "CPangoCairo", pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(
            name: "CQRencode", pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"])]),
        .systemLibrary(
            name: "CZBar", pkgConfig: "zbar",
            providers: [.apt(["libzbar-dev"])]),

        // Files written whole or not at all: checked writes, fsync, rename into place.
        .target(name: "GraderFiles"),
        // Pure-Swift rules: students, grading order, validation of a class set.
        .target(name: "GraderCore"),
        // Safe handles over poppler (reading, rendering) and cairo (drawing); qpdf (through page
        // assembly) reads the /UserUnit poppler ignores.
        .target(name: "GraderPDF", dependencies: ["GraderCore", "GraderFiles", "GraderAssembly", "CPoppler", "CCairo", "CPangoCairo", "CTurboJPEG"]),
        // Page codes: QR symbols made with libqrencode, read back from scans with zbar.
        .target(name: "GraderCodes", dependencies: ["GraderCore", "CQRencode", "CZBar"]),
        // Page assembly at the PDF-object level through qpdf.
        .target(name: "GraderAssembly", dependencies: ["CQPDF", "GraderFiles"]),
        // The grading project on disk: SQLite through GRDB, one transaction per change, undo history.
        .target(
            name: "GraderStore",
            dependencies: ["GraderCore", .product(name: "GRDB", package: "GRDB.swift")]),
        // What the CLI (and a later web view) calls: loading a class, merging, exporting.
        .target(
            name: "GraderKit",
            dependencies: [
                "GraderCore", "GraderFiles", "GraderPDF", "GraderAssembly", "GraderStore", "GraderOMR", "GraderCodes",
                .product(name: "CSV", package: "CSV.swift"),
                .product(name: "Yams", package: "Yams"),
            ]),
        // The browser grading view (`ezgrader serve`): HTTP API, page images, live changes, the page assets.
        .target(
            name: "GraderWeb",
            dependencies: [
                "GraderKit", .product(name: "Hummingbird", package: "hummingbird"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"), .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Assets")]),
        .executableTarget(
            name: "ezgrader",
            dependencies: [
                "GraderKit", "GraderWeb", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // Synthetic scans (samples, tests, benchmarks): cairo draws, libjpeg-turbo encodes.
        .target(
            name: "ScanFactory", dependencies: ["CCairo", "CTurboJPEG", "GraderCore", "GraderPDF"],
            // Pixel loops (perspective warp, lighting, paper noise): optimised in debug builds too.
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        .executableTarget(
            name: "ezgrader-samples",
            dependencies: [
                "ScanFactory", "GraderCore", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(
            name: "ezgrader-bench",
            dependencies: [
                "ScanFactory", "GraderStore", "GraderCore", "GraderKit", "GraderOMR", "GraderPDF", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // Bubble (OMR) reading: pure Swift over a grey page image; its benchmark on generated sheets.
        .target(
            name: "GraderOMR", dependencies: ["GraderCore"],
            // Image arithmetic: optimised in debug builds too, or every test that imports scans waits on it.
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        .executableTarget(
            name: "ezgrader-omr-bench",
            dependencies: [
                "GraderOMR", "GraderPDF", "GraderKit", "ScanFactory",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // Helpers shared by the test targets: temporary folders, qpdf's CLI, reading PDF objects back.
        .target(
            name: "TestSupport", dependencies: ["CQPDF", "ScanFactory", "GraderStore", "GraderCore", "GraderKit", "GraderPDF"],
            path: "Tests/TestSupport"),
        .testTarget(name: "GraderCoreTests", dependencies: ["GraderCore"]),
        .testTarget(name: "GraderOMRTests", dependencies: ["GraderOMR", "GraderPDF", "ScanFactory", "TestSupport"]),
        .testTarget(name: "GraderStoreTests", dependencies: ["GraderStore", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(
            name: "GraderKitTests",
            dependencies: [
                "GraderKit", "GraderOMR", "GraderAssembly", "GraderPDF", "GraderStore", "TestSupport",
                .product(name: "CSV", package: "CSV.swift"), .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .testTarget(
            name: "GraderWebTests",
            dependencies: ["GraderWeb", "GraderKit", "TestSupport", .product(name: "HummingbirdTesting", package: "hummingbird")]),
        .testTarget(name: "EZGraderCLITests", dependencies: ["ezgrader", "GraderPDF", "ScanFactory", "TestSupport"], exclude: ["Goldens"]),
        .testTarget(
            name: "GraderExportLayerTests",
            dependencies: ["GraderPDF", "GraderAssembly", "GraderCore", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
