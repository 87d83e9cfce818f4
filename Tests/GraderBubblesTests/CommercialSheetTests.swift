import Foundation
import GraderCore
import GraderPDF
import ScanFactory
import TestSupport
import Testing

/// Serialized: poppler's process-wide set-up is not safe to race, even across documents.
@Suite("Commercial answer sheets: printed blanks, scans and photos read back through poppler", .serialized)
struct CommercialSheetTests {
    /// 20 mm in points.
    static let twentyMillimetres = 20 / 25.4 * 72
    /// Shifted 20 mm down and turned 3°.
    static let misplaced = BubbleSheetPlacement(offsetX: 0, offsetY: twentyMillimetres, rotationDegrees: 3)
    /// One clean fill per row (A, B, C, … in turn), an ID, a numeric answer and the ticked checkbox.
    static let cleanMarks: [String: [BubbleMark]] = [
        "mc1": (0..<20).map { .filled($0 % 5) },
        "mc2": (0..<20).map { .filled(4 - $0 % 5) },
        "student-id": [4, 0, 7, 1, 9, 5, 3].map { .filled($0) },
        "q46": [1, 2, 8].map { .filled($0) },
        "version-b": [.filled(0)],
    ]

    /// Where sheets go: a temporary folder, or `COMMERCIAL_SHEETS_DIR` to keep them for a person to look at.
    let folder = ProcessInfo.processInfo.environment["COMMERCIAL_SHEETS_DIR"].map { TemporaryFolder(existing: $0) } ?? TemporaryFolder()

    @Test func blankOutlinesAreLightGreyAndTimingMarksBlack() throws {
        let design = CommercialSheetDesign.schoolForm
        let path = folder.file("school-form-blank.pdf")
        try ScanFactory.writeBlankSheet(design, to: URL(fileURLWithPath: path))
        let page = try GreyPage(path: path, dpi: 300)

        let field = try #require(design.field("mc1"))
        let outline = darkestOnOutline(of: field, centre: field.first, in: page)
        let expected = 255 * (1 - design.ringTone)
        #expect(abs(Double(outline) - expected) <= 40, "outline's darkest grey \(outline), ring tone gives \(expected)")

        let timingRow = field.first.y
        #expect(page.mean(around: PagePoint(x: 18, y: timingRow), radius: 0.8) < 40)
        #expect(page.mean(around: PagePoint(x: 30, y: timingRow), radius: 0.8) > 240, "paper right of the timing mark")
    }

    @Test func scannedSheetShowsFillsWhereTheTruthSays() throws {
        let path = folder.file("school-form-scan.pdf")
        let truth = try ScanFactory.writeFilledSheet(
            .schoolForm, marks: Self.cleanMarks, capture: .scan(Self.misplaced), seed: 5, to: URL(fileURLWithPath: path))
        try expectFillsWhereTruthSays(truth, design: .schoolForm, path: path, darkBelow: 100, lightAbove: 150)
    }

    @Test func photographedSheetShowsFillsWhereTheTruthSays() throws {
        let path = folder.file("school-form-photo.pdf")
        let capture = SheetCapture.photo(Self.misplaced, perspectiveDegrees: 8)
        #expect(capture.lighting == 0.35)
        let truth = try ScanFactory.writeFilledSheet(
            .schoolForm, marks: Self.cleanMarks, capture: capture, seed: 6, to: URL(fileURLWithPath: path))
        // The perspective moves the page's top corners in, towards the centre line.
        let top = truth.captured(PagePoint(x: 0, y: 0)), bottom = truth.captured(PagePoint(x: 0, y: 792))
        let topWidth = hypot(truth.captured(PagePoint(x: 612, y: 0)).x - top.x, truth.captured(PagePoint(x: 612, y: 0)).y - top.y)
        let bottomWidth = hypot(truth.captured(PagePoint(x: 612, y: 792)).x - bottom.x, truth.captured(PagePoint(x: 612, y: 792)).y - bottom.y)
        #expect(topWidth < bottomWidth * 0.95)
        try expectFillsWhereTruthSays(truth, design: .schoolForm, path: path, darkBelow: 100, lightAbove: 110)
    }

