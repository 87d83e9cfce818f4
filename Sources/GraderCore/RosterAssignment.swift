import Foundation

/// Matches copies to roster students by the student numbers written in their ID boxes, over the
/// whole class at once: the assignment that makes every copy's reading most likely, no student
/// taken twice, any copy free to be "not on the roster" (the Hungarian method on log-likelihoods).
///
/// A copy's score for a roster id is the log-likelihood ratio of its box readings given that id
/// against a random one: Σ log(11 · p(symbol)), the symbol of each box being the id's digit there
/// or "empty" past its end, each reading smoothed by `smoothing` so that one misread box lowers the
/// score instead of ruling the student out; a digit's box may also have been left empty
/// (`skipped`), which then neither speaks for nor against the id. "Not on the roster" scores the best unconstrained
/// reading less `offRosterPenalty`. A copy's confidence is its margin: how much less likely the best
/// assignment becomes when the copy may not have the student it was given. Only copies given a
/// roster student with a margin of at least `threshold` are matched; the others are left for review.
public struct RosterAssignment: Sendable {
    /// One roster student a copy may be, with its share of the copy's likelihood (0…1).
    public struct Candidate: Sendable, Equatable {
        /// The roster entry's index.
        public let roster: Int
        /// The probability that the copy is this student, given its boxes and the roster.
        public let probability: Double
    }

    /// The outcome for one copy.
    public struct Outcome: Sendable, Equatable {
        /// The roster entry the best assignment gives the copy; nil for "not on the roster".
        public let roster: Int?
        /// How much less likely (natural log) the best assignment is without that choice.
        public let margin: Double
        /// True when the copy is matched without asking anyone: a roster student at `threshold` or more.
        public let automatic: Bool
        /// The most likely roster students, best first (at most three): none another copy is matched to without review.
        public let candidates: [Candidate]
        /// What the boxes read, "?" for a box not read as one digit, "_" for an empty box.
        public let read: String
    }

    /// The least margin matched without review.
    public var threshold: Double
    /// How much less likely a copy is to belong to someone not on the roster (natural log).
    public var offRosterPenalty: Double
    /// The share of each box's probability spread over every symbol (a misread box's floor).
    public var smoothing: Double
    /// How likely a student is to leave one of their digits' boxes empty.
    public var skipped = 0.1

    /// The defaults: a copy whose boxes all read as its roster id is matched (margin 11), and so is
    /// one with a single box read firmly as another digit (margin ≈ 4.7, when no other roster id
    /// comes close); two such boxes (margin < 0), or an id two or more digits off every roster id,
    /// are left for review. An id one digit off a roster id cannot be told from that student's misread box.
    public init(threshold: Double = 4, offRosterPenalty: Double = 11, smoothing: Double = 0.02) {
        self.threshold = threshold
        self.offRosterPenalty = offRosterPenalty
        self.smoothing = smoothing
    }

    /// Assigns every copy (its box readings, left to right) to at most one roster id; ids with
    /// non-digits have those ignored, ids longer than a copy's boxes (or missing) are never given.
    public func assign(_ copies: [[DigitDistribution]], rosterIDs: [String?]) -> [Outcome] {
        let ids = rosterIDs.map { $0.map { $0.compactMap(\.wholeNumberValue) } }
        let scores = copies.map { boxes in ids.map { id in id.flatMap { score(boxes, id: $0) } } }
        let offRoster = copies.map { boxes in
            boxes.reduce(0.0) { $0 + log(11 * likelihoods($1).max()!) } - offRosterPenalty
        }
        let rosterCount = ids.count
        // Columns: the roster ids, then one "not on the roster" column per copy.
        let cost = { (copy: Int, column: Int) -> Double in
            if column < rosterCount { return scores[copy][column].map { -$0 } ?? Self.impossible }
            return column - rosterCount == copy ? -offRoster[copy] : Self.impossible
        }
        let solution = AssignmentSolver(rows: copies.count, columns: rosterCount + copies.count, cost: cost)
        let chosen = copies.indices.map { copy in
            let column = solution.column(of: copy), margin = solution.margin(forRow: copy)
            return (roster: column < rosterCount ? column : nil, margin: margin, automatic: column < rosterCount && margin >= threshold)
        }
        // A student matched without review is no longer anyone else's candidate.
        let matched = Set(chosen.compactMap { $0.automatic ? $0.roster : nil })
        return copies.indices.map { copy in
            let (roster, margin, automatic) = chosen[copy]
            var weights = scores[copy].enumerated().compactMap { index, score in
                score.flatMap { index == roster || !matched.contains(index) ? (index, $0) : nil }
            }
            let best = max(weights.map(\.1).max() ?? offRoster[copy], offRoster[copy])
            let total = weights.reduce(exp(offRoster[copy] - best)) { $0 + exp($1.1 - best) }
            weights.sort { $0.1 > $1.1 }
            let candidates = weights.prefix(3).map { Candidate(roster: $0.0, probability: exp($0.1 - best) / total) }
            let read = String(copies[copy].map { $0.best ?? ($0.empty > 0.5 ? "_" : "?") })
            return Outcome(roster: roster, margin: margin, automatic: automatic, candidates: candidates, read: read)
        }
    }

    /// A copy's log-likelihood ratio for `id`; nil when the id does not fit in its boxes.
    func score(_ boxes: [DigitDistribution], id: [Int]) -> Double? {
        guard id.count <= boxes.count, !id.isEmpty else { return nil }
        return boxes.enumerated().reduce(0.0) { total, box in
            let p = likelihoods(box.element)
            return total + log(11 * (box.offset < id.count ? p[id[box.offset]] : p[10]))
        }
    }

    /// How likely the box's reading is for each symbol written there (0…9, then "nothing"):
    /// the smoothed reading, a digit's share mixed with "left empty".
    private func likelihoods(_ box: DigitDistribution) -> [Double] {
        let p = (box.digits + [box.empty]).map { (1 - smoothing) * $0 + smoothing / 11 }
        return p.prefix(10).map { (1 - skipped) * $0 + skipped * p[10] } + [p[10]]
    }

    /// A cost no assignment takes while another is open.
    static let impossible = 1e9
}
