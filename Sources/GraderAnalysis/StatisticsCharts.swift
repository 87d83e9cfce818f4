import Foundation
import GraderCore

/// The charts of the statistics report, laid out as `Figure`s: the histogram of totals, each
/// question's score distribution, and facility against discrimination.
public enum StatisticsCharts {
    /// Width of a full-width chart, in points (an A4 page's text width).
    public static let width = 495.0

    /// The histogram of the complete students' totals, with the mean marked; nil without totals.
    public static func histogram(_ stats: ExamStatistics) -> Figure? {
        guard !stats.totals.isEmpty, stats.maxTotal > 0 else { return nil }
        let step = binWidth(stats.maxTotal)
        let binCount = Int((stats.maxTotal / step).rounded(.up))
        var counts = Array(repeating: 0, count: binCount)
        for total in stats.totals { counts[min(binCount - 1, max(0, Int(total / step)))] += 1 }
        var figure = Figure(width: width, height: 220)
        let plot = (left: 40.0, right: width - 12, top: 40.0, bottom: 188.0)
        figure.text("Totals of the students graded on every question (n = \(stats.complete), maximum \(StatisticText.points(stats.maxTotal)))",
                    x: plot.left, y: 14, size: 10, bold: true)
        let top = counts.max() ?? 1
        let y = { (count: Double) in plot.bottom - count / Double(top) * (plot.bottom - plot.top) }
        let x = { (points: Double) in plot.left + points / (Double(binCount) * step) * (plot.right - plot.left) }
        countAxis(&figure, maxCount: top, left: plot.left, right: plot.right, y: y)
        for (bin, count) in counts.enumerated() where count > 0 {
            let x0 = x(Double(bin) * step), x1 = x(Double(bin + 1) * step)
            figure.add(.rect(x: x0 + 0.5, y: y(Double(count)), width: max(0.5, x1 - x0 - 1), height: plot.bottom - y(Double(count)), fill: .chartBlue))
        }
        let labelEvery = max(1, Int((Double(binCount) / 12).rounded(.up)))
        for edge in stride(from: 0, through: binCount, by: labelEvery) {
            let points = min(Double(edge) * step, stats.maxTotal)
            figure.line(x(points), plot.bottom, x(points), plot.bottom + 3)
            figure.text(StatisticText.points(points), x: x(points), y: plot.bottom + 12, anchor: .middle)
        }
        figure.line(plot.left, plot.bottom, plot.right, plot.bottom)
        figure.text("total points (bins of \(StatisticText.points(step)))", x: (plot.left + plot.right) / 2, y: plot.bottom + 26, anchor: .middle)
        if let mean = stats.mean {
            figure.line(x(mean), plot.top, x(mean), plot.bottom, color: .chartFlag, width: 1.2, dashed: true)
            figure.line(x(mean), plot.top - 10, x(mean), plot.top, color: .chartFlag, width: 1.2, dashed: true)
            figure.text("mean \(StatisticText.decimal(mean, places: 1))", x: x(mean) + 3, y: plot.top - 4, color: .chartFlag)
        }
        return figure
    }

    /// Small bar charts of each question's points (graded students only), `perFigure` to a figure.
    public static func distributions(_ stats: ExamStatistics, perFigure: Int = 16) -> [Figure] {
        let columns = 4, panelWidth = width / Double(columns), panelHeight = 92.0
        return stride(from: 0, to: stats.questions.count, by: perFigure).map { start in
            let questions = stats.questions[start..<min(start + perFigure, stats.questions.count)]
            let rows = (questions.count + columns - 1) / columns
            var figure = Figure(width: width, height: Double(rows) * panelHeight)
            for (offset, question) in questions.enumerated() {
                panel(&figure, question, left: Double(offset % columns) * panelWidth, top: Double(offset / columns) * panelHeight,
                      width: panelWidth - 10, height: panelHeight - 8)
            }
            return figure
        }
    }

