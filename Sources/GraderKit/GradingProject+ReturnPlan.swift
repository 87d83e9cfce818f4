import Foundation
import GraderCore
import GraderMail
import GraderStore

/// What returning graded work would do, shown before anything is sent (the browser's Return page):
/// each student's state, and one student's message as it would go out. Both bring the PDFs in
/// `returnedFolder` up to date first, as a run does, so what they show is what a run sends.
extension GradingProject {
    /// Each chosen student, in the book's order, with what a run would do for them now.
    public func returnPlan(options: WorkReturn.Options = .init()) throws -> [WorkReturn.Line] {
        try permit(.returnWork)
        let (book, entries) = try returnEntries(options, cancellation: nil, progress: { _ in })
        return entries.map { entry in
            let student = book.students[entry.index].key.rawValue
            let line = { (state: WorkReturn.Line.State, reason: String?, sent: ReturnedMail?) in
                WorkReturn.Line(student: student, name: entry.name, address: entry.address, state: state, reason: reason,
                                sentAt: sent?.sentAt, sentBy: sent?.sentBy)
            }
            switch entry.outcome {
            case .due(let due): return line(due.sentBefore ? .changed : .new, nil, nil)
            case .unchanged(let sent, _): return line(.sent, nil, sent)
            case .leftOut(let reason, let noPDF): return line(noPDF ? .noPDF : .noAddress, reason, nil)
            }
        }
    }

    /// `student`'s message from `letter` as a run would send it now: headers, text and the PDF
    /// attached; refused naming the reason for a student who would be left out.
    public func previewReturn(_ letter: ReturnLetter, student: StudentKey, options: WorkReturn.Options = .init()) throws -> WorkReturn.Preview {
        try permit(.returnWork)
        var only = options
        only.only = [student]
        let (book, entries) = try returnEntries(only, cancellation: nil, progress: { _ in })
        guard let entry = entries.first else { throw GradingError.unknownStudent(String(describing: student)) }
        let state: WorkReturn.Line.State, due: Due
        switch entry.outcome {
        case .leftOut(let reason, _): throw WorkReturnError.notReturnable(student: entry.name, reason: reason)
        case .due(let pending): (state, due) = (pending.sentBefore ? .changed : .new, pending)
        case .unchanged(_, let sent): (state, due) = (.sent, sent)
        }
        let feedback = StudentFeedback(book, student: StudentID(entry.index), exam: try examTitle())
        let message = letter.message(to: due.address, feedback: feedback, pdf: due.pdf, fileName: due.fileName + ".pdf")
        return WorkReturn.Preview(from: message.from.description, to: message.to.description, replyTo: message.replyTo?.description,
                                  subject: message.subject, text: message.text, attachment: due.fileName + ".pdf", attachmentBytes: due.pdf.count,
                                  state: state)
    }
}
