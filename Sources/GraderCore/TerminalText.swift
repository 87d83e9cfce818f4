/// Text from outside (a student's name from a roster cell or a file name) made safe to show on a
/// terminal: a control character would otherwise be acted on — an escape sequence can recolour,
/// clear or retitle the grader's terminal, or hide the rest of a line.
public enum TerminalText {
    /// `text` with every control character except newline and tab (C0, DEL and C1) written as a
    /// visible escape such as `\x1B`, and `\` itself unchanged.
    public static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x20 && scalar != "\n" && scalar != "\t" || (0x7F...0x9F).contains(value) {
                result += "\\x" + String(value, radix: 16, uppercase: true).leftPadded(to: 2)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
