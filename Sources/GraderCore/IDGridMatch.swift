/// Which roster student a student-ID bubble grid names: sure only when every digit was read and
/// exactly one roster id has those digits; otherwise the roster id agreeing on the most digits is
/// offered as a guess with its confidence, for a person to confirm — never applied silently.
public enum IDGridMatch: Sendable, Equatable {
    /// Every digit read, one roster entry with that id (its index).
    case sure(Int)
    /// Not sure: the best guess (roster index, nil when no id agrees on any digit) and the share of
    /// the grid's digits it agrees with (0…1).
    case review(guess: Int?, confidence: Double)

    /// Matches `digits` (one per grid position, nil where no single digit was read) against the
    /// roster ids (non-digits ignored; ids of another length never match).
    public static func match(_ digits: [String?], rosterIDs: [String?]) -> IDGridMatch {
        let ids = rosterIDs.map { $0.map { $0.filter(\.isNumber).map(String.init) } }
        if !digits.contains(where: { $0 == nil }) {
            let exact = ids.indices.filter { ids[$0] == digits.map { $0! } }
            if exact.count == 1 { return .sure(exact[0]) }
        }
        var best: (index: Int, agree: Int)?
        for (index, id) in ids.enumerated() {
            guard let id, id.count == digits.count else { continue }
            let agree = zip(id, digits).filter { $0 == $1 }.count
            if agree > 0, agree > (best?.agree ?? 0) { best = (index, agree) }
        }
        return .review(guess: best?.index, confidence: digits.isEmpty ? 0 : Double(best?.agree ?? 0) / Double(digits.count))
    }
}
