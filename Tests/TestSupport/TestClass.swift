import Foundation
import ScanFactory

/// Small classes of generated scans for tests.
public enum TestClass {
    /// A low-resolution scan style: real JPEG pages, quick to make.
    public static let quickScan = ScanStyle(dpi: 36, jpegQuality: 40, maxSkewDegrees: 1, maxOffsetPoints: 4, noise: 0.2)

    /// Writes one scanned booklet per name into `folder` (`<name>.pdf`) and returns the paths.
    @discardableResult
    public static func scanned(_ names: [String], pages: Int, in folder: TemporaryFolder) throws -> [String] {
        try names.enumerated().map { index, name in
            let path = folder.file("\(name).pdf")
            try ScanFactory.writeScannedBooklet(
                to: URL(fileURLWithPath: path), studentName: name, studentNumber: index + 1,
                pageCount: pages, style: quickScan, seed: 99)
            return path
        }
    }
}
