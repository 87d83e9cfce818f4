import GraderAlignment
import GraderCore
import GraderDigits
import GraderGroups
import ScanFactory
import Testing

/// A class of 200 quizzes — a number in answer boxes, a one-word answer, a multiple-choice letter
/// written by hand, a free-form derivation — in several hands, 10 % of each answer left blank:
/// grouped as a grader would see the suggestions.
@Suite struct GeneratedQuizTests {
    /// Each question's answer region on the reference page (points): the band from its grade box
    /// down to the next one.
    static let regions = [
        PageRect(origin: PagePoint(x: 0, y: 84), width: 612, height: 87),
        PageRect(origin: PagePoint(x: 0, y: 165), width: 612, height: 91),
        PageRect(origin: PagePoint(x: 0, y: 250), width: 612, height: 76),
        PageRect(origin: PagePoint(x: 0, y: 320), width: 612, height: 330),
    ]

    /// The class's answers: most right, a few common wrong ones, a tail of others; every tenth blank.
    static func answers(students: Int) -> [AnswerSheetScan.Answers] {
        var rng = SeededGenerator(seed: 34)
        func pick(_ choices: [(String, Int)]) -> String {
            var roll = Int.random(in: 0..<choices.map(\.1).reduce(0, +), using: &rng)
            for (choice, weight) in choices { if roll < weight { return choice }; roll -= weight }
            return choices[0].0
        }
        return (0..<students).map { student in
            let blank = { (offset: Int) in (student + offset) % 10 == 0 }
            let number = blank(0) ? nil : pick([("42", 60), ("48", 12), ("36", 8), ("13", 5), ("7", 5), (String(Int.random(in: 10...99, using: &rng)), 10)])
            let word = blank(3) ? nil : pick([("Paris", 60), ("Lyon", 15), ("Rome", 10), ("Marseille", 5), ("London", 10)])
            let letter = blank(6) ? nil : pick([("C", 62), ("A", 14), ("B", 14), ("D", 10)])
            return AnswerSheetScan.Answers(number: number, word: word, letter: letter, derivation: !blank(8))
        }
    }

    /// The suggestions of each question for a generated class, with its answers.
    static func suggestions(students: Int) throws -> (answers: [AnswerSheetScan.Answers], groups: [[AnswerGroupSuggestion]]) {
        let answers = Self.answers(students: students)
        var crops = regions.map { _ in [AnswerCrop]() }, boxes: [[DigitBoxImage]] = []
        for (student, written) in answers.enumerated() {
            let scan = try AnswerSheetScan.render(written, student: student, pixelsPerPoint: 1.5)
            for (index, region) in regions.enumerated() { crops[index].append(AnswerCrop(cropping: region, from: scan.image, transform: scan.transform)) }
            let field = AnswerSheetScan.numberBoxes
            boxes.append((0..<field.count).map { DigitBoxImage(cropping: field.box($0), from: scan.image, transform: scan.transform) })
        }
        let numbers = try DigitReader().read(copies: boxes).map(WrittenNumber.init)
        let groups = crops.enumerated().map { index, crops in
            let printed = PrintedReference(consensusOf: crops)!
            let inks = crops.map { AddedInk($0, printed: printed).strokes }
            return AnswerGrouper().suggest(inks, numbers: index == 0 ? numbers : nil)
        }
        return (answers, groups)
    }

    /// What a student wrote for question `index` ("" for blank; each derivation its own).
    static func truth(_ answers: AnswerSheetScan.Answers, question index: Int, student: Int) -> String {
        switch index {
        case 0: answers.number ?? ""
        case 1: answers.word ?? ""
        case 2: answers.letter ?? ""
        default: answers.derivation ? "derivation \(student)" : ""
        }
    }

    @Test func groupsAClassOf200() throws {
        let students = 200
        let (answers, groups) = try Self.suggestions(students: students)
        for (index, question) in groups.enumerated() {
            let truths = answers.enumerated().map { Self.truth($1, question: index, student: $0) }
            let confident = question.filter(\.isConfident)
            print("question \(index + 1): \(question.count) groups (\(confident.count) confident); sizes \(question.prefix(12).map { "\($0.members.count)@\(String(format: "%.2f", $0.confidence))" })")
            if index < 3 {
                print(question.prefix(12).map { g in "\(g.members.count)@\(String(format: "%.2f", g.confidence)):" + Dictionary(grouping: g.members, by: { truths[$0] }).map { "\($0.key)×\($0.value.count)" }.sorted().joined(separator: ",") }.joined(separator: " | "))
            }
            #expect(Set(question.flatMap(\.members)).count == students, "every answer in exactly one group")
            #expect(question.flatMap(\.members).count == students)
            for group in question where group.kind == .blank {
                let written = group.members.filter { !truths[$0].isEmpty }
                #expect(written.isEmpty, "question \(index + 1): written answers \(written) grouped as blank")
            }
            // A blank answer outside the blank group (a smudge) is only a decision more.
            let blankCount = answers.indices.filter { truths[$0].isEmpty }.count
            #expect(question.contains { $0.kind == .blank && Double($0.members.count) >= 0.9 * Double(blankCount) },
                    "question \(index + 1): the blank answers in the blank group")
            for group in confident where Set(group.members.map { truths[$0] }).count > 1 {
                let values = Dictionary(grouping: group.members, by: { truths[$0] }).mapValues(\.count)
                Issue.record("question \(index + 1): a confident \(group.kind) group of \(group.members.count) mixes \(values)")
            }
            // The number and the letter: one decision a group, at most 15 % as many as students.
            if index == 0 || index == 2 {
                #expect(Double(question.count) <= 0.15 * Double(students), "question \(index + 1) needs \(question.count) decisions for \(students) students")
            }
        }
    }
}
