import Foundation
import GRDB
@testable import GraderKit
@testable import GraderStore
import Testing
import TestSupport

/// Random interleavings of three graders' changes — scores, rubric items, questions, students,
/// imports, undo and redo — checked after every step: a score a grader gave changes only by their
/// own action, by an override that was refused first and then confirmed, or because a rubric
/// item it comes from was edited; and an undo followed at once by the redo restores every
/// recorded row exactly.
@Suite struct TeamPropertyTests {
    /// A score cell as stored: value, who gave it, how.
    struct Cell: Equatable { let quarters: Int, grader: String, source: String }

    @Test(arguments: Array(1...12) as [UInt64])
    func aGradersScoreChangesOnlyByThemOrOnPurposeAndUndoRedoRestoresAll(seed: UInt64) throws {
        let folder = TemporaryFolder()
        let base = try TestProject.project(in: folder, names: ["Anna", "Ben", "Cy"])
        _ = try base.addQuestion(page: 1, at: "100,100", maxPoints: "4", label: "Q1")
        let graders = try ["prof", "ta1", "ta2"].map { base.acting(as: try Grader($0)) }
        var random = SeededRandom(seed: seed)
        var added = 0
        for _ in 0..<160 {
            let store = graders[random.below(graders.count)]
            let before = try Self.cells(store)
            var onPurpose = false, derived = false
            // A refused override is confirmed half the time, as a person would after reading who it was.
            func confirmed(_ attempt: (Bool) throws -> Void) throws {
                do { try attempt(false) } catch let error as GradingError {
                    switch error {
                    case .othersScores, .historyBlocked:
                        if random.below(2) == 0 { onPurpose = true; try? attempt(true) }
                    default: break
                    }
                } catch {}
            }
            let book = try store.gradeBook()
            let questions = book.directory.questions, students = book.students
            let question = questions.isEmpty ? nil : questions[random.below(questions.count)]
            let student = students.isEmpty ? nil : students[random.below(students.count)].key
            switch random.below(13) {
            case 0, 1, 2:
                guard let question, let student else { continue }
                let value = random.below(question.question.maxPoints.quarters + 2)
                let score: Score = value > question.question.maxPoints.quarters ? .ungraded : .points(Points(quarters: value))
                try confirmed { overwrite in _ = try store.setScore(score, student: student, question: question.question.id, overwrite: overwrite) }
            case 3:
                // Typed over the score the card showed, with who gave it: on purpose.
                guard let question, let student else { continue }
                onPurpose = true
                let seen = book.score(question.question.id, try book.directory.resolveStudent(key: student))
                _ = try? store.setScore(.points(Points(quarters: random.below(question.question.maxPoints.quarters + 1))), student: student,
                                        question: question.question.id, expected: seen)
            case 4:
                guard let question else { continue }
                _ = try? store.addRubricItem(question: question.question.id, text: "Item \(random.below(99))", points: Points(quarters: -random.below(5)))
            case 5:
                guard let question, let student else { continue }
                let count = try store.rubricItems(question: question.question.id).count
                guard count > 0 else { continue }
                try confirmed { overwrite in
                    _ = try store.applyRubricItems(student: student, question: question.question.id, add: [1 + random.below(count)], overwrite: overwrite)
                }
            case 6:
                guard let question else { continue }
                let count = try store.rubricItems(question: question.question.id).count
                guard count > 0 else { continue }
                derived = true
                if random.below(2) == 0 {
                    _ = try? store.editRubricItem(question: question.question.id, number: 1 + random.below(count), points: Points(quarters: -random.below(5)))
                } else {
                    try? store.removeRubricItem(question: question.question.id, number: 1 + random.below(count))
                }
            case 7:
                _ = try? store.addQuestion(page: 1 + random.below(2), at: "\(50 + random.below(400)),\(50 + random.below(600))",
                                           maxPoints: "\(1 + random.below(6))", label: nil)
            case 8:
                guard let question else { continue }
                _ = try? store.moveQuestion(question.question.id, .by(dx: Double(random.below(21)) - 10, dy: Double(random.below(21)) - 10))
            case 9:
                guard let question, questions.count > 1 else { continue }
                try confirmed { overwrite in try store.removeQuestion(question.question.id, overwrite: overwrite) }
            case 10:
                if random.below(2) == 0 || students.count < 2 {
                    added += 1
                    try store.change("add student Late \(added)") { writer in
                        _ = try writer.insertStudent(Student(name: "Late \(added)"), scanFile: "scans/late\(added).pdf", sha256: "0",
                                                     pageSizes: [PageSize(width: 612, height: 792), PageSize(width: 612, height: 792)])
                    }
                } else if let student {
                    try confirmed { overwrite in try store.removeStudent(student, overwrite: overwrite) }
                }
            case 11:
                guard let question else { continue }
                let entries = students.filter { _ in random.below(2) == 0 }.map { entry in
                    ScoreImport.Entry(student: entry.key, question: question.question.id,
                                      score: .points(Points(quarters: random.below(question.question.maxPoints.quarters + 1))))
                }
                try confirmed { overwrite in try store.applyScores(entries, description: "import table.csv", overwrite: overwrite) }
            default:
                let recorded = try Self.recordedRows(store)
                var undone: HistoryStep?
                try confirmed { force in undone = try store.undo(force: force) }
                guard undone != nil, random.below(2) == 0 else {
                    if random.below(2) == 0 { _ = try? store.redo() }
                    break
                }
                // Take the undo back at once: the undo's own redo, or the undo of a forced undo (when
                // it took anything: one whose rows the others had already removed counts as undone).
                let forced = try store.history(limit: 1).first.map { $0.grader == store.grader.name && $0.description.hasPrefix("undo '") } ?? false
                if !onPurpose { _ = try store.redo() } else if forced { _ = try store.undo() }
                #expect(try Self.recordedRows(store) == recorded, "seed \(seed): undo then \(onPurpose ? "undo of the forced undo" : "redo") restores every row")
                onPurpose = false
            }
            guard !onPurpose, !derived else { continue }
            let after = try Self.cells(store)
            let step = try store.history(limit: 6).map { "\($0.id) \($0.grader) \($0.description) \($0.undone)" }.joined(separator: " | ")
            for (cell, was) in before where !was.grader.isEmpty && was.grader != store.grader.name && was.source != "omr" {
                #expect(after[cell] == was, "seed \(seed): \(store.grader.name)'s '\(step)' changed \(was.grader)'s score")
            }
        }
    }

    /// Every score cell: (question id, student id) → what is stored.
    static func cells(_ store: GradingProject) throws -> [[Int64]: Cell] {
        try store.pool.read { db in
            Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT question_id, student_id, quarters, grader, source FROM score").map {
                ([$0["question_id"], $0["student_id"]], Cell(quarters: $0["quarters"], grader: $0["grader"], source: $0["source"]))
            })
        }
    }

    /// Every row of every recorded table, as text.
    static func recordedRows(_ store: GradingProject) throws -> [String] {
        try store.pool.read { db in
            try HistoryTriggers.recordedTables(in: db).flatMap { table in
                try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY id").map { "\(table) \($0)" }
            }
        }
    }
}

/// Reproducible choices for a property test.
struct SeededRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
    /// A number in 0..<`count`.
    mutating func below(_ count: Int) -> Int {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Int(state % UInt64(max(count, 1)))
    }
}
