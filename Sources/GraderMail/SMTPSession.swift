internal import CCurl
import Foundation

/// A connection to an SMTP server through libcurl, kept open from one message to the next (one
/// TLS handshake and login for a whole class). `send` returns once the server accepted the
/// message (its reply to the end of the data), and throws otherwise; nothing is retried.
public final class SMTPSession {
    private let server: SMTPServer
    private let handle: UnsafeMutableRawPointer
    private var errorText = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)

    /// Opens a session (the connection is made with the first message).
    public init(_ server: SMTPServer) throws(MailError) {
        CurlLibrary.once()
        guard let handle = curl_easy_init() else { throw .connection(server: server.name, detail: "libcurl could not start") }
        (self.server, self.handle) = (server, handle)
        set(CURLOPT_URL, server.url)
        _ = ezg_curl_set_long(handle, CURLOPT_USE_SSL, Int(CURLUSESSL_ALL.rawValue))
        if let user = server.user { set(CURLOPT_USERNAME, user) }
        if let password = server.password { set(CURLOPT_PASSWORD, password) }
        if let authorities = server.certificateAuthorities { set(CURLOPT_CAINFO, authorities) }
        _ = ezg_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        _ = ezg_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT, 30)
        // A server that stops answering for a minute mid-message has gone away.
        _ = ezg_curl_set_long(handle, CURLOPT_LOW_SPEED_LIMIT, 1)
        _ = ezg_curl_set_long(handle, CURLOPT_LOW_SPEED_TIME, 60)
        _ = ezg_curl_set_long(handle, CURLOPT_UPLOAD, 1)
        _ = ezg_curl_set_read_function(handle) { buffer, size, count, context in
            guard let buffer, let context else { return 0 }
            return Unmanaged<Upload>.fromOpaque(context).takeUnretainedValue().read(into: buffer, capacity: size * count)
        }
    }

    deinit { curl_easy_cleanup(handle) }

    /// Sends `bytes` (a whole message, CRLF lines) from `from` to `to`; returns once the server
    /// accepted it. A refusal of this message is `.refused`; a lost connection `.connection`; a
    /// refused login `.login`.
    public func send(_ bytes: Data, from: MailAddress, to: MailAddress) throws(MailError) {
        let upload = Upload(bytes)
        let recipients = curl_slist_append(nil, "<\(to.address)>")
        defer { curl_slist_free_all(recipients) }
        set(CURLOPT_MAIL_FROM, "<\(from.address)>")
        _ = ezg_curl_set_list(handle, CURLOPT_MAIL_RCPT, recipients)
        _ = ezg_curl_set_offset(handle, CURLOPT_INFILESIZE_LARGE, curl_off_t(bytes.count))
        _ = ezg_curl_set_pointer(handle, CURLOPT_READDATA, Unmanaged.passUnretained(upload).toOpaque())
        errorText = [CChar](repeating: 0, count: errorText.count)
        let result = errorText.withUnsafeMutableBufferPointer { buffer in
            _ = ezg_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, buffer.baseAddress)
            defer { _ = ezg_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, nil) }
            return withExtendedLifetime(upload) { curl_easy_perform(handle) }
        }
        _ = ezg_curl_set_list(handle, CURLOPT_MAIL_RCPT, nil)
        guard result != CURLE_OK else { return }
        var code = 0
        _ = ezg_curl_info_long(handle, CURLINFO_RESPONSE_CODE, &code)
        let detail = errorText.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let text = detail.isEmpty ? String(cString: curl_easy_strerror(result)) : detail
        if result == CURLE_LOGIN_DENIED { throw .login(server: server.name, user: server.user ?? "") }
        // A reply of 4xx or 5xx to this message's commands refuses this message; 421 (closing) and
        // no reply at all are the connection's end.
        if (400..<600).contains(code), code != 421, result != CURLE_USE_SSL_FAILED { throw .refused(code: code, detail: text) }
        throw .connection(server: server.name, detail: text)
    }

    private func set(_ option: CURLoption, _ value: String) { _ = ezg_curl_set_string(handle, option, value) }

    /// The message's bytes as libcurl reads them.
    private final class Upload {
        let bytes: Data
        var offset = 0
        init(_ bytes: Data) { self.bytes = bytes }

        func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
            let count = min(capacity, bytes.count - offset)
            guard count > 0 else { return 0 }
            bytes.withUnsafeBytes { source in
                UnsafeMutableRawPointer(buffer).copyMemory(from: source.baseAddress! + offset, byteCount: count)
            }
            offset += count
            return count
        }
    }
}

/// libcurl's process-wide set-up (TLS libraries), done once before the first handle.
enum CurlLibrary {
    /// Does the set-up (the first call; the others return at once).
    static func once() { _ = initialised }

    private static let initialised: Bool = {
        curl_global_init(Int(CURL_GLOBAL_DEFAULT))
        return true
    }()
}
