import Foundation
import GraderCore
import GraderMail

/// The message that returns each student's graded booklet, checked whole before anything is
/// exported or sent: the sender and reply-to addresses, and the subject, text and (optional)
/// HTML templates with their placeholders.
public struct ReturnLetter: Sendable {
    let from: MailAddress
    let replyTo: MailAddress?
    let subject: MessageTemplate
    let text: MessageTemplate
    let html: MessageTemplate

    /// A letter from `from` ("Name <address>"); the subject, text and HTML templates are nil
    /// for the standard ones, the text's `origin` names it in messages (its file). Without an HTML
    /// template the HTML part is the text's, as paragraphs.
    public init(from: String, replyTo: String? = nil, subject: String? = nil, text: String? = nil, textOrigin: String = "the message",
                html: String? = nil, htmlOrigin: String = "the HTML message") throws {
        self.from = try MailAddress(parsing: from, whose: "--from")
        self.replyTo = try replyTo.map { reply throws(MailError) in try MailAddress(parsing: reply, whose: "--reply-to") }
        self.subject = try MessageTemplate(subject ?? MessageTemplate.standardSubject, origin: "the subject")
        self.text = try MessageTemplate(text ?? MessageTemplate.standardText, origin: textOrigin)
        self.html = try html.map { source throws(MessageTemplateError) in try MessageTemplate(source, origin: htmlOrigin, isHTML: true) } ?? self.text
    }

    /// The message to `to` for `feedback`, with the PDF attached as `fileName`.
    func message(to: MailAddress, feedback: StudentFeedback, pdf: Data, fileName: String) -> MailMessage {
        MailMessage(from: from, to: to, replyTo: replyTo, subject: subject.line(feedback), text: text.plainText(feedback),
                    html: html.html(feedback), attachment: .init(fileName: fileName, type: "application/pdf", data: pdf))
    }
}
