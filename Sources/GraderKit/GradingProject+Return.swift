import Dispatch
import Foundation
import GraderCore
import GraderFiles
import GraderMail
import GraderPDF
import GraderStore

/// Returning graded work: each student is e-mailed their graded PDF — the one `PDFExport` writes,
/// kept in the project's `returned/` folder — with the letter's text filled in for them. Safe to
/// run again: every message the server accepts is recorded at once (student, address,
/// Message-ID, the PDF's SHA-256), and a later run sends only to students never sent to or whose
/// PDF (a regrade) or address changed since.
extension GradingProject {
    /// The folder the PDFs sent to students are written to and kept in.
    public var returnedFolder: String { (folder as NSString).appendingPathComponent("returned") }

    /// Sends (or with `.files`, writes) each chosen student's message. Everything that could stop
    /// the run — the letter, the server's URL — is checked first; a student without an address,
    /// with an address that is not one, or without a graded PDF is listed in the report, a refusal
    /// by the server is reported and the rest go on, and a lost connection or `cancellation` stops
    /// after the last message the server accepted.
    public func returnWork(_ letter: ReturnLetter, delivery: WorkReturn.Delivery, options: WorkReturn.Options = .init(),
                           cancellation: Cancellation? = nil,
                           progress: @Sendable (WorkReturn.Step) -> Void = { _ in }) throws -> WorkReturn.Report {
        try permit(.returnWork)
        var session: SMTPSession?
        if case .smtp(let url, let user, let password, let authorities) = delivery {
            session = try SMTPSession(SMTPServer(url: url, user: user, password: password, certificateAuthorities: authorities))
        }
        let book = try gradeBook(), exam = try examTitle()
        var report = WorkReturn.Report()
        let addressed = addressedStudents(book, only: options.only, report: &report)
        _ = try PDFExport.run(self, .init(folder: returnedFolder, cover: options.cover,
                                          heading: CoverPage.Heading(course: options.course, title: exam),
                                          only: Set(addressed.map { book.students[$0.index].key })),
                              cancellation: cancellation, progress: { progress(.exporting(done: $0, total: $1)) })
        let queue = try lettersDue(book, addressed, report: &report)
        if case .files(let folder) = delivery { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }

        let pace = SendPace(perMinute: options.perMinute), start = Self.seconds()
        sending: for (done, item) in queue.enumerated() {
            if session != nil { Self.wait(pace.wait(before: done, start: start, now: Self.seconds()), cancellation: cancellation) }
            if cancellation?.isCancelled == true {
                report.stopped = "stopped on request"
                report.notSent = queue[done...].map(\.name)
                break
            }
            let entry = book.students[item.index]
            let feedback = StudentFeedback(book, student: StudentID(item.index), exam: exam)
            let (messageID, bytes) = letter.message(to: item.address, feedback: feedback, pdf: item.pdf, fileName: item.fileName + ".pdf").rendered()
            switch delivery {
            case .files(let folder):
                let path = (folder as NSString).appendingPathComponent(item.fileName + ".eml")
                try AtomicFile.write(bytes, to: path)
                report.files.append(path)
            case .smtp:
                do {
                    try session?.send(bytes, from: letter.from, to: item.address)
                } catch .refused(let code, let detail) {
                    report.refused.append(.init(student: entry.student.name, reason: "refused by the server (\(code)): \(detail)"))
                    progress(.sending(done: done + 1, total: queue.count))
                    continue
                } catch {
                    report.stopped = PlainErrorText.describe(error)
                    report.notSent = queue[done...].map(\.name)
                    break sending
                }
                // Accepted: recorded before anything else, so a crash from here on resends at worst.
                do {
                    try store.recordReturnedMail(student: entry.key, address: item.address.address, messageID: messageID, pdfSHA256: item.digest)
                } catch {
                    report.sent.append(item.name)
                    report.stopped = "\(item.name)'s message was sent but could not be recorded (\(PlainErrorText.describe(error)))"
                    report.notSent = queue[(done + 1)...].map(\.name)
                    break sending
                }
            }
            report.sent.append(item.name)
            if item.sentBefore { report.changed.append(item.name) }
            progress(.sending(done: done + 1, total: queue.count))
        }
        return report
    }

    /// A student with a usable address.
    private struct Addressed {
        let index: Int
        let address: MailAddress
    }

    /// A message due: its student, address and PDF.
    private struct Due {
        let index: Int, name: String, fileName: String, address: MailAddress, pdf: Data, digest: String, sentBefore: Bool
    }

    /// The chosen students with an address and a whole scan; the others go into `report.leftOut`.
    private func addressedStudents(_ book: GradeBook, only: Set<StudentKey>?, report: inout WorkReturn.Report) -> [Addressed] {
        book.students.indices.compactMap { index in
            let entry = book.students[index]
            guard only?.contains(entry.key) ?? true else { return nil }
            guard let email = entry.student.email else {
                report.leftOut.append(.init(student: entry.student.name, reason: "no e-mail address in the roster"))
                return nil
            }
            guard let parsed = try? MailAddress(parsing: email, whose: entry.student.name) else {
                report.leftOut.append(.init(student: entry.student.name, reason: "'\(email)' is not an e-mail address"))
                return nil
            }
            if let problem = scanProblems(of: [entry]).first {
                report.leftOut.append(.init(student: entry.student.name, reason: "no graded PDF: \(PlainErrorText.describe(problem))"))
                return nil
            }
            // The roster's name, unless the address cell gave one.
            return Addressed(index: index, address: parsed.name.isEmpty ? MailAddress(name: entry.student.name, address: parsed.address) : parsed)
        }
    }

    /// The messages to send: to students never sent one, or whose PDF or address changed since;
    /// the others go into `report.unchanged`, a PDF that is missing into `report.leftOut`.
    private func lettersDue(_ book: GradeBook, _ addressed: [Addressed], report: inout WorkReturn.Report) throws -> [Due] {
        let sent = try store.latestReturnedMail(), fileNames = PDFExport.fileNames(book)
        return addressed.compactMap { student in
            let entry = book.students[student.index]
            let path = (returnedFolder as NSString).appendingPathComponent(fileNames[student.index] + ".pdf")
            guard let pdf = FileManager.default.contents(atPath: path) else {
                report.leftOut.append(.init(student: entry.student.name, reason: "its graded PDF '\(path)' is missing"))
                return nil
            }
            let digest = FileDigest.sha256(of: pdf), last = sent[entry.key]
            if let last, last.pdfSHA256 == digest, last.address == student.address.address {
                report.unchanged.append(entry.student.name)
                return nil
            }
            return Due(index: student.index, name: entry.student.name, fileName: fileNames[student.index], address: student.address,
                       pdf: pdf, digest: digest, sentBefore: last != nil)
        }
    }

    /// Seconds on a clock that only goes forward.
    private static func seconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// Sleeps `seconds`, in steps short enough that a cancellation is heard at once.
    private static func wait(_ seconds: Double, cancellation: Cancellation?) {
        var left = seconds
        while left > 0, cancellation?.isCancelled != true {
            Thread.sleep(forTimeInterval: min(left, 0.1))
            left -= 0.1
        }
    }
}
