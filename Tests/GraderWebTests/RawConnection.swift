import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A plain TCP connection to 127.0.0.1, for what an HTTP client never sends: half a request.
final class RawConnection {
    private let socket: Int32

    /// Connects to `port` on 127.0.0.1; nil when that fails.
    init?(port: Int) {
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(fd); return nil }
        socket = fd
    }

    deinit { close(socket) }

    /// Sends `text` as it is.
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
    }

    /// The whole answer to `request` (sent with `Connection: close`), read until the server closes.
    func answer(to request: String) -> String {
        guard send(request) else { return "" }
        var wait = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var bytes: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let read = recv(socket, &buffer, buffer.count, 0)
            guard read > 0 else { break }
            bytes += buffer[0..<read]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Waits up to `limit` for the server to close the connection (reading and dropping whatever
    /// it sends first); the seconds it took, or nil when it was still open at the limit.
    func secondsUntilClosed(limit: TimeInterval) async -> TimeInterval? {
        let socket = socket
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let start = Date()
                var wait = timeval(tv_sec: Int(limit), tv_usec: 0)
                setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
                var buffer = [UInt8](repeating: 0, count: 4096)
                while Date().timeIntervalSince(start) < limit {
                    let read = recv(socket, &buffer, buffer.count, 0)
                    if read == 0 || (read < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                        return continuation.resume(returning: Date().timeIntervalSince(start))
                    }
                    if read < 0 && errno != EINTR { break }
                }
                continuation.resume(returning: nil)
            }
        }
    }
}
