import Foundation
@testable import GraderKit
import ScanFactory
import Testing
import TestSupport

/// A quiz of 12 scanned copies (generated, one a PDF page each) with the master copy, aligned at
/// import: the suggested groups of the letter question through poppler, and groups a grader
/// confirms, fixes and grades with one action.
@Suite struct AnswerGroupsTests {
    /// What each student wrote for the letter question (Q3); nil leaves it blank.
    static let letters: [String?] = ["C", "C", nil, "A", "C", "B", "C", nil, "C", "A", "C", "D"]

    /// The scanned quiz (each student's `answers`; by default everyone's the same but the letters)
    /// as a project with its four questions (Q1…Q4), created by `tester`.
    static func quiz(in folder: TemporaryFolder, answers: [AnswerSheetScan.Answers] = letters.map {
        AnswerSheetScan.Answers(number: "42", word: "Paris", letter: $0, derivation: true)
    }) throws -> (project: GradingProject, questions: [QuestionID], students: [StudentKey]) {
        let scans = try answers.enumerated().map { index, written in
            let path = folder.file(String(format: "student%02d.pdf", index + 1))
            try AnswerSheetScan.writePage(to: URL(fileURLWithPath: path), written, student: index)
            return path
        }
        let master = folder.file("blank.pdf")
        try AnswerSheetScan.writeBlank(to: URL(fileURLWithPath: master))
        let project = try GradingProject.create(folder.file("quiz.ezgrader"), scans: scans, masterPath: master, grader: try .tester())
        let questions = try AnswerSheetScan.gradeBoxes.enumerated().map { index, corner in
            try project.addQuestion(page: 1, at: "\(corner.x),\(corner.y)", maxPoints: "2", label: "Q\(index + 1)").question.id
        }
        let students = try answers.indices.map { try project.student(named: String(format: "student%02d", $0 + 1)) }
        return (project, questions, students)
    }

    /// Each student's score on `question` as a grader sees it ("?" ungraded), in list order.
    static func scores(_ project: GradingProject, _ question: QuestionID, _ students: [StudentKey]) throws -> [String] {
        let records = try project.scoreRecords()[question] ?? [:]
        return students.map { records[$0].map { "\($0.points)" } ?? "?" }
    }

    @Test func theBlankAnswersOfAScannedClassAreOneGroup() throws {
        let folder = TemporaryFolder()
        let (project, questions, _) = try Self.quiz(in: folder)
        let groups = try project.suggestedGroups(question: questions[2])
        let blank = try #require(groups.first { $0.kind == .blank })
        #expect(blank.names == ["student03", "student08"])
        #expect(groups.flatMap(\.students).count == Self.letters.count)
        #expect(groups.map(\.students.count) == groups.map(\.students.count).sorted(by: >), "largest first")
        let derivations = try project.suggestedGroups(question: questions[3])
        #expect(derivations.allSatisfy { $0.students.count == 1 && $0.kind != .blank }, "every derivation graded on its own: \(derivations.map(\.students.count))")
    }

    /// Suggestions are kept while the pages stay the same (the live Groups view reads them at every
    /// change): a page lined up anew is grouped anew. Student 3's boxes moved up onto the number
    /// they wrote: their letter answer is no longer blank.
    @Test func aPageLinedUpAnewIsGroupedAnew() throws {
        let folder = TemporaryFolder()
        let (project, questions, students) = try Self.quiz(in: folder)
        let blank = { try project.suggestedGroups(question: questions[2]).first { $0.kind == .blank }?.names }
        #expect(try blank() == ["student03", "student08"])
        #expect(try blank() == ["student03", "student08"], "kept")
        let up = AnswerSheetScan.gradeBoxes[0].y - AnswerSheetScan.gradeBoxes[2].y
        _ = try project.alignPage(student: students[2], page: 1, by: HandAlignment(dx: 0, dy: up))
        #expect(try blank() == ["student08"], "student03's answer space now holds their number")
    }

