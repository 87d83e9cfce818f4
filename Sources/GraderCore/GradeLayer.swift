import Foundation

/// What the grade layer draws on each page of a student's booklet: the grade boxes of that page
/// ("earned / max", "? / max" while ungraded), the student's ink, notes and rubric stamps, and on the first page
/// the total, in the top margin where it covers none of the student's work.
public enum GradeLayer {
    /// Font size of the rubric items listed under a grade box.
    static let itemFontSize = 8.0

    /// The marks of `page` (1-based) of `student`'s booklet; with `reviewHighlights`, bubble rows
    /// the machine could not read with certainty get an orange frame (for the grader's preview,
    /// never in what students get back). The total keeps clear of `printed` too (print and writing
    /// found on the page, in points on the page as displayed).
    public static func marks(_ book: GradeBook, student: StudentID, page: Int, reviewHighlights: Bool = false,
                             printed: [PageRect] = []) -> PageMarks {
        let size = book.pageSize(student, page: page)
        var marks: [GradeMark] = book.questions.filter { book.placed($0.question, for: student).page == page }.flatMap { numbered in
            let score = book.score(numbered.question.id, student)
            let frame = boxFrame(book, question: numbered.question, student: student)
            let box = GradeMark.gradeBox(frame: frame, text: "\(score) / \(numbered.question.maxPoints)", graded: score != .ungraded)
            let items = book.itemsScored(numbered.question.id, student)
            guard !items.isEmpty else { return [box] }
            // The rubric items that made the score, under the box (above it at the foot of the page).
            let lines = items.map(\.label).joined(separator: "\n")
            let below = frame.origin.y + frame.height + 2
            let height = Double(items.count) * itemFontSize * 1.3
            let at = PagePoint(x: frame.origin.x, y: below + height <= size.height ? below : max(frame.origin.y - height - 2, 0))
            return [box, .note(text: lines, at: at, fontSize: itemFontSize, color: .red, maxWidth: max(size.width - at.x - 12, 72))]
        }
        let look = GradeLayerLook.standard
        var highlights: [GradeMark] = []
        for annotation in book.annotations where annotation.page == PageRef(student: student, page: page) {
            switch annotation.content {
            case .ink(let stroke) where stroke.kind == .highlighter:
                highlights.append(.highlight(points: stroke.points.map { $0.point(on: size) }, color: look.highlighterColor,
                                             width: stroke.width, opacity: look.highlighterOpacity))
            case .ink(let stroke):
                let points = stroke.points.map { $0.point(on: size) }
                if let widths = look.segmentWidths(stroke) {
                    marks.append(.pressedInk(points: points, color: stroke.color, widths: widths))
                } else {
                    marks.append(.ink(points: points, color: stroke.color, width: stroke.width))
                }
            case .note(let note):
                let at = note.position.point(on: size)
                marks.append(.note(text: note.text, at: at, fontSize: note.fontSize, color: note.color,
                                   maxWidth: look.noteWidth(at: at.x, pageWidth: size.width)))
            case .stamp(let stamp):
                guard let item = book.scoredItem(of: stamp, student: student) else { continue }
                let at = stamp.position.point(on: size)
                marks.append(.stamp(text: item.label, at: at, maxWidth: look.noteWidth(at: at.x, pageWidth: size.width)))
            }
        }
        if page == 1, !book.questions.isEmpty {
            let boxes = marks.compactMap { mark -> PageRect? in
                if case .gradeBox(let frame, _, _) = mark { frame } else { nil }
            }
            let code = book.printedCodes ? [PageCodePlacement.keepClear(on: size)] : []
            marks.append(.total(text: totalText(book, student), avoiding: boxes + code + printed))
        }
        if reviewHighlights { marks += reviewFrames(book, student: student, page: page) }
        // The highlighter under everything else, as on the screen.
        return PageMarks(size: size, marks: highlights + marks)
    }

    /// Where `question`'s grade box sits on `student`'s page: its position on the reference page
    /// carried through that page's alignment (the same place relative to the page when the page was
    /// never aligned or did not match), at its size, kept inside the page; on the student's
    /// version's page when the version places it elsewhere.
    public static func boxFrame(_ book: GradeBook, question: Question, student: StudentID) -> PageRect {
        let (page, origin) = book.placedBox(question, for: student)
        let size = book.pageSize(student, page: page)
        return PageRect(origin: PagePoint(x: max(0, min(origin.x, size.width - question.size.width)),
                                          y: max(0, min(origin.y, size.height - question.size.height))),
                        width: question.size.width, height: question.size.height)
    }

