import GraderCore

/// Suggests groups of one question's answers: blank answers (no ink added over the print);
/// numbers read in the question's answer boxes, by value; the rest by how alike their ink looks.
/// Largest groups first.
public struct AnswerGrouper: Sendable {
    /// Below this much ink in strokes (square points) an answer is blank: a stray dot or a speck
    /// of dust stays under it, the smallest letter (an "i", ~8 pt² with a fine pen) does not.
    public var blankArea = 3.0
    /// A number read with less probability than this is grouped apart, as unsure.
    public var sureNumber = 0.9
    /// Ink taller than this (points) is free-form work — lines of it — whose shape says nothing of
    /// its content: each such answer is a group of its own.
    public var tallestShort = 60.0
    /// The visual clustering.
    public var clustering = AnswerClustering()

    /// The standard grouper.
    public init() {}

    /// The suggested groups of `answers` (each student's ink over the print, its strokes kept), with `numbers` (each
    /// student's reading of the question's answer boxes, indexed like `answers`) when it has them.
    public func suggest(_ answers: [AddedInk], numbers: [WrittenNumber]? = nil) -> [AnswerGroupSuggestion] {
        var groups: [AnswerGroupSuggestion] = []
        var blank: [(Int, Double)] = [], rest: [Int] = []
        // Each answer's strokes, their area and height, on every core.
        let measured = answers.concurrentMap { answer in let strokes = answer.strokes; return (strokes, strokes.area, strokes.inkHeight) }
        let answers = measured.map(\.0)
        for (index, (_, strokes, _)) in measured.enumerated() {
            if strokes < blankArea, numbers.map({ $0[index].value == "" }) ?? true {
                blank.append((index, 1 - strokes / blankArea))
            } else {
                rest.append(index)
            }
        }
        if !blank.isEmpty { groups.append(AnswerGroupSuggestion(kind: .blank, members: blank.map(\.0), memberConfidences: blank.map(\.1))) }
        if let numbers {
            // Sure and unsure readings of one value apart: the unsure group is the one to look at.
            var byValue: [String: [(Int, Double)]] = [:], unread: [Int] = []
            for index in rest {
                guard let value = numbers[index].value, !value.isEmpty else { unread.append(index); continue }
                let sure = numbers[index].probability >= sureNumber
                byValue[value + (sure ? "" : "?"), default: []].append((index, numbers[index].probability))
            }
            for (key, members) in byValue {
                let value = key.hasSuffix("?") ? String(key.dropLast()) : key
                groups.append(AnswerGroupSuggestion(kind: .number(value), members: members.map(\.0), memberConfidences: members.map(\.1)))
            }
            rest = unread
        }
        let long = rest.filter { measured[$0].2 > tallestShort }
        for index in long { groups.append(AnswerGroupSuggestion(kind: .alike, members: [index], memberConfidences: [1])) }
        let short = rest.filter { measured[$0].2 <= tallestShort }
        let shaped = zip(short, short.concurrentMap { InkShape(answers[$0]) }).compactMap { index, shape in shape.map { (index, $0) } }
        for cluster in clustering.clusters(shaped.map(\.1)) {
            groups.append(AnswerGroupSuggestion(kind: .alike, members: cluster.members.map { shaped[$0].0 }, memberConfidences: cluster.confidences))
        }
        return groups.sorted { ($0.members.count, -($0.members.first ?? 0)) > ($1.members.count, -($1.members.first ?? 0)) }
    }
}
