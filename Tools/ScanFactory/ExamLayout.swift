/// Where things sit on an exam page, in PDF points from the top-left corner of a US-Letter page.
enum ExamLayout {
    /// US-Letter width in points.
    static let pageWidth = 612.0
    /// US-Letter height in points.
    static let pageHeight = 792.0
    /// Left edge of the printed text.
    static let left = 54.0
    /// Right edge of the printed text and of the score boxes.
    static let right = 558.0
    /// Baseline of the course line at the top of every page.
    static let headerBaseline = 40.0
    /// Baseline of the page footer.
    static let footerBaseline = 768.0
    /// Bottom of the last question area.
    static let questionsBottom = 746.0
    /// Questions printed on each page.
    static let questionsPerPage = 2
    /// Size of the printed score box at the top right of each question.
    static let scoreBoxWidth = 90.0, scoreBoxHeight = 40.0
    /// Distance between ruled answer lines.
    static let lineSpacing = 24.0

    /// Top of the first question area: page 1 has the title and the name line above it.
    static func questionsTop(page: Int) -> Double { page == 1 ? 160 : 62 }

    /// Number (1-based) of the question in `slot` (0-based) of `page`.
    static func questionNumber(page: Int, slot: Int) -> Int { (page - 1) * questionsPerPage + slot + 1 }

    /// Top and bottom of the question area in `slot` of `page`.
    static func questionArea(page: Int, slot: Int) -> (top: Double, bottom: Double) {
        let top = questionsTop(page: page)
        let height = (questionsBottom - top) / Double(questionsPerPage)
        return (top + Double(slot) * height, top + Double(slot + 1) * height)
    }

    /// Top-left corner of the score box of a question area starting at `areaTop`.
    static func scoreBoxOrigin(areaTop: Double) -> (x: Double, y: Double) {
        (right - scoreBoxWidth, areaTop + 6)
    }
}