    @Test func twoHundredQuestionSheetWithRandomMarks() throws {
        let design = CommercialSheetDesign.twoHundredQuestions
        let marks = ScanFactory.randomSheetMarks(design, difficulty: 0.5, seed: 9)
        #expect(marks == ScanFactory.randomSheetMarks(design, difficulty: 0.5, seed: 9))
        #expect(marks != ScanFactory.randomSheetMarks(design, difficulty: 0.5, seed: 10))
        for field in design.fields { #expect(marks[field.id]?.count == field.rows, "\(field.id)") }
        try ScanFactory.writeBlankSheet(design, to: URL(fileURLWithPath: folder.file("two-hundred-blank.pdf")))
        let path = folder.file("two-hundred-photo.pdf")
        let truth = try ScanFactory.writeFilledSheet(design, marks: marks, capture: .photo(), seed: 2, to: URL(fileURLWithPath: path))
        #expect(truth.marks["mc4"]?.map(\.mark) == marks["mc4"])
        let page = try GreyPage(path: path, dpi: 150)
        let id = try #require(design.field("student-id"))
        for (position, mark) in try #require(marks["student-id"]).enumerated() {
            guard case .filled(let digit) = mark else { Issue.record("ID digit \(position) not filled"); continue }
            #expect(page.mean(around: truth.captured(id.centres[position][digit]), radius: 1.5) < 110)
        }
    }

    @Test(arguments: ["school form", "200 questions"])
    func bubblesKeepApartAndOnThePage(_ name: String) {
        let design: CommercialSheetDesign = name == "school form" ? .schoolForm : .twoHundredQuestions
        let bubbles = design.fields.flatMap { field in field.centres.joined().map { (field, $0) } }
        let offPage = bubbles.filter { field, centre in
            centre.x - field.bubbleWidth / 2 < 30 || centre.x + field.bubbleWidth / 2 > design.pageWidth - 30
                || centre.y - field.bubbleHeight / 2 < 30 || centre.y + field.bubbleHeight / 2 > design.pageHeight - 30
        }
        #expect(offPage.isEmpty, "\(offPage.map(\.1))")
        var crowded: [String] = []
        for i in bubbles.indices {
            for j in bubbles.indices where j > i {
                let (a, b) = (bubbles[i], bubbles[j])
                let gapX = abs(a.1.x - b.1.x) - (a.0.bubbleWidth + b.0.bubbleWidth) / 2
                let gapY = abs(a.1.y - b.1.y) - (a.0.bubbleHeight + b.0.bubbleHeight) / 2
                if max(gapX, gapY) < 2 { crowded.append("\(a.0.id) \(a.1) and \(b.0.id) \(b.1)") }
            }
        }
        #expect(crowded.isEmpty, "\(crowded.prefix(5))")
    }

    @Test(arguments: [PrintedBubbleShape.ellipse, .roundedRectangle])
    func fillsCoverTheWholeBubble(_ shape: PrintedBubbleShape) throws {
        var design = CommercialSheetDesign.schoolForm
        design.shape = shape
        let path = folder.file("school-form-\(shape)-fills.pdf")
        let truth = try ScanFactory.writeFilledSheet(
            design, marks: ["mc1": Self.cleanMarks["mc1"]!], capture: .scan(), seed: 8, to: URL(fileURLWithPath: path))
        let page = try GreyPage(path: path, dpi: 150)
        let field = try #require(design.field("mc1"))
        let (w, h) = (field.bubbleWidth, field.bubbleHeight)
        for row in 0..<field.rows {
            let centre = field.centres[row][row % 5]
            for (dx, dy) in [(-0.25 * w, 0), (0.25 * w, 0), (0, -0.2 * h), (0, 0.2 * h)] {
                let grey = page.mean(around: truth.captured(PagePoint(x: centre.x + dx, y: centre.y + dy)), radius: 0.5)
                #expect(grey < 120, "row \(row) at (\(dx), \(dy)) from the centre: grey \(grey)")
            }
        }
    }

    @Test func theSameSeedWritesTheSameFile() throws {
        let capture = SheetCapture.photo(BubbleSheetPlacement(offsetX: 4, rotationDegrees: -1))
        let marks = ScanFactory.randomSheetMarks(.schoolForm, difficulty: 0.8, seed: 3)
        let files = try [1, 1, 2].enumerated().map { index, seed in
            let url = URL(fileURLWithPath: folder.file("same-seed-\(index).pdf"))
            try ScanFactory.writeFilledSheet(.schoolForm, marks: marks, capture: capture, seed: UInt64(seed), to: url)
            return try Data(contentsOf: url)
        }
        #expect(files[0] == files[1])
        #expect(files[0] != files[2])
    }

