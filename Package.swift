// swift-tools-version: 6.0
import PackageDescription

/// The modules and what each may import: README.md, "Architecture".
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
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    ],
    targets: [
        // C modules: the system libraries, found through pkg-config.
        .systemLibrary(
            name: "CPoppler", pkgConfig: "poppler-glib",
            providers: [.apt(["libpoppler-glib-dev"])]),
        .systemLibrary(
            name: "CCairo", pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]),
        // cairo's fontconfig fonts: ScanFactory's own font faces, rendered the same whatever used the font before.
        .systemLibrary(
            name: "CCairoFC", pkgConfig: "cairo-fc",
            providers: [.apt(["libcairo2-dev", "libfontconfig-dev"])]),
        .systemLibrary(
            name: "CQPDF", pkgConfig: "libqpdf",
            providers: [.apt(["libqpdf-dev"])]),
        // libjpeg's decoder a band of rows at a time, its errors returned, never exiting (a scan's
        // page code read from the top of its JPEG alone).
        .target(name: "CJPEGBand", linkerSettings: [.linkedLibrary("jpeg")]),
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
        .systemLibrary(
            name: "CCurl", pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(
            name: "CGMime", pkgConfig: "gmime-3.0",
            providers: [.apt(["libgmime-3.0-dev"])]),

        // Product modules, lowest first; README "Architecture" lists each one's job and allowed imports
        // (ArchitectureTests checks every import against it).
        // Files written whole or not at all: checked writes, fsync, rename into place.
        .target(name: "GraderFiles"),
        // The grading domain and its pure rules: students, pages, questions, points, grades, rubric,
        // annotations, answer keys, grading order; nothing but Foundation.
        .target(name: "GraderCore"),
        // Scanned pages registered on a reference page: grey images, cross-correlation, homographies.
        .target(name: "GraderAlignment", dependencies: ["GraderCore"]),
        // Bubble (OMR) reading on a registered page: printed rings, fill, a school's blank-sheet templates.
        .target(name: "GraderBubbles", dependencies: ["GraderCore", "GraderAlignment"]),
        // Handwritten digits in printed boxes (student numbers): a small network in pure Swift, its weights a resource.
        .target(name: "GraderDigits", dependencies: ["GraderCore", "GraderAlignment"], resources: [.copy("Resources/digits.weights")]),
        // Answer groups: each student's ink over the print in an answer region, grouped (blank, same number, alike ink).
        .target(name: "GraderGroups", dependencies: ["GraderCore", "GraderAlignment", "GraderDigits"]),
        // Page codes: QR symbols made with libqrencode, read back from scans with zbar.
        .target(name: "GraderCodes", dependencies: ["GraderCore", "CQRencode", "CZBar"]),
        // Item analysis and screening of an exam, and the report (blocks and charts) that shows it.
        .target(name: "GraderAnalysis", dependencies: ["GraderCore"]),
        // Page assembly at the PDF-object level through qpdf.
        .target(name: "GraderAssembly", dependencies: ["CQPDF", "GraderFiles"]),
        // Safe handles over poppler (reading, rendering) and cairo (drawing): the grade layer, codes
        // and reports as PDF; qpdf (through page assembly) reads the /UserUnit poppler ignores.
        .target(
            name: "GraderPDF",
            dependencies: ["GraderCore", "GraderFiles", "GraderAssembly", "GraderAnalysis", "GraderCodes",
                           "CPoppler", "CCairo", "CPangoCairo", "CTurboJPEG", "CJPEGBand",
                           .product(name: "Crypto", package: "swift-crypto")]),
        // The grading project on disk: SQLite through GRDB, one transaction per change, undo history.
        .target(
            name: "GraderStore",
            dependencies: ["GraderCore", .product(name: "GRDB", package: "GRDB.swift")]),
        // E-mail: messages made by GMime (MIME), sent by libcurl (SMTP over TLS).
        .target(name: "GraderMail", dependencies: ["CCurl", "CGMime"]),
        // The façade every front end calls: projects, grading, alignment and bubble runs, exports.
        .target(
            name: "GraderKit",
            dependencies: [
                "GraderCore", "GraderFiles", "GraderAlignment", "GraderBubbles", "GraderDigits", "GraderGroups", "GraderCodes", "GraderAnalysis",
                "GraderPDF", "GraderAssembly", "GraderStore", "GraderMail",
                .product(name: "Yams", package: "Yams"),
            ]),
        // The browser grading view (`ezgrader serve`): HTTP(S) API, page images, live changes, the page assets.
        .target(
            name: "GraderWeb",
            dependencies: [
                "GraderKit", .product(name: "Hummingbird", package: "hummingbird"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"), .product(name: "Logging", package: "swift-log"),
                // HTTPS for `serve --public`: TLS through swift-nio-ssl, a self-signed certificate made with swift-certificates.
                .product(name: "HummingbirdTLS", package: "hummingbird"), .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"), .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            resources: [.copy("Assets")]),
        // The command line.
        .executableTarget(
            name: "ezgrader",
            dependencies: [
                "GraderKit", "GraderWeb", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // Tools outside the product: synthetic scans (cairo draws, libjpeg-turbo encodes) for the
        // samples, the tests and the benchmarks.
        .target(name: "ScanFactory", dependencies: ["CCairo", "CCairoFC", "CTurboJPEG", "GraderCore", "GraderPDF", "GraderAlignment"], path: "Tools/ScanFactory"),
        .executableTarget(
            name: "ezgrader-samples",
            dependencies: [
                "ScanFactory", "GraderCore", "GraderDigits", "GraderAssembly", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Tools/ezgrader-samples"),
        .executableTarget(
            name: "ezgrader-bench",
            dependencies: [
                "ScanFactory", "GraderStore", "GraderCore", "GraderKit", "GraderAlignment", "GraderPDF", "GraderAssembly",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Tools/ezgrader-bench"),
        .executableTarget(
            name: "ezgrader-omr-bench",
            dependencies: [
                "GraderAlignment", "GraderBubbles", "GraderDigits", "GraderPDF", "GraderKit", "ScanFactory",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Tools/ezgrader-omr-bench"),

        // Helpers shared by the test targets: temporary folders, qpdf's CLI, reading PDF objects back.
        .target(
            name: "TestSupport", dependencies: ["CQPDF", "ScanFactory", "GraderStore", "GraderCore", "GraderAnalysis", "GraderKit", "GraderPDF", "GraderAssembly"],
            path: "Tests/TestSupport"),
        .testTarget(name: "ArchitectureTests", dependencies: ["TestSupport"]),
        .testTarget(name: "GraderCoreTests", dependencies: ["GraderCore"]),
        .testTarget(name: "GraderAlignmentTests", dependencies: ["GraderAlignment", "GraderCore"]),
        .testTarget(name: "ScanFactoryTests", dependencies: ["ScanFactory", "TestSupport", "CCairo"]),
        .testTarget(name: "GraderDigitsTests", dependencies: ["GraderDigits", "GraderAlignment", "GraderCore", "ScanFactory"]),
        .testTarget(name: "GraderGroupsTests", dependencies: ["GraderGroups", "GraderDigits", "GraderAlignment", "GraderCore", "ScanFactory"]),
        .testTarget(name: "GraderBubblesTests", dependencies: ["GraderBubbles", "GraderAlignment", "GraderPDF", "ScanFactory", "TestSupport"]),
        .testTarget(name: "GraderAnalysisTests", dependencies: ["GraderAnalysis"]),
        .testTarget(name: "GraderStoreTests", dependencies: ["GraderStore", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(
            name: "GraderKitTests",
            dependencies: [
                "GraderKit", "GraderAlignment", "GraderBubbles", "GraderAnalysis", "GraderAssembly", "GraderPDF", "GraderStore",
                "TestSupport", .product(name: "CSV", package: "CSV.swift"), .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .testTarget(
            name: "GraderWebTests",
            dependencies: ["GraderWeb", "GraderKit", "ScanFactory", "TestSupport", .product(name: "HummingbirdTesting", package: "hummingbird")]),
        .testTarget(name: "EZGraderCLITests", dependencies: ["ezgrader", "GraderPDF", "ScanFactory", "TestSupport"], exclude: ["Goldens"]),
        .testTarget(
            name: "GraderExportLayerTests",
            dependencies: ["GraderPDF", "GraderAssembly", "GraderCore", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
