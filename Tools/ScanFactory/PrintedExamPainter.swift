internal import CCairo

/// Paints the printed (typeset) parts of an exam page: header, title, name line, questions,
/// score boxes, answer lines and footer.
///
/// In `.coverage` mode it paints ink coverage for a scan (alpha on an A8 canvas); in `.vector`
/// mode it paints opaque greys for a born-digital PDF, so cairo writes no transparency.
struct PrintedExamPainter {
    /// How darkness is expressed on the target surface.
    enum Mode {
        case coverage, vector

        /// Sets a darkness from 0 (paper) to 1 (black) as this mode expresses it.
        func setTone(_ cr: OpaquePointer, _ darkness: Double) {
            switch self {
            case .coverage: cairo_set_source_rgba(cr, 0, 0, 0, darkness)
            case .vector: cairo_set_source_rgb(cr, 1 - darkness, 1 - darkness, 1 - darkness)
            }
        }
    }

    /// Where a question's answer goes, for the handwriting or the typed answer.
    struct AnswerSpace {
        var question: Int
        var top: Double
        var bottom: Double
        /// Baselines of the ruled lines (empty when the page has no ruling).
        var lines: [Double]
    }

    var mode: Mode
    /// Whether answer areas get faint ruled lines.
    var ruled: Bool
    /// Little print: no title block, no prompts; answer spaces keep their (unprinted) lines for handwriting.
    var sparse = false

    /// Sets a darkness from 0 (paper) to 1 (black).
    func tone(_ cr: OpaquePointer, _ darkness: Double) { mode.setTone(cr, darkness) }

    /// Paints everything printed on `page` and returns its answer spaces, top to bottom.
    func paint(_ cr: OpaquePointer, page: Int, footer: String) -> [AnswerSpace] {
        let L = ExamLayout.self
        cairo_save(cr)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)

        tone(cr, 0.85)
        CairoText.setFont(cr, size: 9)
        CairoText.show(cr, "\(ExamContent.course) — \(ExamContent.term)", x: L.left, y: L.headerBaseline)
        CairoText.showRightAligned(cr, ExamContent.title, right: L.right, y: L.headerBaseline)
        rule(cr, y: L.headerBaseline + 7, from: L.left, to: L.right, darkness: 0.7, width: 0.8)

        if page == 1 && !sparse { paintTitleBlock(cr) }

        var spaces: [AnswerSpace] = []
        for slot in 0..<L.questionsPerPage {
            let question = L.questionNumber(page: page, slot: slot)
            let area = L.questionArea(page: page, slot: slot)
            spaces.append(paintQuestion(cr, question: question, top: area.top, bottom: area.bottom))
            if slot < L.questionsPerPage - 1 {
                rule(cr, y: area.bottom, from: L.left, to: L.right, darkness: 0.45, width: 0.6)
            }
        }

        tone(cr, 0.85)
        CairoText.setFont(cr, size: 9)
        CairoText.showCentred(cr, footer, centre: L.pageWidth / 2, y: L.footerBaseline)
        cairo_restore(cr)
        return spaces
    }

    /// Baselines where page 1's name and student number are written.
    static let nameBaseline = 120.0
    /// Left end of the name line (after "Name:").
    static let nameLineStart = 96.0
    /// Left end of the student number line (after "Student no.:").
    static let numberLineStart = 442.0

    private func paintTitleBlock(_ cr: OpaquePointer) {
        let L = ExamLayout.self
        tone(cr, 0.92)
        CairoText.setFont(cr, size: 20, bold: true)
        CairoText.show(cr, ExamContent.title, x: L.left, y: 82)
        CairoText.setFont(cr, size: 12)
        CairoText.show(cr, "Name:", x: L.left, y: Self.nameBaseline)
        CairoText.show(cr, "Student no.:", x: 368, y: Self.nameBaseline)
        rule(cr, y: Self.nameBaseline + 3, from: Self.nameLineStart, to: 352, darkness: 0.8, width: 0.7)
        rule(cr, y: Self.nameBaseline + 3, from: Self.numberLineStart, to: L.right, darkness: 0.8, width: 0.7)
        tone(cr, 0.85)
        CairoText.setFont(cr, size: 9, italic: true)
        CairoText.show(cr, ExamContent.instructions, x: L.left, y: 144)
    }

    private func paintQuestion(_ cr: OpaquePointer, question: Int, top: Double, bottom: Double) -> AnswerSpace {
        let L = ExamLayout.self
        let points = ExamContent.points(question: question)

        tone(cr, 0.92)
        CairoText.setFont(cr, size: 13, bold: true)
        CairoText.show(cr, "Question \(question) (\(points) points)", x: L.left, y: top + 22)

        // The score box: a place for the grader, with the maximum printed inside.
        let box = L.scoreBoxOrigin(areaTop: top)
        cairo_set_line_width(cr, 1.2)
        cairo_rectangle(cr, box.x, box.y, L.scoreBoxWidth, L.scoreBoxHeight)
        cairo_stroke(cr)
        CairoText.setFont(cr, size: 7)
        tone(cr, 0.7)
        CairoText.show(cr, "Score", x: box.x + 4, y: box.y + 9)
        tone(cr, 0.92)
        CairoText.setFont(cr, size: 14)
        CairoText.showRightAligned(cr, "/ \(points)", right: box.x + L.scoreBoxWidth - 8, y: box.y + 28)

        tone(cr, 0.88)
        CairoText.setFont(cr, size: 10.5)
        // Beside the score box the prompt stays clear of it; below the box it uses the full width.
        let firstBaseline = top + 40, leading = 13.5
        let besideBox = box.x - 14 - L.left, fullWidth = L.right - L.left
        var baseline = firstBaseline
        let prompt = sparse ? [] : CairoText.wrap(cr, ExamContent.prompt(question: question)) { index in
            firstBaseline + Double(index) * leading - 10 < box.y + L.scoreBoxHeight + 4 ? besideBox : fullWidth
        }
        for line in prompt {
            CairoText.show(cr, line, x: L.left, y: baseline)
            baseline += leading
        }

        let answerTop = max(baseline, box.y + L.scoreBoxHeight + 6)
        var lines: [Double] = []
        if ruled || sparse {
            var y = answerTop + L.lineSpacing
            while y < bottom - 8 {
                lines.append(y)
                if ruled { rule(cr, y: y, from: L.left, to: L.right, darkness: 0.16, width: 0.5) }
                y += L.lineSpacing
            }
        }
        return AnswerSpace(question: question, top: answerTop, bottom: bottom - 6, lines: lines)
    }

    private func rule(_ cr: OpaquePointer, y: Double, from x0: Double, to x1: Double, darkness: Double, width: Double) {
        cairo_save(cr)
        tone(cr, darkness)
        cairo_set_line_width(cr, width)
        cairo_move_to(cr, x0, y)
        cairo_line_to(cr, x1, y)
        cairo_stroke(cr)
        cairo_restore(cr)
    }
}
