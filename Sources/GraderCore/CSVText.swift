/// One cell of a table written as CSV: text the user typed (names, labels), which a spreadsheet
/// must never run as a formula, or a number the tool computed.
public enum CSVCell: Hashable, Sendable {
    /// Text from a person: neutralised if a spreadsheet would read it as a formula.
    case text(String)
    /// A number or marker the tool wrote ("2.5", "?"): written as is.
    case number(String)
}

/// RFC 4180 CSV: fields quoted when they hold a comma, quote or line break (quotes doubled),
/// CRLF line ends, UTF-8. Text starting with `=`, `+`, `-`, `@`, tab or CR gets a leading `'`,
/// the mark spreadsheets show as "this is text", so `=HYPERLINK(…)` in a name is never run.
public enum CSVText {
    /// The CSV text of `rows`; with `quoteEveryField`, every field is quoted, needed or not.
    public static func write(_ rows: [[CSVCell]], quoteEveryField: Bool = false) -> String {
        rows.map { row in row.map { field($0, quoted: quoteEveryField) }.joined(separator: ",") + "\r\n" }.joined()
    }

    /// The characters that make a spreadsheet read a cell as a formula.
    static let formulaStarts: Set<Character> = ["=", "+", "-", "@", "\t", "\r"]

    /// `text` as a spreadsheet must see it: with a leading `'` when it would start a formula —
    /// or when it already looks guarded ("'+1" as a real name), so reading back is exact.
    public static func neutralised(_ text: String) -> String {
        needsGuard(Substring(text)) ? "'" + text : text
    }

    /// Undoes `neutralised` when reading a table back.
    public static func restored(_ text: String) -> String {
        text.hasPrefix("'") && needsGuard(text.dropFirst()) ? String(text.dropFirst()) : text
    }

    private static func needsGuard(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        if formulaStarts.contains(Character(first)) { return true }
        return first == "'" && needsGuard(text.dropFirst())
    }

    private static func field(_ cell: CSVCell, quoted: Bool) -> String {
        let value: String
        switch cell {
        case .text(let text): value = neutralised(text)
        case .number(let number): value = number
        }
        guard quoted || value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
