import Foundation
import GraderAnalysis
import GraderKit

/// Projects (without scans) whose statistics are known, for the façade, report and CLI tests.
public enum StatisticsFixture {
    /// Ann, Ben, Cy, Dee, Eve on Q1 (max 2), Q2 (max 4), Q3 (max 1), Q4 (max 3): Eve is ungraded
    /// on Q2 and nobody is graded on Q4 — the hand-computed table of `ExamStatisticsTests`; the
    /// pages are Letter unless `size` says.
    public static func partlyGraded(in folder: TemporaryFolder, size: PageSize = PageSize(width: 612, height: 792)) throws -> GradingProject {
        let store = try TestProject.project(in: folder, names: ["Ann", "Ben", "Cy", "Dee", "Eve"], pages: 1, size: size)
        let table: [(String, String, [String])] = [
            ("Q1", "2", ["2", "1", "0", "2", "1"]), ("Q2", "4", ["4", "3", "1", "2", "?"]),
            ("Q3", "1", ["1", "0", "0", "1", "0"]), ("Q4", "3", ["?", "?", "?", "?", "?"]),
        ]
        for (row, (label, max, scores)) in table.enumerated() {
            _ = try store.addQuestion(page: 1, at: "50,\(60 + 60 * row)", maxPoints: max, label: label)
            for (name, score) in zip(["Ann", "Ben", "Cy", "Dee", "Eve"], scores) where score != "?" {
                try store.setScore(student: name, question: label, value: score)
            }
        }
        return store
    }

    /// A class of `students` with four written questions and a 12-question bubble block (A–E),
    /// drawn from a seed: ability decides the scores; question mc-12's key is wrong (the class's
    /// strong students chose C, the weak ones A, which the key has); student 4 copied student 2's bubble sheet.
    public static func classWithBubbles(in folder: TemporaryFolder, students: Int = 30, seed: UInt64 = 3) throws -> GradingProject {
        let names = (1...students).map { String(format: "Student %02d", $0) }
        let store = try TestProject.project(in: folder, names: names, pages: 2)
        var random = SeededGenerator(seed: seed)
        func uniform() -> Double { Double(random.next() >> 11) / Double(1 << 53) }
        let ability = names.map { _ in uniform() }
        let written = [("W1", 4.0), ("W2", 6.0), ("W3", 10.0), ("W4", 2.0)]
        var questions: [String: QuestionID] = [:]
        for (index, (label, top)) in written.enumerated() {
            questions[label] = try store.addQuestion(page: 1, at: "60,\(80 + 120 * index)", maxPoints: StatisticText.points(top), label: label).question.id
        }
        let block = BubbleBlock(id: "mc", name: "Multiple choice", page: 2, origin: PagePoint(x: 100, y: 100), rowSpacing: 24,
                                columnSpacing: 24, bubbleDiameter: 12, rows: 12, pointsPerQuestion: Points(quarters: 4))
        _ = try store.applyRubric(questions: [], blocks: [block], description: "rubric")
        _ = try store.setAnswerKey(block: "mc", answers: "ABCDEABCDEAA")
        let directory = try store.directory()
        let keys = directory.students.map(\.key)

        var entries: [ScoreImport.Entry] = []
        for (student, key) in keys.enumerated() {
            for (label, top) in written {
                // Whole points, more for stronger students; W4 left ungraded for the last student.
                if label == "W4", student == students - 1 { continue }
                let points = min(top, max(0, (top * (0.15 + 0.85 * ability[student]) + (uniform() - 0.5) * top * 0.3).rounded()))
                entries.append(ScoreImport.Entry(student: key, question: questions[label]!, score: .points(Points(quarters: Int(points) * 4))))
            }
        }
        try store.applyScores(entries, description: "scores")

        let correct = Array("ABCDEABCDEAC").map(String.init)
        var sheets: [[String]] = keys.indices.map { student in
            (0..<12).map { row in
                if uniform() < 0.1 + 0.85 * ability[student] { return correct[row] }
                if row == 11 { return "A" }  // the tempting wrong answer, which the key has
                let wrong = BubbleBlock.letterChoices.filter { $0 != correct[row] }
                return wrong[Int(uniform() * Double(wrong.count))]
            }
        }
        // Student 4 copies student 2's sheet, a weak one (every answer is wrong but 1).
        sheets[1] = (0..<12).map { row in row == 0 ? correct[0] : BubbleBlock.letterChoices.filter { $0 != correct[row] }[(row * 3) % 4] }
        sheets[3] = sheets[1]
        try store.recordReadings(keys.enumerated().map { student, key in
            (key, "mc", sheets[student].enumerated().map { row, choice in
                BubbleRowReading(row: row, questionNumber: row + 1, reading: .answered([choice]), fills: [])
            }, BubblePlacement(residual: 0.1, problem: nil, centres: []))
        }, description: "readings")
        return store
    }
}
