internal import CCairo
import Foundation
import GraderCore

/// How the copier placed a scanned sheet: the printed page is scaled and rotated about the page
/// centre, then shifted. The reader never sees this; tests and benchmarks use it as truth.
public struct BubbleSheetPlacement: Hashable, Sendable {
    /// Shift to the right, in points.
    public var offsetX: Double
    /// Shift downwards, in points.
    public var offsetY: Double
    /// Rotation in degrees, clockwise on the page as displayed (y down).
    public var rotationDegrees: Double
    /// Scale factor (1 = 100 %).
    public var scale: Double

    /// Creates a placement.
    public init(offsetX: Double = 0, offsetY: Double = 0, rotationDegrees: Double = 0, scale: Double = 1) {
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.rotationDegrees = rotationDegrees
        self.scale = scale
    }

    /// Draws what follows on `cr` as the copier placed it: scaled and turned about the centre of a
    /// `pageWidth` × `pageHeight` page, then shifted.
    func transform(_ cr: OpaquePointer, pageWidth: Double, pageHeight: Double) {
        cairo_translate(cr, pageWidth / 2 + offsetX, pageHeight / 2 + offsetY)
        cairo_rotate(cr, rotationDegrees * .pi / 180)
        cairo_scale(cr, scale, scale)
        cairo_translate(cr, -pageWidth / 2, -pageHeight / 2)
    }

    /// A perfectly placed sheet.
    public static let identity = BubbleSheetPlacement()

    /// Where `point` of the printed (US-Letter) page lands on the scan.
    public func apply(_ point: PagePoint) -> PagePoint {
        apply(point, pageWidth: BubbleSheetLayout.pageWidth, pageHeight: BubbleSheetLayout.pageHeight)
    }

    /// Where `point` of a printed `pageWidth`×`pageHeight` page lands on the scan.
    public func apply(_ point: PagePoint, pageWidth: Double, pageHeight: Double) -> PagePoint {
        let cx = pageWidth / 2, cy = pageHeight / 2
        let angle = rotationDegrees * .pi / 180
        let x = (point.x - cx) * scale, y = (point.y - cy) * scale
        return PagePoint(x: cx + offsetX + x * cos(angle) - y * sin(angle),
                         y: cy + offsetY + x * sin(angle) + y * cos(angle))
    }
}

/// What a generated bubble sheet holds: the blocks as printed (in page points, before the scan's
/// misplacement), what was drawn in every row, and how the scan was placed.
public struct BubbleSheetLayout: Hashable, Sendable {
    /// The 20-question A–E answer block.
    public var answers: BubbleBlock
    /// The 7-digit student-ID grid.
    public var studentID: BubbleBlock
    /// Per question: what was drawn and what a correct reading is.
    public var answerTruth: [BubbleMarkTruth]
    /// Per digit position: what was drawn (blank columns when no ID was filled in).
    public var studentIDTruth: [BubbleMarkTruth]
    /// The scan's misplacement.
    public var placement: BubbleSheetPlacement

    /// Both blocks, answers first.
    public var blocks: [BubbleBlock] { [answers, studentID] }

    /// US-Letter width in points.
    public static let pageWidth = 612.0
    /// US-Letter height in points.
    public static let pageHeight = 792.0

    /// The answer block as printed on every sheet: 20 rows A–E, 12 pt rings.
    public static let answerBlock = BubbleBlock(
        id: "mc", name: "Multiple choice", page: 1, origin: PagePoint(x: 110, y: 206),
        rowSpacing: 24, columnSpacing: 24, bubbleDiameter: 12, rows: 20, kind: .singleAnswer,
        pointsPerQuestion: Points(quarters: 4), firstQuestionNumber: 1)

    /// The student-ID grid as printed on every sheet: 7 digit positions, digits 0–9 down each column.
    public static let studentIDBlock = BubbleBlock(
        id: "student-id", name: "Student number", page: 1, origin: PagePoint(x: 378, y: 262),
        rowSpacing: 20, columnSpacing: 22, bubbleDiameter: 12, rows: 7, kind: .studentID)
}
