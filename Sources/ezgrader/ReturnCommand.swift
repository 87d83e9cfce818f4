import ArgumentParser
import Dispatch
import Foundation
import GraderKit

struct ReturnCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "return",
        abstract: "E-mail each student their graded PDF and feedback.",
        discussion: """
            Each student with an e-mail address in the roster gets one message: the text of \
            --template (plain text; --html-template for your own HTML part) with {{name}} (as in the \
            roster), {{reading_name}} ("Ben Okafor" for "Okafor, Ben"; the standard letter's), {{id}}, \
            {{exam}}, {{total}}, {{maximum}}, {{percent}}, {{scores}} (every question's score) and \
            {{comments}} (the rubric comments received) filled in, and their graded PDF attached — \
            the one export pdf writes, kept in the project's returned/ folder. The template is \
            checked before anything is sent. Mail goes over TLS only: smtp://HOST:587 starts it \
            with STARTTLS, smtps://HOST:465 from the start; the password is read from \
            EZGRADER_SMTP_PASSWORD or asked for, and never stored or shown.
            Safe to run again: every message the server accepts is recorded in the project at once, \
            and a later run sends only to students not sent to yet, or whose PDF (a regrade) or \
            address changed since. Students without an address or a PDF, and messages the server \
            refuses, are listed; a lost connection or Ctrl+C stops after the last message accepted.

            Example:
              ezgrader return exam --from ada@example.edu --dry-run preview
              ezgrader return exam --from ada@example.edu --user ada \\
                --smtp smtp://mail.example.edu:587 --template feedback.txt
            """)
    @OptionGroup var options: ProjectOptions
    @Option(help: ArgumentHelp("The sender: address, or \"Name <address>\".", valueName: "address")) var from: String
    @Option(help: ArgumentHelp("Where replies go, if not to --from.", valueName: "address")) var replyTo: String?
    @Option(help: ArgumentHelp("The subject; placeholders allowed (default: \"{{exam}}: your graded copy\").", valueName: "text"))
    var subject: String?
    @Option(help: ArgumentHelp("The message text, with placeholders (default: a short letter with the scores).", valueName: "file"))
    var template: String?
    @Option(help: ArgumentHelp("The message as HTML, with placeholders (default: the text as paragraphs).", valueName: "file"))
    var htmlTemplate: String?
    @Option(help: ArgumentHelp("The SMTP server: smtp://HOST:587 (STARTTLS) or smtps://HOST:465.", valueName: "url")) var smtp: String?
    @Option(help: ArgumentHelp("The user to log in as (the password: $EZGRADER_SMTP_PASSWORD, else asked for).", valueName: "name"))
    var user: String?
    @Option(help: ArgumentHelp("Trust the certificate authorities in this PEM file instead of the system's.", valueName: "file"))
    var cafile: String?
    @Option(help: ArgumentHelp("Send only to this student (repeat for more).", valueName: "name")) var only: [String] = []
    @Option(help: "Messages a minute at most.") var perMinute: Int = 30
    @Flag(help: "Leave out the cover page of scores and comments at the front of each PDF.") var noCover = false
    @Option(help: "The course, at the head of each cover.") var course: String?
    @Option(help: ArgumentHelp("Write each message as FOLDER/<student>.eml instead of sending it.", valueName: "folder"))
    var dryRun: String?

    func validate() throws {
        if (smtp == nil) == (dryRun == nil) { throw ValidationError("Give --smtp URL to send, or --dry-run FOLDER to write the messages as files.") }
        if perMinute < 1 { throw ValidationError("--per-minute must be at least 1, not \(perMinute).") }
        if user != nil, smtp == nil { throw ValidationError("--user goes with --smtp.") }
    }

    func run() throws {
        let cancellation = Cancellation()
        let interrupt = StopOnInterrupt(cancellation)
        let progress = TerminalProgress(label: "returning")
        let report = try reportingErrors {
            let letter = try ReturnLetter(from: from, replyTo: replyTo, subject: subject,
                                          text: try template.map(ReturnLetter.template(at:)), textOrigin: "template '\(template ?? "")'",
                                          html: try htmlTemplate.map(ReturnLetter.template(at:)), htmlOrigin: "template '\(htmlTemplate ?? "")'")
            let project = try options.open()
            let chosen = only.isEmpty ? nil : Set(try only.map { try project.student(named: $0) })
            let delivery: WorkReturn.Delivery = try dryRun.map { .files(folder: $0) }
                ?? .smtp(url: smtp ?? "", user: user, password: try user.map { try SMTPPassword.ask(for: $0) }, certificateAuthorities: cafile)
            return try project.returnWork(letter, delivery: delivery,
                                          options: .init(only: chosen, perMinute: perMinute, cover: !noCover, course: course),
                                          cancellation: cancellation) { step in
                switch step {
                case .exporting(let done, let total), .sending(let done, let total): progress.update(done, total)
                case .refused: break  // listed with the rest at the end
                }
            }
        }
        progress.finish()
        withExtendedLifetime(interrupt) {}
        if options.json { try printJSON(report) } else { ReturnSummary(report: report, dryRun: dryRun).print() }
        if !report.isComplete { throw ExitStatus.inputRefused }
    }
}

