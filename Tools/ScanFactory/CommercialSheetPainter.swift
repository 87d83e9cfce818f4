internal import CCairo
import Foundation
import GraderCore

/// Paints a commercial answer sheet as the school prints it: light drop-out bubbles with their
/// labels inside, dark question numbers and titles, shaded columns, timing and corner marks.
struct CommercialSheetPainter {
    /// Line width of a bubble's outline, in points.
    static let outlineWidth = 0.7
    /// Darkness of printed text (titles, question numbers).
    static let textTone = 0.9

    var design: CommercialSheetDesign
    /// Coverage for a scan, opaque greys for the blank PDF.
    var mode: PrintedExamPainter.Mode

    /// Paints the whole printed form.
    func paint(_ cr: OpaquePointer) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        if design.shadedColumns {
            for field in design.fields where field.isAnswerField { paintBands(cr, field) }
        }
        paintHeader(cr)
        paintNameBox(cr)
        for field in design.fields { paintField(cr, field) }
        paintRegistrationMarks(cr)
        paintMarkingExamples(cr)
    }

    private func tone(_ cr: OpaquePointer, _ darkness: Double) { mode.setTone(cr, darkness) }

    private func paintHeader(_ cr: OpaquePointer) {
        tone(cr, Self.textTone)
        CairoText.setFont(cr, size: 15, bold: true)
        CairoText.show(cr, design.name, x: 40, y: 48)
        tone(cr, 0.75)
        CairoText.setFont(cr, size: 7, italic: true)
        CairoText.show(cr, "Use a No. 2 pencil only. Fill each bubble completely and darkly. Erase changes cleanly. Make no stray marks.",
                       x: 40, y: 64)
        // The rule under the title stops short of a name box that reaches up beside it.
        let ruleEnd = design.nameBox.origin.y < 70 ? design.nameBox.origin.x - 10 : design.pageWidth - 40
        tone(cr, design.ringTone)
        cairo_set_line_width(cr, 1.2)
        cairo_move_to(cr, 40, 54)
        cairo_line_to(cr, ruleEnd, 54)
        cairo_stroke(cr)
        tone(cr, 0.6)
        CairoText.setFont(cr, size: 6)
        CairoText.showCentred(cr, "FORM \(design.fields.count)-\(design.shape == .ellipse ? "E" : "C")  ·  ezgrader test sheet",
                              centre: design.pageWidth / 2, y: design.pageHeight - 14)
    }

    /// The name box: a frame with labelled write-in lines.
    private func paintNameBox(_ cr: OpaquePointer) {
        let box = design.nameBox
        tone(cr, design.ringTone + 0.2)
        cairo_set_line_width(cr, 0.8)
        cairo_rectangle(cr, box.origin.x, box.origin.y, box.width, box.height)
        cairo_stroke(cr)
        let labels = ["NAME", "SUBJECT", "DATE", "CLASS / PERIOD"]
        let pitch = box.height / Double(labels.count)
        for (index, label) in labels.enumerated() {
            let baseline = box.origin.y + pitch * Double(index + 1) - 6
            tone(cr, Self.textTone)
            CairoText.setFont(cr, size: 6, bold: true)
            CairoText.show(cr, label, x: box.origin.x + 4, y: baseline - pitch + 14)
            tone(cr, design.ringTone + 0.1)
            cairo_set_line_width(cr, 0.5)
            cairo_move_to(cr, box.origin.x + 4, baseline)
            cairo_line_to(cr, box.origin.x + box.width - 4, baseline)
            cairo_stroke(cr)
        }
    }

    private func paintField(_ cr: OpaquePointer, _ field: PrintedField) {
        let (w, h) = (field.bubbleWidth, field.bubbleHeight)
        let top = field.centres.joined().map(\.y).min()! - h / 2
        tone(cr, Self.textTone)
        CairoText.setFont(cr, size: 7, bold: true)
        switch field.kind {
        case .single, .multiple:
            let range = "\(field.firstQuestion)–\(field.firstQuestion + field.rows - 1)"
            let title = field.kind == .multiple ? "\(range): MARK ALL THAT APPLY" : "QUESTIONS \(range)"
            CairoText.show(cr, title, x: field.first.x - w / 2 - 14, y: top - 6)
            paintQuestionNumbers(cr, field)
        case .studentID, .numeric:
            let title = field.kind == .studentID ? "STUDENT ID NUMBER" : "QUESTION \(field.firstQuestion)"
            CairoText.show(cr, title, x: field.first.x - w / 2 - 2, y: top - 24)
            paintWriteInBoxes(cr, field, above: top)
        case .checkbox:
            CairoText.setFont(cr, size: 8, bold: true)
            let label = field.id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
            CairoText.show(cr, label, x: field.last.x + w / 2 + 5, y: field.last.y + 3)
        }
        for row in field.centres {
            for (choice, centre) in row.enumerated() {
                paintBubble(cr, centre: centre, width: w, height: h, label: field.choices[choice])
            }
        }
    }

    private func paintQuestionNumbers(_ cr: OpaquePointer, _ field: PrintedField) {
        tone(cr, Self.textTone)
        CairoText.setFont(cr, size: max(5.5, field.bubbleHeight * 0.85), bold: true)
        for (row, centres) in field.centres.enumerated() {
            CairoText.showRightAligned(cr, "\(field.firstQuestion + row)", right: centres[0].x - field.bubbleWidth / 2 - 3,
                                       y: centres[0].y + field.bubbleHeight * 0.3)
        }
    }

    /// A box above each digit position, where the student writes the digit before bubbling it.
    private func paintWriteInBoxes(_ cr: OpaquePointer, _ field: PrintedField, above top: Double) {
        tone(cr, design.ringTone + 0.2)
        cairo_set_line_width(cr, 0.6)
        let pitch = field.rows > 1 ? field.centres[1][0].x - field.centres[0][0].x : field.bubbleWidth + 4
        for position in field.centres {
            cairo_rectangle(cr, position[0].x - pitch / 2 + 0.5, top - 18, pitch - 1, 14)
        }
        cairo_stroke(cr)
    }

    /// A ~10 % grey band behind every other choice column, as on forms printed for reading machines.
    private func paintBands(_ cr: OpaquePointer, _ field: PrintedField) {
        tone(cr, 0.1)
        let (w, h) = (field.bubbleWidth, field.bubbleHeight)
        for choice in field.choices.indices where choice % 2 == 1 {
            let firstCentre = field.centres[0][choice], lastCentre = field.centres[field.rows - 1][choice]
            cairo_rectangle(cr, firstCentre.x - w / 2 - 2, firstCentre.y - h / 2 - 3, w + 4, lastCentre.y - firstCentre.y + h + 6)
        }
        cairo_fill(cr)
    }

    /// One bubble outline in the ring tone, with its label inside when the design prints one.
    private func paintBubble(_ cr: OpaquePointer, centre: PagePoint, width: Double, height: Double, label: String) {
        let lw = Self.outlineWidth, (rx, ry) = ((width - lw) / 2, (height - lw) / 2)
        tone(cr, design.ringTone)
        cairo_set_line_width(cr, lw)
        outline(cr, centre: centre, rx: rx, ry: ry)
        cairo_stroke(cr)
        guard design.lettersInside else { return }
        let size = height * 0.55
        CairoText.setFont(cr, size: size)
        CairoText.showCentred(cr, label, centre: centre.x, y: centre.y + size * 0.36)
    }

    /// "Right mark / wrong marks" examples below the fields, where the page has room for them.
    private func paintMarkingExamples(_ cr: OpaquePointer) {
        guard let field = design.fields.first(where: \.isAnswerField) else { return }
        let (w, h) = (field.bubbleWidth, field.bubbleHeight)
        let y = design.fields.flatMap { $0.centres.joined() }.map(\.y).max()! + 50
        guard y < design.pageHeight - 50 else { return }
        tone(cr, Self.textTone)
        CairoText.setFont(cr, size: 7, bold: true)
        CairoText.show(cr, "RIGHT MARK", x: 40, y: y + 2.5)
        CairoText.show(cr, "WRONG MARKS", x: 120, y: y + 2.5)
        paintBubble(cr, centre: PagePoint(x: 100, y: y), width: w, height: h, label: "")
        tone(cr, 1)
        outline(cr, centre: PagePoint(x: 100, y: y), rx: w / 2, ry: h / 2)
        cairo_fill(cr)
        for (index, x) in [195.0, 215, 235, 255].enumerated() {
            paintBubble(cr, centre: PagePoint(x: x, y: y), width: w, height: h, label: "")
            tone(cr, 1)
            cairo_set_line_width(cr, 1)
            switch index {
            case 0:  // a tick
                cairo_move_to(cr, x - w / 3, y)
                cairo_line_to(cr, x - w / 8, y + h / 3)
                cairo_line_to(cr, x + w / 2, y - h / 1.6)
            case 1:  // a cross
                cairo_move_to(cr, x - w / 3, y - h / 3)
                cairo_line_to(cr, x + w / 3, y + h / 3)
                cairo_move_to(cr, x - w / 3, y + h / 3)
                cairo_line_to(cr, x + w / 3, y - h / 3)
            case 2:  // half filled
                cairo_rectangle(cr, x - w / 2, y - h / 2, w / 2, h)
                cairo_save(cr)
                cairo_clip(cr)
                outline(cr, centre: PagePoint(x: x, y: y), rx: w / 2, ry: h / 2)
                cairo_fill(cr)
                cairo_restore(cr)
            default:  // a dot
                cairo_arc(cr, x, y, 1.3, 0, 2 * .pi)
                cairo_fill(cr)
            }
            cairo_stroke(cr)
        }
    }

    /// Makes the path of a bubble's outline (radii `rx`, `ry`) in the design's shape.
    private func outline(_ cr: OpaquePointer, centre: PagePoint, rx: Double, ry: Double) {
        cairo_new_path(cr)
        switch design.shape {
        case .circle, .ellipse:
            cairo_save(cr)
            cairo_translate(cr, centre.x, centre.y)
            cairo_scale(cr, rx, ry)
            cairo_arc(cr, 0, 0, 1, 0, 2 * .pi)
            cairo_restore(cr)
        case .roundedRectangle:
            let r = min(rx, ry) * 0.6
            let (x0, y0, x1, y1) = (centre.x - rx, centre.y - ry, centre.x + rx, centre.y + ry)
            cairo_arc(cr, x1 - r, y0 + r, r, -.pi / 2, 0)
            cairo_arc(cr, x1 - r, y1 - r, r, 0, .pi / 2)
            cairo_arc(cr, x0 + r, y1 - r, r, .pi / 2, .pi)
            cairo_arc(cr, x0 + r, y0 + r, r, .pi, 1.5 * .pi)
            cairo_close_path(cr)
        }
    }

    /// Timing marks down the left edge (one per row of the first answer field) and corner squares.
    private func paintRegistrationMarks(_ cr: OpaquePointer) {
        tone(cr, 1)
        for y in design.timingRows { cairo_rectangle(cr, 14, y - 1.5, 8, 3) }
        if design.cornerMarks {
            let (W, H, inset, side) = (design.pageWidth, design.pageHeight, 18.0, 10.0)
            for (x, y) in [(inset, inset), (W - inset - side, inset), (inset, H - inset - side), (W - inset - side, H - inset - side)] {
                cairo_rectangle(cr, x, y, side, side)
            }
        }
        cairo_fill(cr)
    }
}
