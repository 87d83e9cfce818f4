import Foundation
import GraderCore
import GraderKit
import GraderStore

/// Interactive project commands on a small and a large class: synthetic projects (no scans
/// needed: these commands never open them) with every question graded.
enum ProjectBench {
    /// Creates `students` × `questions` project, all graded, in `workFolder`; returns its folder.
    static func make(students: Int, questions: Int, in workFolder: String) throws -> String {
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
        let specs = (0..<questions).map { index in
            QuestionSpec(page: 1 + index % 8, position: PagePosition(PagePoint(x: Double(50 + index % 5 * 100), y: Double(40 + index / 5 * 14))),
                         maxPoints: Points(quarters: 16), label: "Q\(index + 1)")
        }
        let project = try GradingProject.open(folder, as: try Grader("bench"))
        let ids = try project.addQuestions(specs, description: "questions").map(\.question.id)
        let book = try project.gradeBook()
        try project.applyScores(book.students.flatMap { entry in
            ids.map { ScoreImport.Entry(student: entry.key, question: $0, score: .points(Points(quarters: Int(entry.key.rawValue) % 17))) }
        }, description: "scores")
        return folder
    }

    /// Times the commands on a project of each size and prints how `score` scales.
    static func run(binary: String, sizes: [(students: Int, questions: Int)], runs: Int, in workFolder: String) throws {
        var scoreMedians: [Double] = []
        for size in sizes {
            let folder = try make(students: size.students, questions: size.questions, in: workFolder)
            let store = try ProjectStore.open(folder, grader: try Grader("bench"))
            print("## project of \(size.students) students × \(size.questions) questions (all graded), median of \(runs) runs")
            Swift.print("command                               time s   peak MB")
            let commands: [(String, [String])] = [
                ("question add", [binary, "question", "add", folder, "--page", "8", "--at", "300,700", "--max", "2", "--grader", "bench"]),
                ("status --json", [binary, "status", folder, "--json"]),
                ("score (one student)", [binary, "score", folder, "--student", "Student \(size.students / 2)", "--question", "Q1", "2", "--grader", "bench"]),
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
                if name.hasPrefix("score") { scoreMedians.append(median.seconds) }
                Swift.print(name.padding(toLength: 38, withPad: " ", startingAt: 0)
                    + String(format: "%-9.3f", median.seconds) + megabytes(measured.map(\.peakBytes).max() ?? 0))
            }
            Swift.print("")
        }
        if let small = scoreMedians.first, let large = scoreMedians.last, sizes.count > 1 {
            Swift.print(String(format: "score on the largest project: %.2f× its time on the smallest\n", large / small))
        }
        if let largest = sizes.last { try rubricEdit(binary: binary, size: largest, runs: runs, in: workFolder) }
    }

    /// Editing a rubric item that 300 students' scores come from, then exporting the table.
    static func rubricEdit(binary: String, size: (students: Int, questions: Int), runs: Int, in workFolder: String) throws {
        let folder = "\(workFolder)/project-\(size.students)x\(size.questions).ezgrader"
        let store = try GradingProject.open(folder, as: try Grader("bench"))
        let directory = try store.directory()
        let q1 = directory.questions[0].question.id
        _ = try store.addRubricItem(question: q1, text: "Sign error", points: Points(quarters: -4))
        let users = directory.students.prefix(300)
        for entry in users { try store.applyRubricItems(student: entry.key, question: q1, add: [1]) }
        print("## rubric item used by \(users.count) of \(size.students) students, median of \(runs) runs")
        Swift.print("command                               time s   peak MB")
        for (name, command) in [
            ("rubric edit --points", [binary, "rubric", "edit", folder, "Q1", "1", "--points", "-2", "--grader", "bench"]),
            ("export csv right after", [binary, "export", "csv", folder, "-o", "\(workFolder)/out/after-edit.csv"]),
        ] {
            var measured: [Measurement] = []
            for _ in 0..<runs {
                measured.append(try measure(command))
                if name.hasPrefix("rubric") { _ = try store.acting(as: try Grader("bench")).undo() }
            }
            let median = measured.sorted { $0.seconds < $1.seconds }[runs / 2]
            Swift.print(name.padding(toLength: 38, withPad: " ", startingAt: 0)
                + String(format: "%-9.3f", median.seconds) + megabytes(measured.map(\.peakBytes).max() ?? 0))
        }
        Swift.print("")
    }
}
