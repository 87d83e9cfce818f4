internal import CCairo
import Foundation
import GraderCore

/// Paints our own bubble answer sheet's printed form as ink coverage (alpha on an A8 canvas, like
/// the scanned exam pages), in page points; the student's marks come from `PencilMarks`.
enum BubbleSheetPainter {
    /// Darkness of the printed rings and text.
    static let printTone = 0.9
    /// Darkness of the choice letters printed inside the rings: light, as on real forms, so that
    /// they do not look like a mark.
    static let letterTone = 0.3
    /// Width of a printed ring's line, in points.
    static let ringWidth = 0.9

    /// Paints the printed form: header, name line, instructions, the ID grid and the answer block.
    static func paintForm(_ cr: OpaquePointer, answers: BubbleBlock, studentID: BubbleBlock) {
        let L = ExamLayout.self
        cairo_save(cr)
        defer { cairo_restore(cr) }
        tone(cr, 0.85)
        CairoText.setFont(cr, size: 9)
        CairoText.show(cr, "\(ExamContent.course) — \(ExamContent.term)", x: L.left, y: L.headerBaseline)
        CairoText.showRightAligned(cr, ExamContent.title, right: L.right, y: L.headerBaseline)
        rule(cr, y: L.headerBaseline + 7, from: L.left, to: L.right, width: 0.8)

        tone(cr, 0.92)
        CairoText.setFont(cr, size: 20, bold: true)
        CairoText.show(cr, "Answer sheet", x: L.left, y: 82)
        CairoText.setFont(cr, size: 12)
        CairoText.show(cr, "Name:", x: L.left, y: 120)
        rule(cr, y: 123, from: 96, to: 330, width: 0.7)
        tone(cr, 0.85)
        CairoText.setFont(cr, size: 9, italic: true)
        CairoText.show(cr, "Use a dark pencil. Fill one bubble completely per question. Erase changes cleanly.",
                       x: L.left, y: 150)

        paintAnswerBlock(cr, answers)
        paintStudentIDGrid(cr, studentID)
    }

    /// Top-left corner of the write-in box of ID digit `position`.
    static func idWriteInBox(_ block: BubbleBlock, position: Int) -> (x: Double, y: Double, size: Double) {
        let centre = block.centre(row: position, choice: 0)
        return (centre.x - 9, centre.y - 34, 18)
    }

    private static func paintAnswerBlock(_ cr: OpaquePointer, _ block: BubbleBlock) {
        tone(cr, 0.85)
        CairoText.setFont(cr, size: 8, bold: true)
        for (c, label) in block.choices.enumerated() {
            let top = block.centre(row: 0, choice: c)
            CairoText.showCentred(cr, label, centre: top.x, y: top.y - block.bubbleDiameter)
        }
        CairoText.setFont(cr, size: 9)
        for row in 0..<block.rows {
            let first = block.centre(row: row, choice: 0)
            tone(cr, 0.9)
            CairoText.showRightAligned(cr, "\(block.firstQuestionNumber + row).", right: first.x - block.bubbleDiameter,
                                       y: first.y + 3.2)
            for c in block.choices.indices { ring(cr, block, row: row, choice: c) }
        }
    }

    private static func paintStudentIDGrid(_ cr: OpaquePointer, _ block: BubbleBlock) {
        let bounds = block.bounds
        tone(cr, 0.9)
        CairoText.setFont(cr, size: 10, bold: true)
        CairoText.show(cr, block.name, x: bounds.origin.x - 6, y: bounds.origin.y - 50)
        cairo_set_line_width(cr, 0.8)
        cairo_rectangle(cr, bounds.origin.x - 8, bounds.origin.y - 44, bounds.width + 16, bounds.height + 52)
        cairo_stroke(cr)
        for position in 0..<block.rows {
            let box = idWriteInBox(block, position: position)
            cairo_set_line_width(cr, 0.6)
            cairo_rectangle(cr, box.x, box.y, box.size, box.size)
            cairo_stroke(cr)
            for c in block.choices.indices { ring(cr, block, row: position, choice: c) }
        }
    }

    /// One printed ring with its label inside, light.
    private static func ring(_ cr: OpaquePointer, _ block: BubbleBlock, row: Int, choice: Int) {
        let centre = block.centre(row: row, choice: choice)
        tone(cr, printTone)
        cairo_set_line_width(cr, ringWidth)
        cairo_new_sub_path(cr)
        cairo_arc(cr, centre.x, centre.y, (block.bubbleDiameter - ringWidth) / 2, 0, 2 * .pi)
        cairo_stroke(cr)
        tone(cr, letterTone)
        CairoText.setFont(cr, size: block.bubbleDiameter * 0.5)
        CairoText.showCentred(cr, block.choices[choice], centre: centre.x, y: centre.y + block.bubbleDiameter * 0.18)
    }

    private static func tone(_ cr: OpaquePointer, _ darkness: Double) { cairo_set_source_rgba(cr, 0, 0, 0, darkness) }

    private static func rule(_ cr: OpaquePointer, y: Double, from x0: Double, to x1: Double, width: Double) {
        cairo_set_line_width(cr, width)
        cairo_move_to(cr, x0, y)
        cairo_line_to(cr, x1, y)
        cairo_stroke(cr)
    }
}