    @Test func gradingAGroupScoresEveryMemberAsOneUndoableStep() throws {
        let folder = TemporaryFolder()
        let (project, questions, students) = try Self.quiz(in: folder)
        let q3 = questions[2]
        let blank = try #require(try project.suggestedGroups(question: q3).first { $0.kind == .blank })
        let blankGroup = try project.confirmAnswerGroup(question: q3, kind: blank.kindName, students: blank.students)
        try project.gradeAnswerGroup(blankGroup, .typed("0"))
        let writers = Self.letters.indices.filter { Self.letters[$0] == "C" }.map { students[$0] }
        let right = try project.confirmAnswerGroup(question: q3, kind: "alike", students: writers)
        #expect(try project.suggestedGroups(question: q3).flatMap(\.students).count == 12 - 2 - writers.count, "confirmed answers are no longer suggested")
        let scores = try project.gradeAnswerGroup(right, .typed("2"))
        #expect(scores.map(\.student) == writers && scores.allSatisfy { $0.score == .points(Points("2")!) })
        #expect(try Self.scores(project, q3, students) == ["2", "2", "0", "?", "2", "?", "2", "0", "2", "?", "2", "?"])
        #expect(try project.scoreRecords()[q3]?.values.allSatisfy { $0.grader == "tester" } == true)
        #expect(try project.history(limit: 1).first?.description == "grade answer group \(right) of Q3 (6 answers): 2")
        _ = try project.undo()
        #expect(try Self.scores(project, q3, students) == ["?", "?", "0", "?", "?", "?", "?", "0", "?", "?", "?", "?"], "one undo takes the whole group's scores")
        _ = try project.redo()
        // Graded on its own, an answer leaves its group; the others keep theirs.
        try project.setScore(typed: "1", student: students[0], question: q3)
        #expect(try project.answerGroups(question: q3).first { $0.id == right }?.members == Array(writers.dropFirst()))
        #expect(try Self.scores(project, q3, students) == ["1", "2", "0", "?", "2", "?", "2", "0", "2", "?", "2", "?"])
    }

