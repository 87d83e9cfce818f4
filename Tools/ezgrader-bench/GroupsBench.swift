import Foundation
import GraderCore
import GraderKit
import ScanFactory

/// `--groups N`: building a question's suggested answer groups. A project of N scanned quizzes
/// (generated, one PDF page each at 150 dpi, the master copy given, aligned at import), then each
/// question's groups built through the façade (every page rendered by poppler, cropped through its
/// alignment, the print taken out, grouped): the median wall time of `runs`, on every core, each
/// built anew, and the processor time (user and system, all threads) it took; then read again with
/// the pages unchanged (as the live Groups view reads them). The load average is printed: the
/// wall time depends on what else the machine runs.
enum GroupsBench {
    static func run(students count: Int, runs: Int, in work: String) throws {
        let folder = (work as NSString).appendingPathComponent("groups")
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder + "/scans", withIntermediateDirectories: true)
        let numbers = ["42", "42", "42", "48", "36", "7"], words = ["Paris", "Paris", "Lyon", "Rome"], letters = ["C", "C", "A", "B", "D"]
        let scans = try (0..<count).map { student in
            let path = folder + String(format: "/scans/student%03d.pdf", student + 1)
            let blank = student % 10 == 0
            let answers = AnswerSheetScan.Answers(number: blank ? nil : numbers[student % numbers.count], word: blank ? nil : words[student % words.count],
                                                  letter: blank ? nil : letters[student % letters.count], derivation: !blank)
            try AnswerSheetScan.writePage(to: URL(fileURLWithPath: path), answers, student: student)
            return path
        }
        try AnswerSheetScan.writeBlank(to: URL(fileURLWithPath: folder + "/blank.pdf"))
        let project = try GradingProject.create(folder + "/quiz.ezgrader", scans: scans, masterPath: folder + "/blank.pdf", grader: try Grader("bench"))
        let questions = try AnswerSheetScan.gradeBoxes.enumerated().map { index, corner in
            try project.addQuestion(QuestionSpec(page: 1, position: PagePosition(PagePoint(x: corner.x, y: corner.y)), maxPoints: Points("2") ?? .zero,
                                                 label: "Q\(index + 1)")).question.id
        }
        // Q1's number is written in printed boxes: declared, its answers are grouped by the number read.
        let field = AnswerSheetScan.numberBoxes
        try project.declareAnswerBox(question: questions[0], firstBox: field.box(0), digits: field.count, pitch: field.pitch)
        print("Answer groups: \(count) scanned quizzes, \(ProcessInfo.processInfo.activeProcessorCount) cores; median of \(runs) runs per question; load average \(loadAverage()).")
        let clock = ContinuousClock()
        for (index, question) in questions.enumerated() {
            var seconds: [Double] = [], cpu: [Double] = [], groups = 0
            for _ in 0..<runs {
                GradingProject.forgetSuggestedGroups()
                let before = processorSeconds()
                seconds.append(Self.seconds(try clock.measure { groups = try project.suggestedGroups(question: question).count }))
                cpu.append(processorSeconds() - before)
            }
            let again = Self.seconds(try clock.measure { _ = try project.suggestedGroups(question: question) })
            let sorted = seconds.sorted()
            print(String(format: "Q%d: %d groups; built in median %.2f s (fastest %.2f s, slowest %.2f s), processor time median %.2f s; read again, pages unchanged: %.0f ms",
                         index + 1, groups, sorted[sorted.count / 2], sorted[0], sorted[sorted.count - 1], cpu.sorted()[cpu.count / 2], again * 1000))
        }
        print("Load average after: \(loadAverage()).")
    }

    /// This process's processor time so far, user and system, every thread (seconds).
    private static func processorSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    private static func seconds(_ duration: Duration) -> Double { Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18 }
}
