import Foundation

/// The rules that judge a bulk scan split every N pages, from how well each page matches the
/// reference page of each position (0-based "slots": the pages of one copy, which need not be
/// copy 1) near its own: the likeliest way the stack came (`SplitPath`: every page in step, or
/// a page dropped or fed twice here and there) decides. A stack that comes out in step is
/// accepted, listing a page that matches a neighbour clearly better for a look; otherwise each
/// dropped or doubled page is named at its copy.
public struct SplitCheck: Sendable, Equatable {
    /// How page `index` (0-based in the stack) matched one reference slot (0-based).
    public struct Match: Sendable, Equatable {
        /// The slot (a position of the reference copy's pages).
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

    /// A page that is not the page its place in the stack gives it.
    public struct Misfit: Sendable, Equatable {
        /// What the page shows about the stack.
        public enum Kind: Sendable, Equatable {
            /// The page before it in its copy was not fed.
            case dropped
            /// It is the page before it fed again.
            case doubled
            /// It matches another page somewhat better than its own (a page for a look).
            case unsure
        }

        /// A page of a copy: the copy 1-based, the page 0-based.
        public struct Place: Sendable, Equatable {
            /// The copy (1-based) and its page (0-based).
            public let copy: Int, page: Int

            /// Creates a place.
            public init(copy: Int, page: Int) {
                self.copy = copy
                self.page = page
            }

            /// The place `place` pages (0-based) into a stack of copies of `n` pages.
            init(_ place: Int, every n: Int) { self.init(copy: place / n + 1, page: place % n) }
        }

        /// The page (0-based in the stack).
        public let index: Int
        /// The copy (1-based) the page belongs to had it come in step.
        public let copy: Int
        /// The page (0-based) it should have been, and the one it looks like.
        public let expected: Int, looksLike: Int
        /// Its scores against the two.
        public let expectedScore: Double, looksLikeScore: Double
        /// What it shows.
        public let kind: Kind
        /// The page dropped or fed twice (for a page worth a look: its own place).
        public let fault: Place
        /// The other pages that may be the one dropped or fed twice, explaining the stack nearly
        /// as well (pages of one layout).
        public var alsoPossible: [Place] = []
    }

    /// What the check found.
    public enum Verdict: Sendable, Equatable {
        /// Every copy's pages come in order; `unsure` lists the pages worth a look.
        case accepted(unsure: [Misfit])
        /// Pages dropped or fed twice, each named where it happened; empty when the count does not
        /// come out even and no page shows where (a page missing from the first copy or the last
        /// explains the stack alike).
        case refused(faults: [Misfit])
    }

    /// A neighbour's score must exceed the page's own by this much to count as "looks like it".
    public static let margin = 0.1
    /// Another place explains a fault nearly as well when the pages between lose less than this:
    /// the match scores of pages of one layout against each other's references differ by up to 0.2.
    public static let alikeLoss = 0.25

    /// Judges a stack of `count` pages split every `n`, from `matches(index)`: the page's matches
    /// against the slots `positions(around: index % n, every: n)`.
    public static func verdict(count: Int, every n: Int, matches: (Int) -> [Match]) -> Verdict {
        guard let path = SplitPath.likeliest(count: count, every: n, matches: matches) else { return .refused(faults: []) }
        return verdict(of: path, every: n, matches: matches)
    }

    /// The verdict that `path`, the likeliest way the stack came, gives.
    public static func verdict(of path: SplitPath, every n: Int, matches: (Int) -> [Match]) -> Verdict {
        let count = path.offsets.count, found = faults(path, every: n, matches: matches)
        // A page missing from the start of copy 1 or from the end of the last copy explains the
        // stack alike (only the stack's order says which page is page 1): neither is named.
        guard found.isEmpty, !path.droppedAtStart, !path.droppedAtEnd else { return .refused(faults: found) }
        let unsure = (0..<count).compactMap { index -> Misfit? in
            let slot = path.slot(index, every: n)
            let found = matches(index)
            guard let own = found.first(where: { $0.position == slot }) else { return nil }
            let others = found.filter { $0.position != slot && $0.accepted && $0.score >= own.score + margin }
            guard let best = others.max(by: { $0.score < $1.score }) else { return nil }
            let place = Misfit.Place(copy: path.copy(index, every: n), page: path.page(ofSlot: slot, every: n))
            return Misfit(index: index, copy: place.copy, expected: place.page, looksLike: path.page(ofSlot: best.position, every: n),
                          expectedScore: own.score, looksLikeScore: best.score, kind: .unsure, fault: place)
        }
        return .accepted(unsure: unsure)
    }