    /// Facility (x) against the upper–lower discrimination index (y), the limits shaded and
    /// dashed, flagged questions in orange; nil when no question has both.
    public static func facilityDiscrimination(_ stats: ExamStatistics) -> Figure? {
        let points = stats.questions.compactMap { q in q.facility.flatMap { f in q.discrimination.map { (q, f, $0) } } }
        guard !points.isEmpty else { return nil }
        var figure = Figure(width: width, height: 250)
        let plot = (left: 40.0, right: width - 12, top: 26.0, bottom: 214.0)
        let low = min(-0.2, (points.map(\.2).min() ?? 0).rounded(.down))
        let x = { (f: Double) in plot.left + f * (plot.right - plot.left) }
        let y = { (d: Double) in plot.bottom - (d - low) / (1 - low) * (plot.bottom - plot.top) }
        let limits = stats.thresholds
        figure.text("Facility and discrimination of each question", x: plot.left, y: 14, size: 10, bold: true)
        figure.add(.rect(x: x(0), y: plot.top, width: x(limits.hardFacility) - x(0), height: plot.bottom - plot.top, fill: .chartShade))
        figure.add(.rect(x: x(limits.easyFacility), y: plot.top, width: x(1) - x(limits.easyFacility), height: plot.bottom - plot.top, fill: .chartShade))
        figure.text("hard", x: x(limits.hardFacility / 2), y: plot.top + 10, anchor: .middle, color: .chartMuted)
        figure.text("easy", x: x((1 + limits.easyFacility) / 2), y: plot.top + 10, anchor: .middle, color: .chartMuted)
        for tick in stride(from: low, through: 1.0001, by: 0.2) {
            figure.line(plot.left, y(tick), plot.right, y(tick), color: .chartGrid, width: 0.5)
            figure.text(StatisticText.decimal(tick, places: 1), x: plot.left - 4, y: y(tick) + 3, anchor: .end)
        }
        for tick in stride(from: 0.0, through: 1.0001, by: 0.1) {
            figure.line(x(tick), plot.bottom, x(tick), plot.bottom + 3)
            figure.text(StatisticText.decimal(tick, places: 1), x: x(tick), y: plot.bottom + 12, anchor: .middle)
        }
        figure.line(plot.left, y(limits.discrimination), plot.right, y(limits.discrimination), color: .chartFlag, dashed: true)
        figure.text("discrimination \(StatisticText.decimal(limits.discrimination, places: 2))", x: plot.right, y: y(limits.discrimination) - 3,
                    anchor: .end, color: .chartFlag)
        figure.line(plot.left, plot.bottom, plot.right, plot.bottom)
        figure.line(plot.left, plot.top, plot.left, plot.bottom)
        figure.text("facility (mean ÷ maximum)", x: (plot.left + plot.right) / 2, y: plot.bottom + 26, anchor: .middle)
        figure.text("D", x: plot.left - 28, y: plot.top + 4)
        for (question, facility, discrimination) in points {
            let colour: RGBColor = question.flags.isEmpty ? .chartBlue : .chartFlag
            figure.add(.circle(x: x(facility), y: y(discrimination), radius: 3, fill: colour))
            let anchor: Figure.Anchor = facility > 0.85 ? .end : .start
            figure.text(question.name, x: x(facility) + (anchor == .end ? -5 : 5), y: y(discrimination) + 3, size: 7, anchor: anchor, color: colour)
        }
        return figure
    }

    /// One question's bar chart in the box at (`left`, `top`).
    private static func panel(_ figure: inout Figure, _ question: ItemStatistics, left: Double, top: Double, width: Double, height: Double) {
        figure.text(question.name, x: left, y: top + 9, size: 8, bold: true)
        figure.text("n \(question.graded) · facility \(StatisticText.decimal(question.facility, places: 2))",
                    x: left + width, y: top + 9, size: 6.5, anchor: .end, color: .chartMuted)
        let base = top + height - 12, plotTop = top + 16
        figure.line(left, base, left + width, base)
        guard !question.distribution.isEmpty else {
            figure.text("not graded yet", x: left + width / 2, y: (plotTop + base) / 2, size: 7, anchor: .middle, color: .chartMuted)
            return
        }
        let bars = categories(question)
        let top = bars.map(\.count).max() ?? 1, slot = width / Double(bars.count)
        for (index, bar) in bars.enumerated() {
            let height = Double(bar.count) / Double(top) * (base - plotTop)
            if bar.count > 0 {
                figure.add(.rect(x: left + Double(index) * slot + slot * 0.15, y: base - height, width: slot * 0.7, height: height, fill: .chartBlue))
            }
            if bars.count <= 11 || index % 2 == 0 || index == bars.count - 1 {
                figure.text(bar.label, x: left + (Double(index) + 0.5) * slot, y: base + 8, size: 6, anchor: .middle)
            }
        }
    }

    /// The bars of a question: every whole point from 0 to the maximum when scores are whole and
    /// the maximum is at most 10; else the points earned, or 10 equal ranges when there are more than 11.
    static func categories(_ question: ItemStatistics) -> [(label: String, count: Int)] {
        let values = question.distribution
        let whole = values.allSatisfy { $0.points == $0.points.rounded() && $0.points >= 0 && $0.points <= question.maxPoints }
        if whole, question.maxPoints == question.maxPoints.rounded(), question.maxPoints >= 1, question.maxPoints <= 10 {
            return (0...Int(question.maxPoints)).map { points in
                (String(points), values.first { $0.points == Double(points) }?.count ?? 0)
            }
        }
        if values.count <= 11 { return values.map { (StatisticText.points($0.points), $0.count) } }
        let low = values.first?.points ?? 0, high = max(values.last?.points ?? 1, low + 1), step = (high - low) / 10
        return (0..<10).map { bin in
            let from = low + Double(bin) * step
            let count = values.filter { min(9, Int(($0.points - low) / step)) == bin }.reduce(0) { $0 + $1.count }
            return (StatisticText.points((from * 4).rounded() / 4), count)
        }
    }

    /// The width of a histogram bin: 1 point up to a maximum of 25, else a round step giving at most 20 bins.
    static func binWidth(_ maxTotal: Double) -> Double {
        let steps = [1.0, 2, 2.5, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000]
        return steps.first { maxTotal / $0 <= 25 && ($0 == 1 || maxTotal / $0 <= 20) } ?? (maxTotal / 20).rounded(.up)
    }

    /// Grid lines and labels of a count axis from 0 to `maxCount`.
    private static func countAxis(_ figure: inout Figure, maxCount: Int, left: Double, right: Double, y: (Double) -> Double) {
        let step = max(1, Int((Double(maxCount) / 5).rounded(.up)))
        for count in stride(from: 0, through: maxCount, by: step) {
            figure.line(left, y(Double(count)), right, y(Double(count)), color: .chartGrid, width: 0.5)
            figure.text(String(count), x: left - 4, y: y(Double(count)) + 3, anchor: .end)
        }
        figure.text("students", x: left - 4, y: y(Double(maxCount)) - 10, anchor: .end)
    }
}
