internal import CCairo

/// Fills a question's answer space with one student's handwriting: lines of scribbled words,
/// sometimes a sketch, each answer a different length.
enum HandwrittenAnswers {
    /// Handwriting over most of the page, print and margins included: a line every 20 pt from the
    /// header to the footer, nearly the page's width.
    static func crowd(_ cr: OpaquePointer, hand: Handwriting, rng: inout SplitMix64) {
        let L = ExamLayout.self
        var baseline = 50.0
        while baseline < L.pageHeight - 40 {
            hand.writeLine(cr, left: L.left - 30 + rng.uniform(0, 12), right: L.right + 30 - rng.uniform(0, 20),
                           baseline: baseline + rng.symmetric(2), rng: &rng)
            baseline += 20
        }
    }

    /// Writes an answer into `space` with `hand`, driven by `rng`.
    static func write(_ cr: OpaquePointer, in space: PrintedExamPainter.AnswerSpace, hand: Handwriting,
                      rng: inout SplitMix64) {
        let L = ExamLayout.self
        let lines = space.lines
        guard !lines.isEmpty else { return }

        let used = max(1, Int((Double(lines.count) * rng.uniform(0.35, 1.0)).rounded()))
        var sketchLines = 0..<0
        if used >= 4 && rng.chance(0.25) {
            let start = rng.int(0...(used - 3))
            sketchLines = start..<min(used, start + rng.int(3...5))
        }
        let indent = rng.uniform(0, 14)
        let margin = rng.uniform(0, 30)
        for (index, line) in lines.prefix(used).enumerated() {
            var left = L.left + rng.uniform(0, 4) + (index == 0 ? indent : 0)
            var right = L.right - margin - rng.uniform(0, 24)
            if sketchLines.contains(index) { right = L.left + (L.right - L.left) * 0.55 }
            if index == used - 1 { right = left + (right - left) * rng.uniform(0.15, 0.85) }
            if index > 0 && rng.chance(0.04) { left += 30 }  // a new paragraph
            hand.writeLine(cr, left: left, right: right, baseline: line - 2.5 + rng.symmetric(1), rng: &rng)
        }
        if !sketchLines.isEmpty, let first = sketchLines.first, let last = sketchLines.last {
            let top = lines[first] - L.lineSpacing + 4
            let bottom = lines[last] - 2
            let x = L.left + (L.right - L.left) * 0.62
            hand.drawSketch(cr, x: x, top: top, width: L.right - 8 - x, height: bottom - top, rng: &rng)
        }
    }
}
