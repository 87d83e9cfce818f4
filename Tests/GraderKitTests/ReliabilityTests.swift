import Foundation
import GraderKit
import Testing
import TestSupport

/// Many graders at once through the façade: no score is lost.
@Suite struct ReliabilityTests {
    @Test func parallelWritersLoseNoScore() throws {
        let folder = TemporaryFolder()
        let names = (1...8).map { "Student \($0)" }
        let store = try TestProject.project(in: folder, names: names)
        let questions = try (1...200).map { index in
            try store.addQuestion(page: 1 + index % 2, at: "\(index * 2),\(index * 3)", maxPoints: "50", label: "Q\(index)")
        }
        // Eight connections, as eight processes would have, each scoring its own student 200 times.
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            let own = try! GradingProject.open(folder.path, as: try .tester())
            for (index, question) in questions.enumerated() {
                try! own.setScore(student: names[worker], question: question.name, value: "\(Double(index % 200) / 4)")
            }
        }
        let book = try store.gradeBook()
        for (index, question) in questions.enumerated() {
            for worker in 0..<8 {
                #expect(book.score(question.question.id, StudentID(worker)) == .points(Points(quarters: index % 200)))
            }
        }
    }
}
