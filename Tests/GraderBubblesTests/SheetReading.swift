import Foundation
import GraderAlignment
import GraderBubbles
import GraderCore
import GraderPDF
import ScanFactory
import TestSupport

/// Writes a bubble sheet with ScanFactory, renders it with poppler and reads both blocks.
struct SheetReading {
    let layout: BubbleSheetLayout
    let answers: BlockReading
    let studentID: BlockReading

    /// A clean-ish office scan: 150 dpi, a little noise; placement as given or drawn from the seed.
    static let style = ScanStyle(dpi: 150, jpegQuality: 70, maxSkewDegrees: 2.5, maxOffsetPoints: 10, noise: 0.4)

    init(
        marks: [BubbleMark], idDigits: String? = nil, placement: BubbleSheetPlacement? = nil, seed: UInt64 = 7,
        style: ScanStyle = SheetReading.style
    ) throws {
        let folder = TemporaryFolder()
        let path = folder.file("sheet.pdf")
        layout = try ScanFactory.writeBubbleSheetBooklet(
            to: URL(fileURLWithPath: path), studentNumber: 1, answers: marks.map { BubbleMarkTruth($0) },
            idDigits: idDigits, style: style, seed: seed, placement: placement)
        let image = try Self.render(path: path, bubbleDiameter: layout.answers.bubbleDiameter)
        answers = BubbleReader.read(layout.answers, in: image)
        studentID = BubbleReader.read(layout.studentID, in: image)
    }

    /// Renders page 1 of `path` with poppler at the resolution the bubbles need, as grey.
    static func render(path: String, bubbleDiameter: Double) throws -> GrayImage {
        try render(path: path, pixelsPerPoint: GrayImage.pixelsPerPoint(forBubbleDiameter: bubbleDiameter))
    }

    /// Renders page 1 of `path` with poppler at `ppp` pixels per point, as grey.
    static func render(path: String, pixelsPerPoint ppp: Double) throws -> GrayImage {
        let bitmap = try PDFDocument(path: path).page(at: 0).renderRGB(dpi: ppp * 72)
        let grey = (0..<(bitmap.width * bitmap.height)).map { i -> UInt8 in
            let r = Int(bitmap.rgb[3 * i]), g = Int(bitmap.rgb[3 * i + 1]), b = Int(bitmap.rgb[3 * i + 2])
            return UInt8((r * 77 + g * 150 + b * 29 + 128) >> 8)
        }
        return GrayImage(width: bitmap.width, height: bitmap.height, bytes: grey, pixelsPerPoint: ppp)
    }
}

/// "A"…"E" for 0…4.
func letter(_ choice: Int) -> String { BubbleBlock.letterChoices[choice] }
