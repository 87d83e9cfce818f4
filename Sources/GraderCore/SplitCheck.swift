import Foundation

/// The rules that judge a bulk scan split every N pages, from how well each page matches the
/// reference page of its own position and of the positions next to it (the page alignment's match
/// score): a page that matches a neighbouring position and not its own shows where a page was
/// dropped or fed twice, and names that copy; a page that matches a neighbour only somewhat better
/// is reported for a look, without refusing a stack that comes out even.
public struct SplitCheck: Sendable, Equatable {
    /// How page `index` (0-based in the stack) matched one position (0-based) of a copy.
    public struct Match: Sendable, Equatable {
        /// The position.
        public let position: Int
        /// The alignment's match score, 0…1.
        public let score: Double
        /// Whether the alignment took the page for that reference page.
        public let accepted: Bool

        /// Creates a match.
        public init(position: Int, score: Double, accepted: Bool) {
            self.position = position
            self.score = score
            self.accepted = accepted
        }
    }

    /// A page that looks like another position than its own.
    public struct Misfit: Sendable, Equatable {
        /// The page (0-based in the stack).
        public let index: Int
        /// The position it should have (0-based).
        public let expected: Int
        /// The position it looks like (0-based).
        public let looksLike: Int
        /// Its scores against its own position and the one it looks like.
        public let expectedScore: Double, looksLikeScore: Double
        /// True when it matches the other position and not its own; false when it only matches
        /// the other somewhat better (pages of the same layout).
        public let certain: Bool
    }

    /// What the check found.
    public enum Verdict: Sendable, Equatable {
        /// Every copy's pages come in order; `unsure` lists the pages worth a look.
        case accepted(unsure: [Misfit])
        /// Pages are out of step from `misfit` on (a dropped or doubled page), or the count does
        /// not come out even (`misfit` nil when no page shows where).
        case refused(misfit: Misfit?)
    }

    /// A neighbour's score must exceed the page's own by this much to count as "looks like it".
    public static let margin = 0.1

    /// Judges a stack of `count` pages split every `n`, from `matches(index)`: the page's matches
    /// against its own position and those next to it.
    public static func verdict(count: Int, every n: Int, matches: (Int) -> [Match]) -> Verdict {
        var unsure: [Misfit] = []
        for index in 0..<count {
            guard let misfit = misfit(index, expected: index % n, matches(index)) else { continue }
            // A page dropped or fed twice shifts the next page too: one page alone that fits a
            // neighbour (a page the alignment did not take) is a doubt, not a fault.
            if misfit.certain, index + 1 == count || isShifted(index + 1, like: misfit, every: n, matches: matches) {
                return .refused(misfit: start(of: misfit, every: n, matches: matches))
            }
            unsure.append(misfit)
        }
        guard count % n == 0, count >= n else { return .refused(misfit: unsure.first) }
        return .accepted(unsure: unsure)
    }

    /// Whether page `index` fits the position `misfit`'s shift gives it better than its own.
    static func isShifted(_ index: Int, like misfit: Misfit, every n: Int, matches: (Int) -> [Match]) -> Bool {
        let expected = index % n, shifted = (expected + misfit.looksLike - misfit.expected + n) % n
        let found = matches(index)
        guard let own = found.first(where: { $0.position == expected }),
              let other = found.first(where: { $0.position == shifted && $0.accepted }) else { return false }
        return other.score > own.score || !own.accepted
    }

    /// Where the shift that `misfit` shows began: pages of one layout may match the shifted
    /// position about as well as their own, so the fault is at the earliest of the pages just
    /// before it (at most a copy back) that fit the shifted position better than their own.
    static func start(of misfit: Misfit, every n: Int, matches: (Int) -> [Match]) -> Misfit {
        let step = (misfit.looksLike - misfit.expected + n) % n
        var first = misfit
        for index in stride(from: misfit.index - 1, through: max(0, misfit.index - n + 1), by: -1) {
            let expected = index % n, shifted = (expected + step) % n
            let found = matches(index)
            guard let own = found.first(where: { $0.position == expected }),
                  let other = found.first(where: { $0.position == shifted && $0.accepted }),
                  other.score > own.score
            else { break }
            first = Misfit(index: index, expected: expected, looksLike: shifted, expectedScore: own.score, looksLikeScore: other.score,
                           certain: true)
        }
        return first
    }

    /// The page as a misfit, when a neighbouring position fits it clearly better than its own.
    static func misfit(_ index: Int, expected: Int, _ matches: [Match]) -> Misfit? {
        guard let own = matches.first(where: { $0.position == expected }) else { return nil }
        let others = matches.filter { $0.position != expected && $0.accepted && $0.score >= own.score + margin }
        guard let best = others.max(by: { $0.score < $1.score }) else { return nil }
        return Misfit(index: index, expected: expected, looksLike: best.position, expectedScore: own.score,
                      looksLikeScore: best.score, certain: !own.accepted)
    }

    /// The positions a page at `expected` is compared with: its own, and the one before and after
    /// it in the copy (a page dropped or fed twice shifts what follows by one).
    public static func positions(around expected: Int, every n: Int) -> [Int] {
        var positions = [expected]
        for other in [(expected + n - 1) % n, (expected + 1) % n] where !positions.contains(other) { positions.append(other) }
        return positions
    }
}

extension SplitCheck.Misfit {
    /// The copy (1-based) the fault is in, and what happened there, as a sentence; `name` names a
    /// page of the stack by file and page.
    public func explanation(every n: Int, name: (Int) -> String) -> String {
        let copy = index / n + 1, page = expected + 1, seen = looksLike + 1
        let found = "copy \(copy) page \(page) (\(name(index))) looks like page \(seen) "
            + "(match \(Self.format(looksLikeScore)) against \(Self.format(expectedScore)) for page \(page))"
        if n > 2, looksLike == (expected + 1) % n {
            return found + ": copy \(copy)'s page \(page) was dropped"
        }
        if n > 2, looksLike == (expected + n - 1) % n {
            let twice = expected == 0 ? copy - 1 : copy
            return found + ": copy \(twice)'s page \(seen) was fed twice (\(name(index)) is the extra one)"
        }
        return found + ": copy \(copy)'s page \(page) was dropped, or its page \(seen) fed twice"
    }

    private static func format(_ value: Double) -> String { String(format: "%.2f", value) }
}
