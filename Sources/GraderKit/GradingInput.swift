@_spi(Rules) import GraderCore

/// One line a grader typed at a grading prompt, as a line-based front end reads it. Arrow keys
/// reach a line-mode prompt as escape sequences (ESC [ D for ←): ← goes back and → skips, ↑ and ↓
/// mean nothing here and get a hint, so no escape sequence is ever echoed back or taken for a score.
public enum GradingInput: Equatable, Sendable {
    /// Points or "?": checked against the question by `GradingRules.score`.
    case score(String)
    /// Rubric items to apply and to remove, by number ("i1 i3", "-i2").
    case items(add: [Int], remove: [Int])
    /// Go on without scoring: "s", an empty line or →.
    case skip
    /// Back one stop: "b" or ←.
    case back
    /// End the session: "q".
    case quit
    /// Show the keys: "h", "help".
    case help
    /// Nothing to do; `hint` says what would work.
    case ignored(hint: String)

    /// The keys, one per line, for `h`.
    public static let keys = """
        Keys:
          3, 2.5      save that score and go on
          ?           clear the score
          i1 i3       apply rubric items 1 and 3 (-i1 removes item 1)
          s, Enter, → skip to the next
          b, ←        go back one
          h           show these keys
          q           quit (the next run starts where you are)
        """

    private static let arrows: [Character: String] = ["A": "↑", "B": "↓", "C": "→", "D": "←"]

    /// Reads a typed line (without its newline).
    public init(_ line: String) {
        let (rest, keys) = Self.splitArrows(line)
        if line.contains("\u{1B}") {
            guard rest.trimmingCharacters(in: .whitespaces).isEmpty, let last = keys.last else {
                self = .ignored(hint: "Arrow and other special keys cannot edit a line here: type it again (h shows the keys).")
                return
            }
            switch last {
            case "←": self = .back
            case "→": self = .skip
            default: self = .ignored(hint: "↑ and ↓ do nothing here: ← goes back, → skips (h shows the keys).")
            }
            return
        }
        let text = line.trimmingCharacters(in: .whitespaces)
        switch text.lowercased() {
        case "q": self = .quit
        case "s", "": self = .skip
        case "b": self = .back
        case "h", "help": self = .help
        default:
            if let items = RubricRules.typedItems(text) { self = .items(add: items.add, remove: items.remove) } else { self = .score(text) }
        }
    }

    /// `line` fit to print: arrow keys as ← → ↑ ↓, other control characters dropped.
    public static func printable(_ line: String) -> String {
        let (rest, keys) = splitArrows(line)
        return rest.filter { !($0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false) } + keys.joined()
    }

    /// The line without its arrow-key sequences (ESC [ X or ESC O X), and those keys in order.
    private static func splitArrows(_ line: String) -> (rest: String, keys: [String]) {
        var rest = "", keys: [String] = []
        var characters = line[...]
        while let first = characters.first {
            characters = characters.dropFirst()
            guard first == "\u{1B}" else { rest.append(first); continue }
            if let opener = characters.first, opener == "[" || opener == "O", characters.count > 1,
               let arrow = arrows[characters[characters.index(after: characters.startIndex)]] {
                keys.append(arrow)
                characters = characters.dropFirst(2)
            }
        }
        return (rest, keys)
    }
}
