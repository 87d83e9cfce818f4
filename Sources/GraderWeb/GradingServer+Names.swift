import Foundation

extension GradingServer {
    /// The names and addresses a browser may reach a server bound to `address` by (what its
    /// certificate names): loopback's, this machine's host name, and `address` itself, or for
    /// every interface (0.0.0.0, ::), each interface's address.
    public static func names(answeringOn address: String) -> [String] {
        var names = ["localhost", "127.0.0.1", "::1", ProcessInfo.processInfo.hostName]
        guard ["0.0.0.0", "::"].contains(address) else { return names + [address] }
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return names }
        defer { freeifaddrs(list) }
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let socket = entry.pointee.ifa_addr, [sa_family_t(AF_INET), sa_family_t(AF_INET6)].contains(socket.pointee.sa_family) else { continue }
            var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let length = socklen_t(socket.pointee.sa_family == sa_family_t(AF_INET) ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            guard getnameinfo(socket, length, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            // A link-local IPv6 address carries its interface ("fe80::1%eth0"), which a certificate cannot name.
            let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !name.contains("%") { names.append(name) }
        }
        return names
    }
}
