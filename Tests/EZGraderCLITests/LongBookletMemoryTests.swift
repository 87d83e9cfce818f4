import Foundation
import ScanFactory
import Testing
import TestSupport

/// `new` on long booklets: the reference pages prepared for aligning (a few megabytes each) are
/// made a run of pages at a time, so memory follows the run, not the booklet's length.
@Suite struct LongBookletMemoryTests {
    private let ezgrader = builtProduct("ezgrader")

    @Test func aLongBookletIsImportedInBoundedMemory() throws {
        let folder = TemporaryFolder()
        for name in ["Ada", "Bo"] {
            try ScanFactory.writeBornDigitalBooklet(to: URL(fileURLWithPath: folder.file("\(name).pdf")), studentName: name, pageCount: 160)
        }
        // GNU time's %M: the command's peak resident memory in kilobytes, on the last line of stderr.
        let result = try runCommand("/usr/bin/time", ["-f", "%M", ezgrader, "new", "exam", "Ada.pdf", "Bo.pdf"], in: folder.path)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix("Created exam.ezgrader: 2 students × 160 pages."), "\(result.output)")
        let kilobytes = try #require(result.error.split(separator: "\n").last.flatMap { Int($0) }, "\(result.error)")
        // Before: every reference page at once, about 5 MB a page (over 800 MB here).
        #expect(kilobytes < 400_000, "peak \(kilobytes / 1024) MB")
    }
}
