import Foundation
import GraderAlignment
import GraderBubbles
@_spi(Rules) import GraderCore
import GraderDigits

/// Who a photographed sheet is: the project student its student-ID grid names, or the one its
/// handwritten student number in the rubric's ID boxes names surely — read through the photo's
/// alignment and matched as `match --roster` matches scans (`RosterAssignment`, its threshold);
/// else nobody, with the likeliest students offered. Never a guess.
struct CaptureIdentity {
    /// The student (index in the grade book) the sheet names surely; nil when nothing does, or the
    /// grid and the handwritten number name different students.
    let student: Int?
    /// What the ID grid reads, a digit or nil per position; nil without a readable grid.
    let gridDigits: [String?]?
    /// What the ID boxes read ("2026?048", "_" empty); nil without boxes.
    let handwrittenRead: String?
    /// When not named surely and the boxes hold writing: the likeliest students, best first (at most three).
    let likely: [CapturedSheet.Candidate]
    /// Every student to choose from by hand, likeliest first (the handwritten number's, the grid's guess, then the rest).
    let chooser: [String]
}

extension GradingProject {
    /// Identifies the sheet read as `readings` on the photo's page `pagePath` (aligned by `alignment`)
    /// among the project's students, by their roster ids; the ID boxes are read only `byHandwriting`.
    func identifyCapturedSheet(_ readings: [BlockReading], page pagePath: String, alignment: PageAlignment?, book: GradeBook,
                               byHandwriting: Bool) throws -> CaptureIdentity {
        let rosterIDs = book.students.map(\.student.rosterID), names = book.students.map(\.student.name)
        let grid = readings.first { $0.block.kind == .studentID && $0.problem == nil }
        let gridDigits: [String?]? = grid.map { $0.readings.map { if case .answered(let labels) = $0, labels.count == 1 { labels[0] } else { nil } } }
        var gridSure: Int?, gridGuess: Int?
        switch gridDigits.map({ IDGridMatch.match($0, rosterIDs: rosterIDs) }) {
        case .sure(let index): gridSure = index
        case .review(let guess, _): gridGuess = guess
        case nil: break
        }
        var handwritten: String?, boxesSure: Int?, likely: [CapturedSheet.Candidate] = []
        if byHandwriting, let field = book.idBoxFields.first {
            let boxes = try idBoxes(field, onScan: pagePath, alignment: alignment, placement: Self.placement(near: field, readings), book: book)
            let outcome = RosterAssignment().assign(try DigitReader().read(copies: [boxes]), rosterIDs: rosterIDs)[0]
            handwritten = outcome.read
            boxesSure = outcome.automatic ? outcome.roster : nil
            if outcome.read.contains(where: { $0 != "_" }) {
                likely = outcome.candidates.map { CapturedSheet.Candidate(name: names[$0.roster], rosterID: rosterIDs[$0.roster], probability: $0.probability) }
            }
        }
        let disagree = gridSure != nil && boxesSure != nil && gridSure != boxesSure
        let student = disagree ? nil : gridSure ?? boxesSure
        if student != nil { likely = [] }
        let first = likely.map(\.name) + [disagree ? gridSure : gridGuess].compactMap { $0.map { names[$0] } }
        var seen = Set<String>()
        return CaptureIdentity(student: student, gridDigits: gridDigits, handwrittenRead: handwritten, likely: likely,
                               chooser: (first + names).filter { seen.insert($0).inserted })
    }

    /// Reference points → points of the photo's page near `field`, fitted to the `count` bubbles
    /// placed nearest it: a photo's perspective bends the page more than its one alignment follows
    /// (several points at the page's edge), while each block's rings were placed on their own.
    static func placement(near field: IDBoxField, _ readings: [BlockReading], count: Int = 30) -> SimilarityTransform? {
        let middle = (x: field.outline.origin.x + field.outline.width / 2, y: field.outline.origin.y + field.outline.height / 2)
        let pairs = readings.flatMap { reading -> [(nominal: PagePoint, found: PagePoint)] in
            let block = reading.block
            guard block.page == field.page, reading.problem == nil, let found = reading.registration?.centres,
                  found.count == block.rows * block.choices.count else { return [] }
            return zip((0..<block.rows).flatMap { row in block.choices.indices.map { block.centre(row: row, choice: $0) } }, found).map { ($0, $1) }
        }
        let nearest = pairs.sorted { hypot($0.nominal.x - middle.x, $0.nominal.y - middle.y) < hypot($1.nominal.x - middle.x, $1.nominal.y - middle.y) }
            .prefix(count)
        guard nearest.count >= 3 else { return nil }
        return SimilarityTransform.fit(from: nearest.map { ($0.nominal.x, $0.nominal.y) }, to: nearest.map { ($0.found.x, $0.found.y) })
    }
}
