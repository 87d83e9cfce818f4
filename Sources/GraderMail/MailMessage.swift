internal import CGMime
import Foundation

/// An e-mail with a plain-text and an HTML version of its text and one attached file, made and
/// written out by GMime: headers encoded for non-ASCII names and subjects (RFC 2047), the parts
/// encoded for a 7-bit transport, lines ending in CRLF as SMTP sends them. The bytes `rendered`
/// gives are exactly what is sent, or written as an .eml file.
public struct MailMessage: Sendable {
    /// A file attached to the message.
    public struct Attachment: Sendable {
        /// The file name the recipient sees.
        public var fileName: String
        /// Its MIME type ("application/pdf").
        public var type: String
        /// Its bytes.
        public var data: Data

        /// An attachment.
        public init(fileName: String, type: String, data: Data) {
            (self.fileName, self.type, self.data) = (fileName, type, data)
        }
    }

    /// Who it is from.
    public var from: MailAddress
    /// Who it is to.
    public var to: MailAddress
    /// Where replies go, when not to `from`.
    public var replyTo: MailAddress?
    /// The subject line.
    public var subject: String
    /// The text, plain.
    public var text: String
    /// The same text as HTML.
    public var html: String
    /// The attached file.
    public var attachment: Attachment?

    /// A message.
    public init(from: MailAddress, to: MailAddress, replyTo: MailAddress? = nil, subject: String, text: String, html: String,
                attachment: Attachment? = nil) {
        (self.from, self.to, self.replyTo, self.subject, self.text, self.html) = (from, to, replyTo, subject, text, html)
        self.attachment = attachment
    }

    /// The message as sent: a new Message-ID (without angle brackets) in the sender's domain, dated
    /// `date`, and its bytes.
    public func rendered(date: Date = Date()) -> (messageID: String, bytes: Data) {
        MIMELibrary.once()
        let message = g_mime_message_new(1)!
        defer { g_object_unref(UnsafeMutableRawPointer(message)) }
        g_mime_message_add_mailbox(message, GMIME_ADDRESS_TYPE_FROM, from.name, from.address)
        g_mime_message_add_mailbox(message, GMIME_ADDRESS_TYPE_TO, to.name, to.address)
        if let replyTo { g_mime_message_add_mailbox(message, GMIME_ADDRESS_TYPE_REPLY_TO, replyTo.name, replyTo.address) }
        g_mime_message_set_subject(message, subject, "utf-8")
        let when = g_date_time_new_from_unix_utc(gint64(date.timeIntervalSince1970))
        g_mime_message_set_date(message, when)
        g_date_time_unref(when)
        let messageID = takeGString(g_mime_utils_generate_message_id(from.domain)) ?? "\(UUID().uuidString)@\(from.domain)"
        g_mime_message_set_message_id(message, messageID)

        let alternative = g_mime_multipart_new_with_subtype("alternative")!
        defer { g_object_unref(UnsafeMutableRawPointer(alternative)) }
        for (subtype, body) in [("plain", text), ("html", html)] {
            let part = g_mime_text_part_new_with_subtype(subtype)!
            g_mime_text_part_set_text(part, body)
            g_mime_multipart_add(alternative, ezg_mime_object(part))
            g_object_unref(UnsafeMutableRawPointer(part))
        }
        let body: UnsafeMutablePointer<GMimeObject>
        if let attachment {
            let mixed = g_mime_multipart_new_with_subtype("mixed")!
            g_mime_multipart_add(mixed, ezg_mime_object(alternative))
            let parts = attachment.type.split(separator: "/", maxSplits: 1).map(String.init)
            let part = g_mime_part_new_with_type(parts.first ?? "application", parts.count == 2 ? parts[1] : "octet-stream")!
            let stream = attachment.data.withUnsafeBytes { bytes in
                g_mime_stream_mem_new_with_buffer(bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count)
            }
            let content = g_mime_data_wrapper_new_with_stream(stream, GMIME_CONTENT_ENCODING_DEFAULT)
            g_mime_part_set_content(part, content)
            g_object_unref(UnsafeMutableRawPointer(content))
            g_object_unref(UnsafeMutableRawPointer(stream))
            g_mime_part_set_filename(part, attachment.fileName)
            g_mime_part_set_content_encoding(part, GMIME_CONTENT_ENCODING_BASE64)
            g_mime_multipart_add(mixed, ezg_mime_object(part))
            g_object_unref(UnsafeMutableRawPointer(part))
            body = ezg_mime_object(mixed)
        } else {
            body = ezg_mime_object(g_object_ref(UnsafeMutableRawPointer(alternative)))
        }
        g_mime_message_set_mime_part(message, body)
        g_object_unref(UnsafeMutableRawPointer(body))
        // Quoted-printable or base64 wherever 8-bit text would not pass a 7-bit server.
        g_mime_object_encode(ezg_mime_object(message), GMIME_ENCODING_CONSTRAINT_7BIT)

        let options = g_mime_format_options_new()
        defer { g_mime_format_options_free(options) }
        g_mime_format_options_set_newline_format(options, GMIME_NEWLINE_FORMAT_DOS)
        let output = g_mime_stream_mem_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(output)) }
        g_mime_object_write_to_stream(ezg_mime_object(message), options, output)
        let array = g_mime_stream_mem_get_byte_array(ezg_mime_stream_mem(output))
        let bytes = array.map { Data(bytes: $0.pointee.data, count: Int($0.pointee.len)) } ?? Data()
        return (messageID, bytes)
    }
}

/// Copies a GLib-allocated C string and frees it with `g_free`.
private func takeGString(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
    guard let pointer else { return nil }
    defer { g_free(pointer) }
    return String(cString: pointer)
}
