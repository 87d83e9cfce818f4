import Dispatch
import Foundation
import GraderCore
import GraderOMR
import GraderPDF

/// Reads every student's bubble blocks from their scans (both cores), records the readings and
/// scores them against the key in one change. A page that cannot be read does not stop the run:
/// it is listed with its reason.
public enum BubbleRun {
    /// What a run found.
    public struct Summary: Sendable, Equatable {
        /// Rows read as answered, blank, multiple, uncertain.
        public var answered = 0, blank = 0, multiple = 0, uncertain = 0
        /// Rows a person should look at: "Anna — p. 1, mc-7: uncertain: light mark on B".
        public var review: [String] = []
        /// Students whose page could not be read, with the reason.
        public var failures: [String] = []
        /// Student-ID grids that do not match the roster id: "Anna: the grid reads 1001002, the roster says S1001".
        public var idMismatches: [String] = []
    }

    /// Reads `blockID` (or every block) for the whole class; `progress` gets (done, total), and
    /// `cancellation` stops it between students without recording any reading.
    public static func run(_ project: GradingProject, block blockID: String? = nil, cancellation: Cancellation? = nil,
                           progress: @Sendable (Int, Int) -> Void = { _, _ in }) throws -> Summary {
        let book = try project.store.gradeBook()
        let blocks = try blockID.map { [try book.resolveBlock($0)] } ?? book.bubbleBlocks
        guard !blocks.isEmpty else { throw GradingError.unknownBlock(blockID ?? "", known: []) }
        try project.verifyScans(book)
        guard !book.students.isEmpty else { return Summary() }
        // poppler's process-wide set-up is made once here, before the workers open their own documents.
        _ = try PDFDocument(path: project.scanPath(book.students[0])).pageCount
        let results = ConcurrentResults<[BlockReading]>(count: book.students.count)
        let done = Counter()
        DispatchQueue.concurrentPerform(iterations: book.students.count) { index in
            results.set(index) {
                try cancellation?.check()
                defer { progress(done.increment(), book.students.count) }
                do {
                    let document = try PDFDocument(path: project.scanPath(book.students[index]))
                    return try blocks.map { block in
                        let ppp = GrayImage.pixelsPerPoint(forBubbleDiameter: block.bubbleDiameter)
                        return BubbleReader.read(block, in: try GrayImage(rendering: document.page(at: block.page - 1), pixelsPerPoint: ppp))
                    }
                } catch {
                    return blocks.map { BubbleReader.unreadableReading($0, reason: error.localizedDescription) }
                }
            }
        }
        let readings = try results.values()
        var summary = Summary()
        var records: [(student: StudentKey, block: String, rows: [BubbleRowReading])] = []
        for (index, studentReadings) in readings.enumerated() {
            let entry = book.students[index]
            for reading in studentReadings {
                records.append((entry.key, reading.block.id, reading.rows))
                if let problem = reading.problem { summary.failures.append("\(entry.student.name) — p. \(reading.block.page), \(reading.block.id): \(problem)") }
                if reading.block.kind == .studentID, reading.problem == nil {
                    let digits = reading.digits ?? "?"
                    let expected = entry.student.rosterID?.filter(\.isNumber)
                    if let expected, !expected.isEmpty, digits != expected, !digits.hasSuffix(expected) {
                        summary.idMismatches.append("\(entry.student.name): the grid reads \(digits), the roster says \(entry.student.rosterID!)")
                    }
                }
                for row in reading.rows {
                    switch row.reading {
                    case .answered: summary.answered += 1
                    case .blank: summary.blank += 1
                    case .multiple: summary.multiple += 1
                    case .uncertain: summary.uncertain += 1
                    }
                    if BubbleScoring.needsReview(row.reading), reading.problem == nil {
                        let name = reading.block.questionNumber(row: row.row).map { "\(reading.block.id)-\($0)" } ?? "\(reading.block.id) digit \(row.row + 1)"
                        summary.review.append("\(entry.student.name) — p. \(reading.block.page), \(name): \(BubbleScoring.describe(row.reading))")
                    }
                }
            }
        }
        try project.store.recordReadings(records, description: "read bubbles of \(book.students.count) students")
        return summary
    }
}

extension GrayImage {
    /// Renders `page` at `pixelsPerPoint` into one grey byte per pixel: a page that is one scanned
    /// JPEG is decoded from the JPEG at a reduced scale and shrunk to size (`PDFPage.scanGray`),
    /// any other page is drawn by poppler.
    public init(rendering page: PDFPage, pixelsPerPoint: Double) throws {
        let size = page.size
        let width = Int((size.width * pixelsPerPoint).rounded(.up)), height = Int((size.height * pixelsPerPoint).rounded(.up))
        if width > 0, height > 0, let scan = page.scanGray(minimumWidth: width), scan.height >= height {
            self = GrayImage(width: scan.width, height: scan.height, bytes: scan.bytes, pixelsPerPoint: Double(scan.width) / size.width)
                .shrunk(toWidth: width, height: height, pixelsPerPoint: pixelsPerPoint)
            return
        }
        let bitmap = try page.renderRGB(dpi: pixelsPerPoint * 72)
        let count = bitmap.width * bitmap.height
        let grey = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            bitmap.rgb.withUnsafeBufferPointer { rgb in
                for i in 0..<count {
                    let red = Int(rgb[3 * i]) * 77, green = Int(rgb[3 * i + 1]) * 150, blue = Int(rgb[3 * i + 2]) * 29
                    buffer[i] = UInt8((red + green + blue + 128) >> 8)
                }
            }
            initialized = count
        }
        self.init(width: bitmap.width, height: bitmap.height, bytes: grey, pixelsPerPoint: pixelsPerPoint)
    }
}
