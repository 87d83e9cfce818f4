import GraderAlignment
import GraderCore
import Testing

/// A grid read through a transform (answer crops, digit boxes) steps along its rows instead of
/// placing every pixel: it must read what `sample(x:y:)` reads at each pixel's placed centre.
@Suite struct TransformedGridTests {
    @Test func everyGridPixelReadsWhatSamplingItsPlacedCentreReads() {
        var random = SeededGenerator(seed: 32)
        let (iw, ih) = (40, 30)
        let image = GrayImage(width: iw, height: ih, bytes: (0..<iw * ih).map { _ in UInt8.random(in: 0...255, using: &random) }, pixelsPerPoint: 2)
        for trial in 0..<100 {
            let s = [1.5, 2, 3.25].randomElement(using: &random)!
            // Grids inside the page, across its edges and off it; turned a little or a lot, scaled.
            let transform = SimilarityTransform(rotation: Double.random(in: -0.3...0.3, using: &random), scale: Double.random(in: 0.8...1.25, using: &random),
                                                about: (10, 8), shift: (Double.random(in: -6...6, using: &random), Double.random(in: -6...6, using: &random)))
            let origin = PagePoint(x: Double.random(in: -4...18, using: &random), y: Double.random(in: -4...13, using: &random))
            let (w, h) = (Int.random(in: 1...20, using: &random), Int.random(in: 1...20, using: &random))
            let grid = image.greys(width: w, height: h, from: origin, gridPixelsPerPoint: s, through: transform)
            for y in 0..<h {
                for x in 0..<w {
                    let p = transform.apply((origin.x + (Double(x) + 0.5) / s, origin.y + (Double(y) + 0.5) / s))
                    let expected = image.sample(x: p.x * image.pixelsPerPoint, y: p.y * image.pixelsPerPoint)
                    #expect(abs(Double(grid[y * w + x]) - expected) < 0.01, "trial \(trial), pixel (\(x), \(y))")
                }
            }
        }
    }

    @Test func aGridOffThePageIsPaper() {
        let image = GrayImage(width: 10, height: 10, filledWith: 0, pixelsPerPoint: 1)
        let grid = image.greys(width: 4, height: 3, from: PagePoint(x: 11, y: -8), gridPixelsPerPoint: 2, through: .identity)
        #expect(grid == [Float](repeating: 255, count: 12))
    }
}
