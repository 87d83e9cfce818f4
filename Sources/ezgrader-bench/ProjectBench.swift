import Foundation
import GraderCore
import GraderStore

/// Interactive project commands on a large class: a synthetic project of `students` students
/// (no scans needed: these commands never open them) with `questions` graded questions.
enum ProjectBench {
    static func run(binary: String, students: Int, questions: Int, runs: Int, in workFolder: String) throws {
        let folder = "\(workFolder)/project-\(students)x\(questions).ezgrader"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let store = try ProjectStore.create(in: folder, pagesPerStudent: 8, grader: try Grader("bench"))
        try store.change("students") { writer in
            for index in 1...students {
                try writer.insertStudent(Student(name: "Student \(index)", rosterID: "S\(index)"), scanFile: "scans/\(index).pdf",
                                         sha256: "0", pageSizes: Array(repeating: PageSize(width: 612, height: 792), count: 8))
            }
        }
        var ids: [QuestionID] = []
        for index in 0..<questions {
            let spec = QuestionSpec(page: 1 + index % 8, position: PagePosition(PagePoint(x: Double(50 + index % 5 * 100), y: Double(40 + index / 5 * 14))),
                                    maxPoints: Points(quarters: 16), label: "Q\(index + 1)")
            ids.append(try store.addQuestion(spec).question.id)
        }
        let book = try store.gradeBook()
        try store.applyScores(book.students.flatMap { entry in
            ids.map { ScoreImport.Entry(student: entry.key, question: $0, score: .points(Points(quarters: Int(entry.key.rawValue) % 17))) }
        }, description: "scores")

        print("## project of \(students) students × \(questions) questions (all graded), median of \(runs) runs")
        Swift.print("command                               time s   peak MB")
        let commands: [(String, [String])] = [
            ("question add", [binary, "question", "add", folder, "--page", "8", "--at", "300,700", "--max", "2"]),
            ("status --json", [binary, "status", folder, "--json"]),
            ("score (one student)", [binary, "score", folder, "--student", "Student \(students / 2)", "--question", "Q1", "2"]),
            ("export csv --layout questions", [binary, "export", "csv", folder, "-o", "\(workFolder)/out/questions.csv"]),
            ("export csv --layout students", [binary, "export", "csv", folder, "--layout", "students", "-o", "\(workFolder)/out/students.csv"]),
        ]
        for (name, command) in commands {
            var measured: [Measurement] = []
            for _ in 0..<runs {
                measured.append(try measure(command))
                if name == "question add" { _ = try store.undo() }
            }
            let median = measured.sorted { $0.seconds < $1.seconds }[runs / 2]
            Swift.print(name.padding(toLength: 38, withPad: " ", startingAt: 0)
                + String(format: "%-9.3f", median.seconds) + megabytes(measured.map(\.peakBytes).max() ?? 0))
        }
        Swift.print("")
    }
}
