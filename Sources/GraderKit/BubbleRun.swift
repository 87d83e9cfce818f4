import Foundation
import GraderAlignment
import GraderBubbles
@_spi(Rules) import GraderCore
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
        /// How each block was placed on each student's scan, in student order.
        public var placements: [Placement] = []
        /// Students whose version field named a version with its own PDF (or no longer does),
        /// their pages aligned to it after the read.
        public var alignedToVersions = 0

        /// One block on one student's scan: how far its bubbles sat from the fitted layout, or why it was not read.
        public struct Placement: Sendable, Equatable, Encodable {
            public var student: String, block: String, page: Int
            /// Root-mean-square distance in points; nil when the block could not be placed.
            public var residual: Double?
            public var problem: String?
        }

        /// "Blocks placed: 11 of 12 (largest residual 0.31 pt)".
        public var placementLine: String {
            let residuals = placements.compactMap(\.residual)
            let placed = placements.filter { $0.problem == nil }.count
            return "Blocks placed: \(placed) of \(placements.count)"
                + (residuals.isEmpty ? "" : String(format: " (largest residual %.2f pt)", residuals.max()!))
        }
    }

    /// Reads `blockID` (or every block) for the whole class; `progress` gets (done, total), and
    /// `cancellation` stops it between students without recording any reading.
    public static func run(_ project: GradingProject, block blockID: String? = nil, cancellation: Cancellation? = nil,
                           progress: @Sendable (Int, Int) -> Void = { _, _ in }) throws -> Summary {
        try project.permit(.editKeys)
        let book = try project.store.gradeBook()
        let blocks = try blockID.map { [try book.resolveBlock($0)] } ?? book.bubbleBlocks
        guard !blocks.isEmpty else { throw GradingError.unknownBlock(blockID ?? "", known: []) }
        try project.verifyScans(book)
        guard !book.students.isEmpty else { return Summary() }
        // poppler's process-wide set-up is made once here, before the workers open their own documents.
        _ = try PDFDocument(path: project.scanPath(book.students[0])).pageCount
        let reader = try PageBubbleReader(blocks: blocks, folder: project.folder)
        let done = Counter()
        let readings = try book.students.indices.concurrentMap { index throws -> [BlockReading] in
            try cancellation?.check()
            defer { progress(done.increment(), book.students.count) }
            do {
                let document = try PDFDocument(path: project.scanPath(book.students[index]))
                // One rendering per page, whatever the number of blocks on it.
                var read: [String: BlockReading] = [:]
                // Each block where the student's version prints it (their pages are aligned to that version).
                let placed = blocks.map { book.placed($0, for: StudentID(index)) }
                for (page, pageBlocks) in Dictionary(grouping: placed, by: \.page).sorted(by: { $0.key < $1.key }) {
                    for reading in try reader.read(pageBlocks, on: document.page(at: page - 1),
                                                   alignment: book.students[index].alignment(page: page)) { read[reading.block.id] = reading }
                }
                return blocks.map { read[$0.id]! }
            } catch {
                return blocks.map { BubbleReader.unreadableReading($0, reason: error.localizedDescription) }
            }
        }
        var summary = Summary()
        var records: [(student: StudentKey, block: String, rows: [BubbleRowReading], placement: BubblePlacement)] = []
        for (index, studentReadings) in readings.enumerated() {
            let entry = book.students[index]
            for reading in studentReadings {
                let placement = BubblePlacement(residual: reading.registration.flatMap { $0.rmsResidual.isNaN ? nil : $0.rmsResidual }, problem: reading.problem,
                                                centres: reading.registration?.centres ?? [])
                records.append((entry.key, reading.block.id, reading.rows, placement))
                summary.placements.append(Summary.Placement(student: entry.student.name, block: reading.block.id, page: reading.block.page,
                                                            residual: placement.residual, problem: placement.problem))
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
                        let name = reading.block.kind.isDigitGrid ? "\(reading.block.id) digit \(row.row + 1)" : reading.block.questionLabel(row: row.row) ?? reading.block.id
                        summary.review.append("\(entry.student.name) — p. \(reading.block.page), \(name): \(BubbleScoring.describe(row.reading))")
                    }
                }
            }
        }
        try project.recordReadings(records, description: "read bubbles of \(book.students.count) students")
        // Version fields read: their students' pages aligned to their version's PDF, and read again
        // there when a version prints a block elsewhere.
        summary.alignedToVersions = try project.alignReadVersions(since: book)
        if summary.alignedToVersions > 0, !book.versions.blockPlacements.isEmpty {
            var again = try run(project, block: blockID, cancellation: cancellation, progress: progress)
            again.alignedToVersions += summary.alignedToVersions
            return again
        }
        return summary
    }
}

extension GrayImage {
    /// Renders `page` at `pixelsPerPoint` into one grey byte per pixel: a page that is one scanned
    /// JPEG is decoded from the JPEG at a reduced scale and shrunk to size (`PDFPage.scanGray`),
    /// any other page is drawn by poppler.
    /// With `keepingScanResolution`, a scan of less than the resolution asked for (down to a third
    /// of it) is decoded whole and kept at its own resolution, for a reader that enlarges it itself
    /// (`TemplateReader` evens out the light first, on the fewer pixels): many times faster than
    /// poppler drawing the JPEG large (code readers keep poppler's drawing, which they were tuned on).
    public init(rendering page: PDFPage, pixelsPerPoint: Double, keepingScanResolution: Bool = false) throws {
        let size = page.size
        let width = Int((size.width * pixelsPerPoint).rounded(.up)), height = Int((size.height * pixelsPerPoint).rounded(.up))
        if width > 0, height > 0,
           let scan = page.scanGray(minimumWidth: width) ?? (keepingScanResolution ? page.scanGray(minimumWidth: width / 3) : nil),
           scan.height >= (keepingScanResolution ? height / 3 : height) {
            let decoded = GrayImage(width: scan.width, height: scan.height, bytes: scan.bytes, pixelsPerPoint: Double(scan.width) / size.width)
            self = scan.width >= width && scan.height >= height ? decoded.shrunk(toWidth: width, height: height, pixelsPerPoint: pixelsPerPoint) : decoded
            return
        }
        let bitmap = try page.renderRGB(dpi: pixelsPerPoint * 72)
        let count = bitmap.width * bitmap.height
        let grey = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            bitmap.rgb.withUnsafeBufferPointer { rgb in
                // A `while` loop over pointers: a debug build (the tests) runs it many times faster than a range.
                var (pixel, grey, i) = (rgb.baseAddress!, buffer.baseAddress!, 0)
                while i < count {
                    let red = Int(pixel[0]) &* 77, green = Int(pixel[1]) &* 150, blue = Int(pixel[2]) &* 29
                    grey[i] = UInt8(truncatingIfNeeded: (red &+ green &+ blue &+ 128) &>> 8)
                    pixel += 3
                    i &+= 1
                }
            }
            initialized = count
        }
        self.init(width: bitmap.width, height: bitmap.height, bytes: grey, pixelsPerPoint: pixelsPerPoint)
    }
}