    /// The pages where `path` drops or doubles a page, with what they match.
    private static func faults(_ path: SplitPath, every n: Int, matches: (Int) -> [Match]) -> [Misfit] {
        (1..<max(1, path.offsets.count)).compactMap { index -> Misfit? in
            let step = path.offsets[index] - path.offsets[index - 1]
            guard step != 0 else { return nil }
            let inStep = (index + path.offsets[index - 1]).modulo(n), shown = path.slot(index, every: n)
            let found = matches(index)
            let score = { (slot: Int) in found.first { $0.position == slot }?.score ?? 0 }
            let place = path.place(index - 1) + 1, expected = Misfit.Place(place, every: n), kind = step > 0 ? Misfit.Kind.dropped : .doubled
            var misfit = Misfit(index: index, copy: expected.copy, expected: expected.page, looksLike: path.page(ofSlot: shown, every: n),
                                expectedScore: score(inStep), looksLikeScore: score(shown), kind: kind,
                                fault: Misfit.Place(kind.faultyPlace(expecting: place), every: n))
            misfit.alsoPossible = alternatives(to: index, in: path, every: n, matches: matches)
            return misfit
        }
    }

    /// The pages whose drop (or second feed) near page `index` explains the stack within `alikeLoss`
    /// of the fault `path` puts at `index`: the same fault a few pages earlier or later.
    private static func alternatives(to index: Int, in path: SplitPath, every n: Int, matches: (Int) -> [Match]) -> [Misfit.Place] {
        let before = path.offsets[index - 1], after = path.offsets[index], count = path.offsets.count
        func score(_ page: Int, _ offset: Int) -> Double? {
            matches(page).first { $0.position == (page + offset).modulo(n) }?.score
        }
        var places: [Misfit.Place] = []
        for other in max(1, index - n + 1)...min(count - 1, index + n - 1) where other != index {
            // The pages between the two places take the other offset: what they lose is the cost.
            let span = other < index ? other..<index : index..<other
            let (held, taken) = other < index ? (before, after) : (after, before)
            var loss = 0.0
            for page in span {
                guard path.offsets[page] == held, let own = score(page, held), let instead = score(page, taken) else { loss = .infinity; break }
                loss += own - instead
            }
            guard loss < alikeLoss else { continue }
            let kind = after > before ? Misfit.Kind.dropped : .doubled
            let place = Misfit.Place(kind.faultyPlace(expecting: other + before - path.start), every: n)
            if !places.contains(place) { places.append(place) }
        }
        return places
    }

    /// The slots a page at `expected` is compared with: its own, and the one before and after it
    /// (a page dropped or fed twice shifts what follows by one).
    public static func positions(around expected: Int, every n: Int) -> [Int] {
        var positions = [expected]
        for other in [(expected + n - 1) % n, (expected + 1) % n] where !positions.contains(other) { positions.append(other) }
        return positions
    }
}

extension SplitCheck.Misfit {
    /// What happened at this page, as a sentence; `name` names a page of the stack by file and page.
    public func explanation(every n: Int, name: (Int) -> String) -> String {
        let page = expected + 1, seen = looksLike + 1
        let found = "copy \(copy) page \(page) (\(name(index))) looks like page \(seen) "
            + "(match \(Self.format(looksLikeScore)) against \(Self.format(expectedScore)) for page \(page))"
        switch kind {
        case .unsure:
            return found
        case .dropped where n > 2:
            return found + ": copy \(copy)'s page \(page) was dropped" + others(than: fault)
        case .doubled where n > 2:
            return found + ": copy \(fault.copy)'s page \(fault.page + 1) was fed twice (\(name(index)) is the extra one)" + others(than: fault)
        case .dropped, .doubled:
            return found + ": copy \(copy)'s page \(page) was dropped, or its page \(seen) fed twice"
        }
    }

    /// The other places the fault may be, after the one named: "(or its page 3: those pages look alike)".
    private func others(than named: Place) -> String {
        let others = alsoPossible.filter { $0 != named }
        guard !others.isEmpty else { return "" }
        let places = others.map { $0.copy == named.copy ? "its page \($0.page + 1)" : "copy \($0.copy)'s page \($0.page + 1)" }
        return " (or " + places.joined(separator: " or ") + ": those pages look alike)"
    }

    private static func format(_ value: Double) -> String { String(format: "%.2f", value) }
}

extension SplitCheck.Misfit.Kind {
    /// Where (pages into the stack, 0-based) the page dropped or fed twice is, when the page
    /// expected at `place` shows this: the page expected is the one dropped, the one before it was fed twice.
    func faultyPlace(expecting place: Int) -> Int { self == .doubled ? place - 1 : place }
}

extension Int {
    /// The remainder of dividing by `n`, from 0 to n - 1 also for negative numbers.
    func modulo(_ n: Int) -> Int { (self % n + n) % n }
}
