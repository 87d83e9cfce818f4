import GraderCore

/// What is printed in an answer region, ready to take out of each student's crop: the darkest
/// grey of the print within two pixels (1.3 points) of each pixel — print left a little off by the
/// alignment, and blurred by resampling, is still print — and the paper's grey.
public struct PrintedReference: Sendable, Equatable {
    /// Width and height in pixels.
    public let width: Int, height: Int
    /// Per pixel, the darkest printed grey within `reach` pixels of it.
    public let darkest: [Float]
    /// The paper's grey.
    public let paper: Float

    /// How many crops the class's consensus is taken from: the print is on every one, so a few
    /// dozen spread over the class find it as well as all of them, for a fraction of the work.
    public static let consensusCrops = 31
    /// How far (pixels) print may sit from where the reference has it.
    public static let reach = 2

    /// The print of `blank` (the same region of the unwritten exam).
    public init(blank: AnswerCrop) {
        self.init(blank.grey, width: blank.width, height: blank.height)
    }

    /// The print as the class shows it: at each pixel the grey that all but the lightest quarter
    /// of `crops` (up to `consensusCrops` of them, spread over the class) reach. Handwriting
    /// varies from copy to copy, so even in a small answer box fewer than three copies in four have
    /// ink on one pixel; print is on all of them. Nil without crops or when their sizes differ.
    public init?(consensusOf crops: [AnswerCrop]) {
        guard let first = crops.first, crops.allSatisfy({ $0.width == first.width && $0.height == first.height }) else { return nil }
        let step = max(1, crops.count / Self.consensusCrops)
        let chosen = stride(from: 0, to: crops.count, by: step).prefix(Self.consensusCrops).map { crops[$0] }
        let (w, h) = (first.width, first.height), rank = min(chosen.count * 3 / 4, chosen.count - 1)
        // Row by row on every core.
        let grey = (0..<h).concurrentMap { y in
            var row = [Float](repeating: 255, count: w), column = [Float](repeating: 0, count: chosen.count)
            column.withUnsafeMutableBufferPointer { column in
                for x in 0..<w {
                    for k in chosen.indices { column[k] = chosen[k].grey[y * w + x] }
                    row[x] = Self.select(rank, in: column)
                }
            }
            return row
        }.flatMap { $0 }
        self.init(grey, width: w, height: h)
    }

    /// The `k`-th smallest of `values` (from 0), which it reorders: Hoare's selection, a few times
    /// fewer comparisons than sorting them.
    static func select(_ k: Int, in values: UnsafeMutableBufferPointer<Float>) -> Float {
        var low = 0, high = values.count - 1
        while low < high {
            let pivot = values[(low + high) / 2]
            var i = low, j = high
            while i <= j {
                while values[i] < pivot { i += 1 }
                while values[j] > pivot { j -= 1 }
                if i <= j { values.swapAt(i, j); i += 1; j -= 1 }
            }
            if k <= j { high = j } else if k >= i { low = i } else { return values[k] }
        }
        return values[k]
    }

    private init(_ grey: [Float], width w: Int, height h: Int) {
        width = w
        height = h
        paper = Self.paper(grey)
        var rows = grey, darkest = grey
        grey.withUnsafeBufferPointer { g in
            rows.withUnsafeMutableBufferPointer { r in
                for y in 0..<h { for x in 0..<w { var m: Float = 255; for nx in max(0, x - Self.reach)...min(w - 1, x + Self.reach) { m = min(m, g[y &* w &+ nx]) }; r[y &* w &+ x] = m } }
            }
        }
        rows.withUnsafeBufferPointer { r in
            darkest.withUnsafeMutableBufferPointer { d in
                for y in 0..<h { for x in 0..<w { var m: Float = 255; for ny in max(0, y - Self.reach)...min(h - 1, y + Self.reach) { m = min(m, r[ny &* w &+ x]) }; d[y &* w &+ x] = m } }
            }
        }
        self.darkest = darkest
    }

    /// Paper: the bright end of a region (most of an answer region is paper).
    static func paper(_ grey: [Float]) -> Float {
        guard !grey.isEmpty else { return 255 }
        // A histogram, not a sort: a region holds a few hundred thousand pixels.
        var counts = [Int](repeating: 0, count: 256)
        counts.withUnsafeMutableBufferPointer { counts in
            for g in grey { counts[Int(max(0, min(255, g)))] += 1 }
        }
        var seen = 0
        let target = grey.count * 4 / 5
        for level in 0..<256 {
            seen += counts[level]
            if seen > target { return Float(level) }
        }
        return 255
    }
}
