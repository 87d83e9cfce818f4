import GraderCore
import ScanFactory

/// One row read on one sheet, judged against its truth.
struct RowOutcome: Sendable {
    let sheet: Int
    let block: String
    let row: Int
    let truth: BubbleMarkTruth
    let reading: BubbleReading
    let fills: [Double]
    var verdict: BubbleVerdict { truth.judge(reading) }
}

/// Counts of verdicts, in total and per kind of mark.
struct Tally {
    struct Counts {
        var rows = 0, correct = 0, uncertain = 0, wrong = 0
        mutating func add(_ verdict: BubbleVerdict) {
            rows += 1
            switch verdict {
            case .correct: correct += 1
            case .uncertain: uncertain += 1
            case .wrong: wrong += 1
            }
        }
    }

    var total = Counts()
    var byKind: [String: Counts] = [:]
    var blankReads = 0, multipleReads = 0, unregisteredRows = 0
    var wrongRows: [RowOutcome] = []
    /// Per kind of mark, the fills of the bubbles the student marked (for tuning).
    var markedFills: [String: [Double]] = [:]

    mutating func add(_ outcome: RowOutcome) {
        let verdict = outcome.verdict
        total.add(verdict)
        byKind[outcome.truth.mark.kindName, default: Counts()].add(verdict)
        switch outcome.reading {
        case .blank: blankReads += 1
        case .multiple: multipleReads += 1
        case .uncertain(let reason) where reason == "could not register the block": unregisteredRows += 1
        default: break
        }
        if verdict == .wrong { wrongRows.append(outcome) }
        if !outcome.fills.isEmpty {
            markedFills[outcome.truth.mark.kindName, default: []] += Self.markedChoices(outcome.truth.mark).map { outcome.fills[$0] }
            if case .blank = outcome.truth.mark { markedFills["(empty bubbles)", default: []] += outcome.fills }
            if case .erasedAndChanged(let erased, _) = outcome.truth.mark {
                markedFills["(erasure remnants)", default: []].append(outcome.fills[erased])
            }
        }
    }

    private static func markedChoices(_ mark: BubbleMark) -> [Int] {
        switch mark {
        case .blank: []
        case .filled(let c), .light(let c), .partial(let c), .tick(let c), .cross(let c): [c]
        case .erasedAndChanged(_, let chosen): [chosen]
        case .double(let a, let b): [a, b]
        }
    }
}
