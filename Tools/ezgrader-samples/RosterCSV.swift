/// The roster CSV of the scanned set: `file,name,id,email`, RFC 4180 quoting, UTF-8.
enum RosterCSV {
    /// The whole file, header first, one row per student, each line ending in "\n".
    static func text(for students: [SampleStudent]) -> String {
        var rows = [["file", "name", "id", "email"]]
        rows += students.map { ["\($0.file).pdf", $0.rosterName, $0.id, $0.email] }
        return rows.map { $0.map(field).joined(separator: ",") + "\n" }.joined()
    }

    /// Quotes a field when it holds a comma, a quote or a line break, doubling inner quotes.
    static func field(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
