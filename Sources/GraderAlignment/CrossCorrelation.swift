import Foundation
import GraderCore

/// The shift that best lays one ink map over another, over the whole page at once: their phase
/// correlation, computed through a radix-2 FFT.
enum CrossCorrelation {
    /// An ink map's 2-D Fourier transform on a grid large enough to correlate it, without wrapping
    /// round, with maps of the same size or smaller for shifts up to `reach` pixels.
    struct Spectrum: Sendable {
        let nx: Int, ny: Int
        let reach: Reach
        var real: [Double], imag: [Double]

        /// The spectrum of `map`, on a grid that also fits `other` shifted by up to `reach`.
        /// How far a shift is looked for, in pixels, across and down.
        struct Reach: Sendable, Equatable {
            let x: Int, y: Int
        }

        init(_ map: InkMap, reach: (x: Int, y: Int), fitting other: InkMap) {
            self.init(map, nx: CrossCorrelation.powerOfTwo(atLeast: max(map.width, other.width) + reach.x),
                      ny: CrossCorrelation.powerOfTwo(atLeast: max(map.height, other.height) + reach.y), reach: reach)
        }

        /// The spectrum of `map` on an `nx × ny` grid.
        init(_ map: InkMap, nx: Int, ny: Int, reach: (x: Int, y: Int)) {
            self.init(map, nx: nx, ny: ny, reach: Reach(x: reach.x, y: reach.y))
        }

        init(_ map: InkMap, nx: Int, ny: Int, reach: Reach) {
            (self.nx, self.ny, self.reach) = (nx, ny, reach)
            (real, imag) = CrossCorrelation.padded(map, nx, ny)
            CrossCorrelation.fft2D(&real, &imag, nx, ny, inverse: false)
        }

        /// The shift (in pixels, up to `reach`) that best lays the map of `reference` (a spectrum
        /// on the same grid) over this one, by phase correlation, and the height of the peak
        /// (0…1, higher is surer).
        func bestShift(of reference: Spectrum) -> (x: Int, y: Int, score: Double) {
            bestShifts(of: [reference])[0]
        }

        /// `bestShift(of:)` for each of `references`, two at a time: both correlation surfaces are
        /// real, so one inverse transform of the first spectrum plus i times the second gives the
        /// first as its real part and the second as its imaginary part.
        func bestShifts(of references: [Spectrum]) -> [(x: Int, y: Int, score: Double)] {
            // Only the rows of the shifts looked at are made.
            let rows = Array(Set((-reach.y - 1...reach.y + 1).map { ($0 + ny) % ny }))
            return stride(from: 0, to: references.count, by: 2).flatMap { first -> [(x: Int, y: Int, score: Double)] in
                var (real, imag) = whitened(references[first])
                let paired = first + 1 < references.count
                if paired {
                    let (secondReal, secondImag) = whitened(references[first + 1])
                    for k in real.indices {
                        real[k] -= secondImag[k]
                        imag[k] += secondReal[k]
                    }
                }
                CrossCorrelation.fft2D(&real, &imag, nx, ny, inverse: true, rows: rows)
                return paired ? [peak(of: real), peak(of: imag)] : [peak(of: real)]
            }
        }

        /// conj(R) · S, whitened: every frequency counts alike, so the printed lines and letters
        /// decide the peak rather than the broad blocks of handwriting the reference lacks.
        private func whitened(_ reference: Spectrum) -> (real: [Double], imag: [Double]) {
            var outReal = [Double](repeating: 0, count: real.count), outImag = outReal
            outReal.withUnsafeMutableBufferPointer { outReal in
                outImag.withUnsafeMutableBufferPointer { outImag in
                    for k in 0..<outReal.count {
                        let (ar, ai, br, bi) = (reference.real[k], -reference.imag[k], real[k], imag[k])
                        let (pr, pi) = (ar * br - ai * bi, ar * bi + ai * br)
                        let scale = 1 / ((pr * pr + pi * pi).squareRoot() + 1e-9)
                        outReal[k] = pr * scale
                        outImag[k] = pi * scale
                    }
                }
            }
            return (outReal, outImag)
        }

        /// The peak of the correlation `surface` summed over 3 × 3 (a slightly turned or reduced
        /// page spreads it) within reach: its shift and height.
        private func peak(of surface: [Double]) -> (x: Int, y: Int, score: Double) {
            // The shifts within reach and one more each way, unwrapped: (dx, dy) at (dx + rx, dy + ry).
            let (rx, ry) = (reach.x + 1, reach.y + 1), side = 2 * rx + 1
            var near = [Double](repeating: 0, count: side * (2 * ry + 1))
            for dy in -ry...ry {
                let row = ((dy + ny) % ny) * nx
                for dx in -rx...rx { near[(dy + ry) * side + dx + rx] = surface[row + (dx + nx) % nx] }
            }
            var best = (x: 0, y: 0, value: -Double.infinity)
            for dy in -reach.y...reach.y {
                for dx in -reach.x...reach.x {
                    let centre = (dy + ry) * side + dx + rx
                    var sum = 0.0
                    for j in [-side, 0, side] { sum += near[centre + j - 1] + near[centre + j] + near[centre + j + 1] }
                    if sum > best.value { best = (dx, dy, sum) }
                }
            }
            return (best.x, best.y, best.value / Double(nx * ny))
        }
    }

