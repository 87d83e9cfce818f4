internal import CGMime
import Foundation

/// One mailbox — a display name and an address — read by GMime's RFC 5322 parser, so quoted
/// names, comments and international domains are read as a mail client would.
public struct MailAddress: Hashable, Sendable, CustomStringConvertible {
    /// The name shown ("Dr. Ada Lovelace"), empty when none was given.
    public let name: String
    /// The address itself ("ada@example.org"), as the SMTP envelope names it.
    public let address: String

    /// A mailbox from its parts (the name may be empty).
    public init(name: String, address: String) {
        (self.name, self.address) = (name, address)
    }

    /// Parses `text` ("ada@example.org" or "Ada <ada@example.org>"); exactly one mailbox with a
    /// domain, else `MailError.badAddress` naming `whose`.
    public init(parsing text: String, whose: String) throws(MailError) {
        MIMELibrary.once()
        guard let list = internet_address_list_parse(nil, text) else { throw .badAddress(text, whose: whose) }
        defer { g_object_unref(UnsafeMutableRawPointer(list)) }
        guard internet_address_list_length(list) == 1, let mailbox = ezg_mailbox_or_null(internet_address_list_get_address(list, 0)),
              let addressText = internet_address_mailbox_get_idn_addr(mailbox).map({ String(cString: $0) }) else {
            throw .badAddress(text, whose: whose)
        }
        let parts = addressText.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
              !addressText.contains(where: \.isWhitespace) else {
            throw .badAddress(text, whose: whose)
        }
        let shown = internet_address_get_name(UnsafeMutableRawPointer(mailbox).assumingMemoryBound(to: InternetAddress.self))
        self.init(name: shown.map { String(cString: $0) } ?? "", address: addressText)
    }

    /// The domain of the address ("example.org").
    public var domain: String { String(address.split(separator: "@").last ?? "") }

    public var description: String { name.isEmpty ? address : "\(name) <\(address)>" }
}
