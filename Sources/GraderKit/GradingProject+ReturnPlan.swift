import Foundation
import GraderCore
import GraderMail
import GraderStore

/// What returning graded work would do, shown before anything is sent (the browser's Return page):
/// each student's state, read without writing any PDF, so the page shows at once; and one
/// student's message as it would go out, their PDF alone brought up to date first. Both are
/// refused while grading is anonymous: they show the students' real names and addresses.
extension GradingProject {
    /// Each chosen student, in the book's order, with what a run would do for them now. A student
    /// whose PDF in `returnedFolder` is not up to date is due (`new`, or `changed` when sent
    /// before): the run writes it, and sends it only when its bytes differ from those sent.
    public func returnPlan(options: WorkReturn.Options = .init()) throws -> [WorkReturn.Line] {
        try permit(.returnWork)
        try refuseReturnWhileAnonymous()
        let book = try gradeBook()
        let (candidates, addressed) = returnCandidates(book, options)
        let current = PDFExport.current(book, try returnExport(options, book, only: addressed))
        let sent = try store.latestReturnedMail(), fileNames = PDFExport.fileNames(book)
        return candidates.map { candidate in
            let key = book.students[candidate.index].key
            let line = { (state: WorkReturn.Line.State, reason: String?, sent: ReturnedMail?) in
                WorkReturn.Line(student: key.rawValue, name: candidate.name, address: candidate.address, state: state, reason: reason,
                                sentAt: sent?.sentAt, sentBy: sent?.sentBy)
            }
            if addressed[candidate.index] != nil, !current.contains(candidate.index) {
                return line(sent[key] == nil ? .new : .changed, nil, nil)
            }
            switch settled(candidate, book, addressed, fileNames: fileNames, sent: sent).outcome {
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
        try refuseReturnWhileAnonymous()
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

    /// Refuses what shows or sends the students' real names while anonymous grading is on.
    func refuseReturnWhileAnonymous() throws {
        if try anonymity().isOn { throw WorkReturnError.anonymous }
    }
}