    private static func powerOfTwo(atLeast n: Int) -> Int {
        var p = 1
        while p < n { p <<= 1 }
        return p
    }

    /// The map with its mean taken off, in the top-left corner of an `nx × ny` grid of zeros.
    private static func padded(_ map: InkMap, _ nx: Int, _ ny: Int) -> ([Double], [Double]) {
        let mean = map.totalInk / Double(map.values.count)
        var real = [Double](repeating: 0, count: nx * ny)
        for y in 0..<map.height {
            for x in 0..<map.width { real[y * nx + x] = Double(map.values[y * map.width + x]) - mean }
        }
        return (real, [Double](repeating: 0, count: nx * ny))
    }

    /// In-place 2-D FFT (unnormalised both ways) of an `nx × ny` complex grid, columns then rows;
    /// with `rows`, only those rows of the result are made (the others are left half done).
    private static func fft2D(_ real: inout [Double], _ imag: inout [Double], _ nx: Int, _ ny: Int, inverse: Bool,
                              rows: [Int]? = nil) {
        let across = Twiddles(nx, inverse: inverse), down = Twiddles(ny, inverse: inverse)
        real.withUnsafeMutableBufferPointer { re in
            imag.withUnsafeMutableBufferPointer { im in
                fft(re.baseAddress!, im.baseAddress!, columns: nx, down)
                for y in rows ?? Array(0..<ny) { fft(re.baseAddress! + y * nx, im.baseAddress! + y * nx, columns: 1, across) }
            }
        }
    }

    /// In-place iterative radix-2 FFT of every column of a grid `nx` wide and `twiddles.n` (a power
    /// of two) rows tall, all at once, row against row: the same arithmetic on each value as one
    /// column at a time, with no column copied out and back, each step a run along a row (which the
    /// compiler vectorises); with `nx` 1, of one line of values. Its loops are `while` loops over
    /// pointers: debug builds (the tests) run them many times faster than ranges and subscripts.
    private static func fft(_ re: UnsafeMutablePointer<Double>, _ im: UnsafeMutablePointer<Double>, columns nx: Int, _ twiddles: Twiddles) {
        let n = twiddles.n
        guard n > 1 else { return }
        var j = 0, i = 1
        while i < n {
            var bit = n >> 1
            while j & bit != 0 { j ^= bit; bit >>= 1 }
            j |= bit
            if i < j {
                let (ri, ii, rj, ij) = (re + i &* nx, im + i &* nx, re + j &* nx, im + j &* nx)
                var x = 0
                while x < nx {
                    (ri[x], rj[x]) = (rj[x], ri[x])
                    (ii[x], ij[x]) = (ij[x], ii[x])
                    x &+= 1
                }
            }
            i &+= 1
        }
        twiddles.cos.withUnsafeBufferPointer { cos in
            twiddles.sin.withUnsafeBufferPointer { sin in
                let (cos, sin) = (cos.baseAddress!, sin.baseAddress!)
                var length = 2
                while length <= n {
                    let half = length / 2, stride = n / length
                    var start = 0
                    while start < n {
                        var k = 0
                        while k < half {
                            let (cr, ci) = (cos[k &* stride], sin[k &* stride])
                            let (ar, ai) = (re + (start &+ k) &* nx, im + (start &+ k) &* nx)
                            let (br, bi) = (ar + half &* nx, ai + half &* nx)
                            var x = 0
                            while x < nx {
                                let tr = br[x] * cr - bi[x] * ci, ti = br[x] * ci + bi[x] * cr
                                br[x] = ar[x] - tr; bi[x] = ai[x] - ti
                                ar[x] += tr; ai[x] += ti
                                x &+= 1
                            }
                            k &+= 1
                        }
                        start += length
                    }
                    length <<= 1
                }
            }
        }
    }

    /// cos and sin of every angle a radix-2 FFT of length `n` turns by.
    private struct Twiddles {
        let n: Int, cos: [Double], sin: [Double]

        init(_ n: Int, inverse: Bool) {
            let turn = (inverse ? 2 : -2) * Double.pi / Double(n)
            self.n = n
            cos = (0..<max(1, n / 2)).map { Foundation.cos(turn * Double($0)) }
            sin = (0..<max(1, n / 2)).map { Foundation.sin(turn * Double($0)) }
        }
    }
}
