import Foundation
import GraderCore
import GraderFiles
import GraderStore

/// What a grader is told while anonymous grading is on: every message and history step about a
/// student names the pseudonym, never the real name nor the scan file that holds it. With
/// anonymous grading off, texts are left as they are.
extension GradingProject {
    /// The message a grading view shows for `error`: what went wrong and what to do, with students
    /// by their pseudonyms while anonymous grading is on. When the setting cannot be read, only a
    /// message naming no student.
    public func shownMessage(for error: any Error) -> String {
        let text: String
        switch error {
        case ProjectError.scanChanged(let student, _): text = PlainErrorText.describe(ProjectError.scanChanged(student: student, path: ""))
        case ProjectError.scanMissing(let student, _): text = PlainErrorText.describe(ProjectError.scanMissing(student: student, path: ""))
        default: text = PlainErrorText.describe(error)
        }
        do {
            return try pseudonymText()?.apply(text) ?? PlainErrorText.describe(error)
        } catch let unreadable {
            return "Something went wrong, and the project's anonymous-grading setting cannot be read to say what: "
                + "\(PlainErrorText.describe(unreadable)) Try again; if it persists, check the project folder."
        }
    }

    /// `steps` as a grading view shows them (students by pseudonym while anonymous grading is on).
    func shown(_ steps: [HistoryStep]) throws -> [HistoryStep] {
        guard !steps.isEmpty, let shield = try pseudonymText() else { return steps }
        return steps.map { $0.described(as: shield.apply($0.description)) }
    }

    /// The replacements while anonymous grading is on; nil while it is off.
    func pseudonymText() throws -> PseudonymText? {
        let setting = try anonymity()
        guard setting.isOn else { return nil }
        let book = try directory()
        let pseudonyms = setting.pseudonyms(for: book.students.map(\.key))
        return PseudonymText(students: book.students.map { entry in
            let path = scanPath(entry)
            return (entry.student.name, entry.student.email, [path, entry.scanPath, (path as NSString).lastPathComponent],
                    pseudonyms[entry.key] ?? "Student \(entry.key.rawValue)")
        })
    }
}
