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
    /// after the last message the server accepted. Refused, naming who runs it, while another
    /// return runs on the project in any program (`ReturnLock`).
    public func returnWork(_ letter: ReturnLetter, delivery: WorkReturn.Delivery, options: WorkReturn.Options = .init(),
                           cancellation: Cancellation? = nil,
                           progress: @Sendable (WorkReturn.Step) -> Void = { _ in }) throws -> WorkReturn.Report {
        try permit(.returnWork)
        let lock = try ReturnLock(self, from: "from the command line")
        return try withExtendedLifetime(lock) { try sendReturn(letter, delivery: delivery, options: options, cancellation: cancellation, progress: progress) }
    }

    /// `returnWork` for a caller that was permitted and holds the project's `ReturnLock`.
    func sendReturn(_ letter: ReturnLetter, delivery: WorkReturn.Delivery, options: WorkReturn.Options,
                    cancellation: Cancellation?, progress: @Sendable (WorkReturn.Step) -> Void) throws -> WorkReturn.Report {
        var session: SMTPSession?
        if case .smtp(let url, let user, let password, let authorities) = delivery {
            session = try SMTPSession(SMTPServer(url: url, user: user, password: password, certificateAuthorities: authorities))
        }
        let (book, entries) = try returnEntries(options, cancellation: cancellation, progress: progress)
        let exam = try examTitle()
        var report = WorkReturn.Report(), queue: [Due] = []
        for entry in entries {
            switch entry.outcome {
            case .leftOut(let reason, _): report.leftOut.append(.init(student: entry.name, reason: reason))
            case .unchanged: report.unchanged.append(entry.name)
            case .due(let due): queue.append(due)
            }
        }
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
                    let refusal = WorkReturn.Missed(student: entry.student.name, reason: "refused by the server (\(code)): \(detail)")
                    report.refused.append(refusal)
                    progress(.refused(refusal))
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

    /// A message due: its student, address and PDF.
    struct Due {
        let index: Int, name: String, fileName: String, address: MailAddress, pdf: Data, digest: String, sentBefore: Bool
    }

    /// A chosen student as a run finds them.
    struct ReturnEntry {
        enum Outcome {
            /// Their message is to be sent.
            case due(Due)
            /// Already sent this very PDF at this address (the record of it); the message it would be.
            case unchanged(ReturnedMail, Due)
            /// Not sent to: why in words, and whether for want of an address or of a PDF.
            case leftOut(String, noPDF: Bool)
        }
        let index: Int, name: String, address: String?, outcome: Outcome
    }

    /// Each chosen student, in the book's order, after their graded PDF is brought up to date in
    /// `returnedFolder` (only what changed is written again): due, unchanged since sent, or left out
    /// (no address, an address that is not one, no whole scan, no PDF).
    func returnEntries(_ options: WorkReturn.Options, cancellation: Cancellation?,
                       progress: @Sendable (WorkReturn.Step) -> Void) throws -> (GradeBook, [ReturnEntry]) {
        let book = try gradeBook()
        let (entries, addressed) = returnCandidates(book, options)
        _ = try PDFExport.run(self, try returnExport(options, book, only: addressed), cancellation: cancellation,
                              progress: { progress(.exporting(done: $0, total: $1)) })
        let sent = try store.latestReturnedMail(), fileNames = PDFExport.fileNames(book)
        return (book, entries.map { settled($0, book, addressed, fileNames: fileNames, sent: sent) })
    }

    /// The chosen students before any PDF is written: each left out (no address, an address that
    /// is not one, no whole scan) or to be settled once their PDF is known, and the addresses of those.
    func returnCandidates(_ book: GradeBook, _ options: WorkReturn.Options) -> ([ReturnEntry], [Int: MailAddress]) {
        var entries: [ReturnEntry] = [], addressed: [Int: MailAddress] = [:]
        for index in book.students.indices {
            let entry = book.students[index], name = entry.student.name
            guard options.only?.contains(entry.key) ?? true else { continue }
            let leftOut = { (reason: String, noPDF: Bool) in
                ReturnEntry(index: index, name: name, address: entry.student.email, outcome: .leftOut(reason, noPDF: noPDF))
            }
            guard let email = entry.student.email else {
                entries.append(leftOut("no e-mail address in the roster", false))
                continue
            }
            guard let parsed = try? MailAddress(parsing: email, whose: name) else {
                entries.append(leftOut("'\(email)' is not an e-mail address", false))
                continue
            }
            if let problem = scanProblems(of: [entry]).first {
                entries.append(leftOut("no graded PDF: \(PlainErrorText.describe(problem))", true))
                continue
            }
            // The roster's name, unless the address cell gave one.
            addressed[index] = parsed.name.isEmpty ? MailAddress(name: name, address: parsed.address) : parsed
            entries.append(ReturnEntry(index: index, name: name, address: email, outcome: .leftOut("", noPDF: true)))  // settled once its PDF is written
        }
        return (entries, addressed)
    }

    /// The export that writes the PDFs of the `addressed` students into `returnedFolder`.
    func returnExport(_ options: WorkReturn.Options, _ book: GradeBook, only addressed: [Int: MailAddress]) throws -> PDFExport.Options {
        PDFExport.Options(folder: returnedFolder, cover: options.cover, heading: CoverPage.Heading(course: options.course, title: try examTitle()),
                          only: Set(addressed.keys.map { book.students[$0].key }))
    }

    /// `entry` once its PDF in `returnedFolder` is written: due, or unchanged since `sent` it; left
    /// out when the PDF is missing. Entries left out before stay as they are.
    func settled(_ entry: ReturnEntry, _ book: GradeBook, _ addressed: [Int: MailAddress], fileNames: [String],
                 sent: [StudentKey: ReturnedMail]) -> ReturnEntry {
        guard let address = addressed[entry.index] else { return entry }
        let key = book.students[entry.index].key, fileName = fileNames[entry.index]
        let path = (returnedFolder as NSString).appendingPathComponent(fileName + ".pdf")
        guard let pdf = FileManager.default.contents(atPath: path) else {
            return ReturnEntry(index: entry.index, name: entry.name, address: entry.address, outcome: .leftOut("its graded PDF '\(path)' is missing", noPDF: true))
        }
        let digest = FileDigest.sha256(of: pdf), last = sent[key]
        let due = Due(index: entry.index, name: entry.name, fileName: fileName, address: address, pdf: pdf, digest: digest, sentBefore: last != nil)
        if let last, last.pdfSHA256 == digest, last.address == address.address {
            return ReturnEntry(index: entry.index, name: entry.name, address: entry.address, outcome: .unchanged(last, due))
        }
        return ReturnEntry(index: entry.index, name: entry.name, address: entry.address, outcome: .due(due))
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
