import Foundation
import GraderCore

/// Prints the benchmark's figures.
enum Report {
    static func print(_ tally: Tally, pages: Int, wall: Duration, render: Duration, read: Duration, workers: Int,
                      readAlone: [Duration], showFills: Bool) {
        func pct(_ part: Int, _ whole: Int) -> String { String(format: "%.2f %%", whole == 0 ? 0 : 100 * Double(part) / Double(whole)) }
        func secs(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18 }
        func median(_ values: [Duration]) -> Double { values.isEmpty ? .nan : secs(values.sorted()[values.count / 2]) }
        let t = tally.total
        Swift.print("""

            rows read:          \(t.rows)
            wrong reads:        \(t.wrong)   (confident reading that is not the truth)
            correct:            \(t.correct)   (\(pct(t.correct, t.rows)))
            uncertain:          \(t.uncertain)   (\(pct(t.uncertain, t.rows)) of rows; \(tally.unregisteredRows) from blocks not registered)
            read as blank:      \(tally.blankReads)
            read as multiple:   \(tally.multipleReads)

            by mark              rows   correct  uncertain  wrong
            """)
        for (kind, c) in tally.byKind.sorted(by: { $0.key < $1.key }) {
            Swift.print(kind.padding(toLength: 18, withPad: " ", startingAt: 0)
                + String(format: "%7d %9d %10d %6d", c.rows, c.correct, c.uncertain, c.wrong))
        }
        let renderSeconds = secs(render), readSeconds = secs(read)
        Swift.print(String(format: """

            throughput (render + read, %d workers): %.1f pages/s (%.2f s wall for %d pages)
            per page, one core, during that run: render %.1f ms, read %.2f ms (both blocks)
            read alone (one thread, best of 15, %d pages): median %.2f ms per page = %.0f pages/s per core
            """, workers, Double(pages) / secs(wall), secs(wall), pages,
            1000 * renderSeconds / Double(pages), 1000 * readSeconds / Double(pages),
            readAlone.count, 1000 * median(readAlone), 1 / median(readAlone)))

        for wrong in tally.wrongRows.prefix(30) {
            Swift.print("WRONG sheet \(wrong.sheet) \(wrong.block) row \(wrong.row): drew \(wrong.truth.mark), read \(wrong.reading), "
                + "fills " + wrong.fills.map { String(format: "%.2f", $0) }.joined(separator: " "))
        }
        if showFills {
            Swift.print("\nfills of marked bubbles (min / 5th pct / median / 95th pct / max)")
            for (kind, values) in tally.markedFills.sorted(by: { $0.key < $1.key }) where !values.isEmpty {
                let sorted = values.filter { !$0.isNaN }.sorted()
                guard !sorted.isEmpty else { continue }
                func at(_ q: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))] }
                Swift.print(kind.padding(toLength: 20, withPad: " ", startingAt: 0)
                    + String(format: "%.3f / %.3f / %.3f / %.3f / %.3f  (n=%d)", sorted[0], at(0.05), at(0.5), at(0.95), sorted.last!, sorted.count))
            }
        }
    }
}