/// What `return` prints: who was sent their work, who was not and why.
private struct ReturnSummary {
    let report: WorkReturn.Report
    let dryRun: String?

    func print() {
        let sent = dryRun.map { "Wrote \(count(report.sent.count, "message")) to \($0) (nothing sent)" }
            ?? "Sent \(count(report.sent.count, "message"))"
        Swift.print(sent + (report.changed.isEmpty ? "" : ", \(report.changed.count) of them again after a regrade or a new address: "
            + report.changed.joined(separator: ", ")) + ".")
        if !report.unchanged.isEmpty { Swift.print("Already sent and unchanged: \(count(report.unchanged.count, "student")).") }
        for missed in report.leftOut { Swift.print("Not sent to \(missed.student): \(missed.reason).") }
        for missed in report.refused { Swift.print("Not sent to \(missed.student): \(missed.reason).") }
        if let stopped = report.stopped {
            Swift.print("Stopped: \(stopped). \(count(report.notSent.count, "student")) not sent: run the same command again to send to them.")
        }
    }
}

/// The SMTP password: from EZGRADER_SMTP_PASSWORD, else asked for on the terminal without echo.
private enum SMTPPassword {
    static func ask(for user: String) throws -> String {
        if let password = WorkReturn.environmentPassword { return password }
        let terminal = open("/dev/tty", O_RDWR)
        guard terminal >= 0 else {
            throw WorkReturnError.noPassword(user: user)
        }
        defer { close(terminal) }
        var saved = termios()
        tcgetattr(terminal, &saved)
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(terminal, TCSAFLUSH, &silent)
        defer { tcsetattr(terminal, TCSAFLUSH, &saved) }
        let prompt = "Password for \(user): "
        _ = prompt.withCString { write(terminal, $0, strlen($0)) }
        var line = [UInt8](), byte: UInt8 = 0
        while read(terminal, &byte, 1) == 1, byte != UInt8(ascii: "\n") { line.append(byte) }
        _ = write(terminal, "\n", 1)
        return String(decoding: line, as: UTF8.self)
    }
}

/// Ctrl+C during a run: the first asks it to stop after the message being sent (so what the
/// server accepted is recorded); a second ends the program at once.
private final class StopOnInterrupt: @unchecked Sendable {
    private let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())

    init(_ cancellation: Cancellation) {
        signal(SIGINT, SIG_IGN)
        source.setEventHandler {
            cancellation.cancel()
            writeStandardError("\nStopping after the message being sent (Ctrl+C again to quit at once)…\n")
            signal(SIGINT, SIG_DFL)
        }
        source.resume()
    }

    deinit {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
