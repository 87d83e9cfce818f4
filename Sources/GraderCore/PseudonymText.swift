/// Text made fit for a grader while anonymous grading is on: each student's name, e-mail and scan
/// file (absolute path, path in the project, file name) replaced by their pseudonym. A name is
/// replaced only as a whole word ("Cy" in "Cycle" stays), and the longest match wins ("Schmidt,
/// Anna" before "Anna").
public struct PseudonymText: Sendable {
    /// What is replaced and by what, longest first.
    private let replacements: [(real: [Character], shown: String)]

    /// The replacements for `students`: each entry's pseudonym, and `scanPaths` (every spelling of
    /// where its scan lies) shown as "<pseudonym>'s scan".
    public init(students: [(name: String, email: String?, scanPaths: [String], pseudonym: String)]) {
        var pairs: [(String, String)] = []
        for student in students {
            pairs += student.scanPaths.filter { !$0.isEmpty }.map { ($0, "\(student.pseudonym)'s scan") }
            pairs.append((student.name, student.pseudonym))
            if let email = student.email { pairs.append((email, student.pseudonym)) }
        }
        replacements = pairs.filter { !$0.0.isEmpty && $0.0 != $0.1 }.sorted { $0.0.count > $1.0.count }.map { (Array($0.0), $0.1) }
    }

    /// `text` with every name, e-mail and scan path replaced.
    public func apply(_ text: String) -> String {
        let present = replacements.filter { text.contains(String($0.real)) }
        guard !present.isEmpty else { return text }
        let characters = Array(text)
        var result = "", at = 0
        scanning: while at < characters.count {
            if at == 0 || !Self.isWordCharacter(characters[at - 1]) {
                for (real, shown) in present where characters[at...].starts(with: real) {
                    let end = at + real.count
                    guard end == characters.count || !Self.isWordCharacter(characters[end]) || !Self.isWordCharacter(real[real.count - 1]) else { continue }
                    result += shown
                    at = end
                    continue scanning
                }
            }
            result.append(characters[at])
            at += 1
        }
        return result
    }

    private static func isWordCharacter(_ character: Character) -> Bool { character.isLetter || character.isNumber }
}
