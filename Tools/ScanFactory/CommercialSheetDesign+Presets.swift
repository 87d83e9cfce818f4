import GraderCore

extension CommercialSheetDesign {
    /// A typical school sheet (US Letter): header and name box; a 7-digit student-ID grid (down, 0–9);
    /// 40 single-answer questions A–E in 2 columns of 20 with an extra gap after every 5th row;
    /// a 5-row multiple-answer block A–E; a 3-digit numeric answer field (down, 0–9) for question 46;
    /// one checkbox ("Version B", choices ["X"]); ellipse bubbles ~11 × 8 pt; ring tone 0.3; letters
    /// inside; shaded alternate columns; timing marks.
    public static let schoolForm: CommercialSheetDesign = {
        let (w, h) = (11.0, 8.0)
        let letters = BubbleBlock.letterChoices, digits = BubbleBlock.digitChoices
        func answers(_ id: String, _ kind: PrintedField.Kind, first: Int, rows: Int, x: Double, y: Double) -> PrintedField {
            PrintedField(id: id, kind: kind, rows: rows, choices: letters, firstQuestion: first, origin: PagePoint(x: x, y: y),
                         choicePitch: 16, rowPitch: 13, groupSize: 5, groupGap: 7, bubbleWidth: w, bubbleHeight: h)
        }
        func digitGrid(_ id: String, _ kind: PrintedField.Kind, first: Int, positions: Int, x: Double, y: Double) -> PrintedField {
            PrintedField(id: id, kind: kind, rows: positions, choices: digits, firstQuestion: first,
                         origin: PagePoint(x: x, y: y), choicePitch: 11, rowPitch: 15, bubbleWidth: w, bubbleHeight: h)
        }
        return CommercialSheetDesign(
            name: "GENERAL PURPOSE ANSWER SHEET", pageWidth: 612, pageHeight: 792,
            fields: [
                digitGrid("student-id", .studentID, first: 1, positions: 7, x: 452, y: 118),
                answers("mc1", .single, first: 1, rows: 20, x: 84, y: 290),
                answers("mc2", .single, first: 21, rows: 20, x: 244, y: 290),
                answers("q41", .multiple, first: 41, rows: 5, x: 432, y: 290),
                digitGrid("q46", .numeric, first: 46, positions: 3, x: 448, y: 424),
                PrintedField(id: "version-b", kind: .checkbox, rows: 1, choices: ["X"], origin: PagePoint(x: 432, y: 575),
                             choicePitch: 0, rowPitch: 0, bubbleWidth: w, bubbleHeight: h),
            ],
            nameBox: PageRect(origin: PagePoint(x: 40, y: 76), width: 356, height: 150),
            shape: .ellipse, ringTone: 0.3, lettersInside: true, shadedColumns: true, timingMarks: true, cornerMarks: false)
    }()

    /// 200 single-answer questions A–E in 4 columns of 50 (US Letter), small ellipse bubbles
    /// (~9 × 6.5 pt, row pitch ~12.5 pt), ring tone 0.25, letters inside, corner marks and timing marks,
    /// a 7-digit student-ID grid.
    public static let twoHundredQuestions: CommercialSheetDesign = {
        let (w, h) = (9.0, 6.5)
        let columns = (0..<4).map { column in
            PrintedField(id: "mc\(column + 1)", kind: .single, rows: 50, choices: BubbleBlock.letterChoices,
                         firstQuestion: 1 + 50 * column, origin: PagePoint(x: 66 + 98 * Double(column), y: 92),
                         choicePitch: 12, rowPitch: 12.5, groupSize: 5, groupGap: 2.5, bubbleWidth: w, bubbleHeight: h)
        }
        let id = PrintedField(id: "student-id", kind: .studentID, rows: 7, choices: BubbleBlock.digitChoices,
                              origin: PagePoint(x: 486, y: 218), choicePitch: 10, rowPitch: 13, bubbleWidth: w, bubbleHeight: h)
        return CommercialSheetDesign(
            name: "200 QUESTION ANSWER SHEET", pageWidth: 612, pageHeight: 792, fields: columns + [id],
            nameBox: PageRect(origin: PagePoint(x: 462, y: 56), width: 118, height: 96),
            shape: .ellipse, ringTone: 0.25, lettersInside: true, shadedColumns: false, timingMarks: true, cornerMarks: true)
    }()
}