    /// Orange frames around the bubble rows of `page` that need a person, and where the machine
    /// found every bubble: a thin outline, green on rows it read, orange on rows left for review
    /// (a block it could not place gets a red frame where the rubric puts it).
    static func reviewFrames(_ book: GradeBook, student: StudentID, page: Int) -> [GradeMark] {
        let orange = RGBColor(red: 0xE0, green: 0x70, blue: 0x00), green = RGBColor(red: 0x1F, green: 0x9D, blue: 0x55)
        let red = RGBColor(red: 0xD0, green: 0x20, blue: 0x20)
        // Each block where the student's version prints it.
        return book.bubbleBlocks.map { book.placed($0, for: student) }.filter { $0.page == page }.flatMap { block -> [GradeMark] in
            // Rows come from the project file: one outside the block is skipped, never drawn.
            let readings = (book.bubbleReadings[block.id]?[student] ?? []).filter { $0.row >= 0 && $0.row < block.rows }
            let found = book.bubblePlacements[block.id]?[student]?.centres ?? []
            let placed = found.count == block.bubbleCount
            let choices = block.choices.count
            func centre(_ row: Int, _ choice: Int) -> PagePoint { placed ? found[row * choices + choice] : block.centre(row: row, choice: choice) }
            var marks: [GradeMark] = []
            if book.bubblePlacements[block.id]?[student]?.problem != nil {
                let b = block.bounds
                marks.append(.ink(points: rectangle(x0: b.origin.x - 4, y0: b.origin.y - 4, x1: b.origin.x + b.width + 4, y1: b.origin.y + b.height + 4),
                                  color: red, width: 2))
            }
            for reading in readings where placed {
                let review = BubbleScoring.needsReview(reading.reading)
                for choice in 0..<choices {
                    let shape = block.template?.shape(row: reading.row, choice: choice, choices: choices)
                    marks.append(.ink(points: ellipse(centre(reading.row, choice), width: shape?.width ?? block.bubbleDiameter,
                                                      height: shape?.height ?? block.bubbleDiameter),
                                      color: review ? orange : green, width: 0.6))
                }
            }
            for reading in readings where BubbleScoring.needsReview(reading.reading) {
                let first = centre(reading.row, 0), last = centre(reading.row, choices - 1)
                let margin = block.bubbleDiameter * 0.8
                marks.append(.ink(points: rectangle(x0: min(first.x, last.x) - margin, y0: min(first.y, last.y) - margin,
                                                    x1: max(first.x, last.x) + margin, y1: max(first.y, last.y) + margin),
                                  color: orange, width: 2))
            }
            return marks
        }
    }

    private static func rectangle(x0: Double, y0: Double, x1: Double, y1: Double) -> [PagePoint] {
        [PagePoint(x: x0, y: y0), PagePoint(x: x1, y: y0), PagePoint(x: x1, y: y1), PagePoint(x: x0, y: y1), PagePoint(x: x0, y: y0)]
    }

    /// An ellipse as a closed line of 24 points.
    private static func ellipse(_ c: PagePoint, width: Double, height: Double) -> [PagePoint] {
        (0...24).map { step in
            let angle = Double(step) / 24 * 2 * Double.pi
            return PagePoint(x: c.x + width / 2 * cos(angle), y: c.y + height / 2 * sin(angle))
        }
    }

    /// "Total 17.5 / 24", with `percent` "· 72.92%", and while any question is ungraded "· 2 ungraded".
    public static func totalText(_ book: GradeBook, _ student: StudentID, percent: Bool = false) -> String {
        let ungraded = book.questions.filter { book.score($0.question.id, student) == .ungraded }.count
        let (earned, maximum) = (GradeTable.earned(book, student), GradeTable.maximum(book))
        var text = "Total \(earned) / \(maximum)"
        if percent, maximum > .zero { text += " · \(GradeTable.percent(earned, of: maximum))%" }
        return ungraded == 0 ? text : text + " · \(ungraded) ungraded"
    }
}
