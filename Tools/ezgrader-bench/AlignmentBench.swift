import Foundation
import GraderAlignment
import GraderBubbles
import GraderKit
import GraderPDF

/// Page alignment at import: what registering a page costs (its render included), a whole class
/// aligned on both cores, and `ezgrader new` with alignment against a build without it.
enum AlignmentBench {
    /// Runs the three measurements on generated classes of `students` × `pages` (alignment) and
    /// `importStudents` × `pages` (`new`); `baseline` is an ezgrader binary without alignment.
    static func run(binary: String, baseline: String?, students: Int, importStudents: Int, pages: Int, runs: Int,
                    in workFolder: String) throws {
        let files = try ClassGenerator.scannedClass(students: students, pages: pages, in: workFolder)
        let clock = ContinuousClock()
        // As `new` makes it: the first student's booklet, its print confirmed by the next students'.
        let reference = try PageAlignmentRun.reference(
            of: .init(path: files[0]), confirmedBy: files.dropFirst().prefix(PageAlignmentRun.confirmingStudents).map { .init(path: $0) }).pages

        // One core, page by page: the render (poppler decodes the page's JPEG) and the registration.
        let sample = files.dropFirst().prefix(20)
        var render = Duration.zero, register = Duration.zero, count = 0, flagged = 0
        for file in sample {
            let document = try PDFDocument(path: file)
            for page in 0..<pages {
                var image: GrayImage?
                render += try clock.measure {
                    image = try GrayImage(rendering: document.page(at: page), pixelsPerPoint: PageRegistrar.pixelsPerPoint)
                }
                var alignment: PageAlignment?
                register += clock.measure { alignment = PageRegistrar.register(image!, to: reference[page]) }
                if alignment?.isFlagged == true { flagged += 1 }
                count += 1
            }
        }
        let milliseconds = { (d: Duration) in Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15 }
        print("## page alignment (36 dpi render + registration), \(count) pages on one core")
        print(String(format: "render %.1f ms + registration %.1f ms = %.1f ms per page; %d flagged",
                     milliseconds(render) / Double(count), milliseconds(register) / Double(count),
                     (milliseconds(render) + milliseconds(register)) / Double(count), flagged))

        // The whole class on both cores, as `new` runs it.
        var alignments: [[PageAlignment]] = []
        let whole = clock.measure {
            alignments = PageAlignmentRun.align(files.dropFirst().map { .init(path: $0) }, to: reference)
        }
        let wholeFlagged = alignments.joined().filter(\.isFlagged).count
        let lowest = alignments.joined().filter { !$0.isFlagged }.map(\.score).min() ?? 0
        print(String(format: "%d × %d class on %d cores: %.2f s (%.1f ms per page), %d flagged, lowest match %.2f\n",
                     students - 1, pages, ProcessInfo.processInfo.activeProcessorCount, milliseconds(whole) / 1000,
                     milliseconds(whole) / Double((students - 1) * pages), wholeFlagged, lowest))

        // `new` on the import class, alternating with the baseline build.
        let importFiles = try ClassGenerator.scannedClass(students: importStudents, pages: pages, in: workFolder)
        print("## ezgrader new, \(importStudents) × \(pages) scanned pages, median of \(runs) runs")
        print("build                                 time s   peak MB")
        var builds = [("with alignment", binary)]
        if let baseline { builds.insert(("without (baseline)", baseline), at: 0) }
        var measured = builds.map { _ in [Measurement]() }
        for run in 0..<runs {
            for (index, build) in builds.enumerated() {
                let project = "\(workFolder)/out/new-\(index)-\(run).ezgrader"
                try? FileManager.default.removeItem(atPath: project)
                measured[index].append(try measure([build.1, "new", project] + importFiles + ["--grader", "bench"]))
                try? FileManager.default.removeItem(atPath: project)
            }
        }
        for (index, build) in builds.enumerated() {
            let median = measured[index].sorted { $0.seconds < $1.seconds }[runs / 2]
            print(build.0.padding(toLength: 38, withPad: " ", startingAt: 0)
                + String(format: "%-9.2f", median.seconds) + megabytes(measured[index].map(\.peakBytes).max() ?? 0))
        }
        print("")
    }
}
