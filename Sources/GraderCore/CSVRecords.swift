/// Reads RFC 4180 CSV strictly enough that nothing is lost silently: quoted fields may hold commas,
/// doubled quotes and line breaks; records end at CRLF, LF or CR; a quote left open to the end of
/// the file is an error naming the line it opened on (a lenient reader drops the rest as one field).
public enum CSVRecords {
    /// The records of `text`, each a list of fields; a blank line is a record of one empty field.
    public static func parse(_ text: String) throws(ScoreImportError) -> [[String]] {
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
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