    @Test func marksOutsideTheDesignAreRefused() {
        let url = URL(fileURLWithPath: folder.file("refused.pdf"))
        #expect(throws: ScanFactoryError.self) {
            try ScanFactory.writeFilledSheet(.schoolForm, marks: ["mc9": [.filled(0)]], capture: .scan(), seed: 1, to: url)
        }
        #expect(throws: ScanFactoryError.self) {
            try ScanFactory.writeFilledSheet(.schoolForm, marks: ["version-b": [.filled(1)]], capture: .scan(), seed: 1, to: url)
        }
    }

    /// Every bubble of the marked fields: a filled one is dark where the truth puts it, the others light.
    private func expectFillsWhereTruthSays(
        _ truth: FilledSheetTruth, design: CommercialSheetDesign, path: String, darkBelow: Double, lightAbove: Double
    ) throws {
        let page = try GreyPage(path: path, dpi: 150)
        for (id, rows) in Self.cleanMarks {
            let field = try #require(design.field(id))
            #expect(truth.marks[id]?.map(\.mark) == rows)
            for (row, mark) in rows.enumerated() {
                for choice in field.choices.indices {
                    let grey = page.mean(around: truth.captured(field.centres[row][choice]), radius: 1.5)
                    if mark == .filled(choice) {
                        #expect(grey < darkBelow, "\(id) row \(row) choice \(choice) filled: grey \(grey)")
                    } else {
                        #expect(grey > lightAbove, "\(id) row \(row) choice \(choice) empty: grey \(grey)")
                    }
                }
            }
        }
    }

    /// The darkest grey found on a printed bubble's outline, looked for all around it.
    private func darkestOnOutline(of field: PrintedField, centre: PagePoint, in page: GreyPage) -> UInt8 {
        let (rx, ry) = ((field.bubbleWidth - 0.7) / 2, (field.bubbleHeight - 0.7) / 2)
        return (0..<72).map { step in
            let angle = Double(step) * .pi / 36
            return page.darkest(around: PagePoint(x: centre.x + rx * cos(angle), y: centre.y + ry * sin(angle)), radius: 0.3)
        }.min()!
    }
}

/// Page 1 of a PDF rendered by poppler, as grey, looked up in page points.
private struct GreyPage {
    let width: Int, height: Int, pixelsPerPoint: Double
    let grey: [UInt8]

    init(path: String, dpi: Double) throws {
        let bitmap = try PDFDocument(path: path).page(at: 0).renderRGB(dpi: dpi)
        width = bitmap.width
        height = bitmap.height
        pixelsPerPoint = dpi / 72
        grey = (0..<(bitmap.width * bitmap.height)).map { i in
            let r = Int(bitmap.rgb[3 * i]), g = Int(bitmap.rgb[3 * i + 1]), b = Int(bitmap.rgb[3 * i + 2])
            return UInt8((r * 77 + g * 150 + b * 29 + 128) >> 8)
        }
    }

    /// The pixels within `radius` points of `point` (a square).
    private func pixels(around point: PagePoint, radius: Double) -> [UInt8] {
        let x0 = Int(((point.x - radius) * pixelsPerPoint).rounded(.down)), x1 = Int(((point.x + radius) * pixelsPerPoint).rounded(.up))
        let y0 = Int(((point.y - radius) * pixelsPerPoint).rounded(.down)), y1 = Int(((point.y + radius) * pixelsPerPoint).rounded(.up))
        return (max(y0, 0)...min(y1, height - 1)).flatMap { y in (max(x0, 0)...min(x1, width - 1)).map { grey[y * width + $0] } }
    }

    /// Mean grey within `radius` points of `point`.
    func mean(around point: PagePoint, radius: Double) -> Double {
        let values = pixels(around: point, radius: radius)
        return Double(values.reduce(0) { $0 + Int($1) }) / Double(values.count)
    }

    /// Darkest grey within `radius` points of `point`.
    func darkest(around point: PagePoint, radius: Double) -> UInt8 { pixels(around: point, radius: radius).min()! }
}