    /// Points typed on a suggestion grade it as it is confirmed: one history step, one undo.
    @Test func aSuggestionConfirmedAndGradedIsOneUndoableStep() throws {
        let folder = TemporaryFolder()
        let (project, questions, students) = try Self.quiz(in: folder)
        let q3 = questions[2]
        let blank = try #require(try project.suggestedGroups(question: q3).first { $0.kind == .blank })
        let id = try project.confirmAnswerGroup(question: q3, kind: blank.kindName, students: blank.students, grade: .typed("0"))
        #expect(try Self.scores(project, q3, students) == ["?", "?", "0", "?", "?", "?", "?", "0", "?", "?", "?", "?"])
        #expect(try project.answerGroups(question: q3).map(\.id) == [id])
        #expect(try project.history(limit: 1).first?.description == "group 2 answers to Q3 (blank) and grade them: 0")
        _ = try project.undo()
        #expect(try Self.scores(project, q3, students).allSatisfy { $0 == "?" }, "one undo takes the scores")
        #expect(try project.answerGroups(question: q3).isEmpty, "and the group")
        #expect(throws: GradingError.scoreOutOfRange(value: "-1", question: "Q3", max: Points("2")!)) {
            try project.confirmAnswerGroup(question: q3, kind: blank.kindName, students: blank.students, grade: .typed("-1"))
        }
        #expect(try project.answerGroups(question: q3).isEmpty, "a refused grade confirms nothing")
    }

    @Test func groupsAreFixedBeforeGrading() throws {
        let folder = TemporaryFolder()
        let (project, questions, s) = try Self.quiz(in: folder)
        let (q3, q4) = (questions[2], questions[3])
        let a = try project.confirmAnswerGroup(question: q3, kind: "alike", students: [s[0], s[1]])
        let b = try project.confirmAnswerGroup(question: q3, kind: "alike", students: [s[3], s[9]])
        try project.moveAnswer(student: s[0], toGroup: b)
        func members() throws -> [Int64: [StudentKey]] { Dictionary(uniqueKeysWithValues: try project.answerGroups(question: q3).map { ($0.id, $0.members) }) }
        #expect(try members() == [a: [s[1]], b: [s[0], s[3], s[9]]])
        try project.mergeAnswerGroups(b, with: a)
        #expect(try members() == [b: [s[0], s[1], s[3], s[9]]])
        _ = try project.undo()
        #expect(try members() == [a: [s[1]], b: [s[0], s[3], s[9]]], "a merge is undone as one step")
        _ = try project.redo()
        try project.removeFromAnswerGroup(b, student: s[1])
        #expect(try members() == [b: [s[0], s[3], s[9]]])
        #expect(throws: GradingError.notInAnswerGroup(student: "student02", group: b)) { try project.removeFromAnswerGroup(b, student: s[1]) }
        #expect(PlainErrorText.describe(GradingError.notInAnswerGroup(student: "student02", group: b))
            == "student02's answer is not in answer group \(b): it was moved or graded on its own meanwhile.")
        let other = try project.confirmAnswerGroup(question: q4, kind: "alike", students: [s[2]])
        #expect(throws: GradingError.answerGroupOfOtherQuestion(group: other, question: "Q3", other: "Q4")) { try project.mergeAnswerGroups(b, with: other) }
        #expect(throws: GradingError.unknownAnswerGroup(a)) { try project.gradeAnswerGroup(a, .typed("1")) }
        #expect(throws: GradingError.emptyAnswerGroup) { try project.confirmAnswerGroup(question: q3, kind: "alike", students: []) }
        try project.removeAnswerGroup(b)
        #expect(try members().isEmpty)
    }

    @Test func aGroupWithAnotherGradersScoreIsGradedOnlyWhenSaidSo() throws {
        let folder = TemporaryFolder()
        let (owner, questions, s) = try Self.quiz(in: folder)
        let q3 = questions[2]
        _ = try owner.addRubricItem(question: q3, text: "Not prime", points: Points("-2")!)
        _ = try owner.setScore(typed: "1", student: s[3], question: q3)
        let ta = owner.acting(as: try Grader("ta-ben"), role: .grader)
        let group = try ta.confirmAnswerGroup(question: q3, kind: "alike", students: [s[3], s[9]])
        let before = try owner.changeStamp()
        #expect(throws: GradingError.othersScores([ForeignScore(student: "student04", question: "Q3", score: .points(Points("1")!), grader: "tester")])) {
            try ta.gradeAnswerGroup(group, .rubric(add: [1], remove: []))
        }
        #expect(try owner.changeStamp() == before, "a refused group grade writes nothing")
        try ta.acting(as: try Grader("ta-ben"), role: .instructor).gradeAnswerGroup(group, .rubric(add: [1], remove: []), overwrite: true)
        #expect(try Self.scores(owner, q3, s)[3] == "0" && Self.scores(owner, q3, s)[9] == "0")
        #expect(try owner.scoreRecords()[q3]?[s[9]]?.grader == "ta-ben")
        #expect(try owner.rubricUsage(question: q3).values.first == 2)
    }

    @Test func aStampOnAGroupLandsOnEveryMembersPageWhereTheAlignmentPutsTheSpot() throws {
        let folder = TemporaryFolder()
        let (project, questions, s) = try Self.quiz(in: folder)
        let q3 = questions[2]
        let item = try project.addRubricItem(question: q3, text: "Not prime", points: Points("-2")!)
        let group = try project.confirmAnswerGroup(question: q3, kind: "alike", students: [s[3], s[9]])
        try project.gradeAnswerGroup(group, .stamp(item: item.id, page: 1, at: PagePosition("415,295")!))
        #expect(try Self.scores(project, q3, s)[3] == "0" && Self.scores(project, q3, s)[9] == "0")
        let book = try project.gradeBook(), directory = try project.directory()
        for member in [3, 9] {
            let id = try directory.resolveStudent(key: s[member])
            let stamps = book.stamps(of: id)
            let spot = directory.region(PageRect(origin: PagePoint(x: 415, y: 295), width: 0, height: 0), student: id, page: 1).origin
            #expect(stamps.count == 1 && stamps.first?.page == 1 && stamps.first?.stamp.item == item.id)
            let placed = try #require(stamps.first).stamp.position.point(on: directory.pageSize(id, page: 1))
            #expect(abs(placed.x - spot.x) < 0.01 && abs(placed.y - spot.y) < 0.01, "student \(member + 1): \(placed) not at \(spot)")
            #expect(abs(placed.x - 415) < 8 && abs(placed.y - 295) < 8, "the page was placed within a few points of the reference")
        }
        #expect(try project.history(limit: 1).first?.description == "grade answer group \(group) of Q3 (2 answers): stamp item 1 on page 1")
    }
}
