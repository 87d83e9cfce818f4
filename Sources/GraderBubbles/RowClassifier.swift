import Foundation
import GraderCore

/// Turns one row's fills into a reading: clearly filled, clearly empty, or unclear, and never a guess.
enum RowClassifier {
    static func classify(
        fills: [Double], choices: [String], kind: BubbleBlockKind, thresholds t: FillThresholds
    ) -> BubbleReading {
        let filled = fills.indices.filter { fills[$0] >= t.filled }
        let unclear = fills.indices.filter { fills[$0] > t.empty && fills[$0] < t.filled }
        let labels = { (indices: [Int]) in indices.map { choices[$0] } }

        if unclear.isEmpty {
            if filled.isEmpty { return .blank }
            if filled.count > 1 && kind != .multipleAnswer { return .multiple(labels(filled)) }
            return .answered(labels(filled))
        }
        // An unclear mark next to clear ones: an erasure remnant is far lighter than the new answer.
        if !filled.isEmpty {
            let weakestFilled = filled.map { fills[$0] }.min() ?? 0
            let strongestUnclear = unclear.map { fills[$0] }.max() ?? 0
            if strongestUnclear <= t.erasureCeiling && weakestFilled - strongestUnclear >= t.erasureMargin {
                if filled.count > 1 && kind != .multipleAnswer { return .multiple(labels(filled)) }
                return .answered(labels(filled))
            }
        }
        let described = unclear.map { "\(choices[$0]) (\(String(format: "%.2f", fills[$0])))" }.joined(separator: ", ")
        let prefix = filled.isEmpty ? "" : "\(labels(filled).joined(separator: ", ")) filled, but "
        return .uncertain(reason: prefix + "unclear mark at " + described)
    }
}
