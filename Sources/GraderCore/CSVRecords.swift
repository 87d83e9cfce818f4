/// Reads RFC 4180 CSV strictly enough that nothing is lost silently: quoted fields may hold commas,
/// doubled quotes and line breaks; records end at CRLF, LF or CR; a quote left open to the end of
/// the file is an error naming the line it opened on (a lenient reader drops the rest as one field).
public enum CSVRecords {
    /// The records of `text`, each a list of fields split at `separator` (a comma, or the
    /// semicolon European spreadsheets write); a blank line is a record of one empty field.
    public static func parse(_ text: String, separator: CSVSeparator = .comma) throws(ScoreImportError) -> [[String]] {
        let quote = UInt8(ascii: "\""), comma = separator.byte, cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        var records: [[String]] = [], record: [String] = [], field: [UInt8] = []
        var quoted = false, wasQuoted = false, line = 1, quoteLine = 1
        let bytes = Array(text.utf8)
        func endField() {
            record.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            wasQuoted = false
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if quoted {
                if byte == quote {
                    if index < bytes.count && bytes[index] == quote { field.append(quote); index += 1 } else { quoted = false }
                    continue
                }
                if byte == lf || (byte == cr && (index == bytes.count || bytes[index] != lf)) { line += 1 }
                field.append(byte)
                continue
            }
            switch byte {
            case quote where field.isEmpty && !wasQuoted:
                quoted = true
                wasQuoted = true
                quoteLine = line
            case comma:
                endField()
            case cr, lf:
                if byte == cr && index < bytes.count && bytes[index] == lf { index += 1 }
                endField()
                records.append(record)
                record = []
                line += 1
            default:
                field.append(byte)
            }
        }
        if quoted { throw .unclosedQuote(line: quoteLine) }
        if !field.isEmpty || !record.isEmpty || wasQuoted {
            endField()
            records.append(record)
        }
        return records
    }
}

/// The character between fields: a comma (RFC 4180), or a semicolon as spreadsheets write CSV
/// where the comma is the decimal mark (Excel in most of Europe).
public enum CSVSeparator: Sendable, Equatable, CustomStringConvertible {
    /// `,`
    case comma
    /// `;`, with decimal commas in the numbers.
    case semicolon

    var byte: UInt8 { self == .comma ? UInt8(ascii: ",") : UInt8(ascii: ";") }

    /// The separator of `text`: a semicolon when its first line (outside quotes) holds more
    /// semicolons than commas, else a comma.
    public static func detect(_ text: String) -> CSVSeparator {
        var quoted = false, commas = 0, semicolons = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if quoted { continue }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
            if byte == UInt8(ascii: ",") { commas += 1 }
            if byte == UInt8(ascii: ";") { semicolons += 1 }
        }
        return semicolons > commas ? .semicolon : .comma
    }

    /// A field as the score rules read it: with semicolons, "2,5" (a decimal comma) is 2.5.
    public func number(_ field: String) -> String {
        guard self == .semicolon else { return field }
        let parts = field.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else { return field }
        return parts.joined(separator: ".")
    }

    /// How the import reports it.
    public var description: String { self == .comma ? "comma-separated" : "semicolon-separated, decimal commas" }
}
