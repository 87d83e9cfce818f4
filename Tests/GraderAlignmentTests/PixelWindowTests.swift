import GraderAlignment
import GraderCore
import Testing

/// An answer region is made from the pixels it reads alone (`PixelWindow`): the page shrunk in a
/// window and read through the shifted transform must give what the whole page shrunk and read gives.
@Suite struct PixelWindowTests {
    @Test func aWindowShrunkIsTheWholeImageShrunkCutPixelForPixel() {
        var random = SeededGenerator(seed: 34)
        let (iw, ih) = (97, 61)
        let image = GrayImage(width: iw, height: ih, bytes: (0..<iw * ih).map { _ in UInt8.random(in: 0...255, using: &random) }, pixelsPerPoint: 2)
        for (w, h) in [(97, 61), (80, 50), (40, 25), (13, 7)] {
            let whole = image.shrunk(toWidth: w, height: h, pixelsPerPoint: 1)
            for trial in 0..<40 {
                let x = Int.random(in: -3..<w, using: &random), y = Int.random(in: -3..<h, using: &random)
                let window = PixelWindow(x: x, y: y, width: Int.random(in: 1...w, using: &random), height: Int.random(in: 1...h, using: &random))
                #expect(image.shrunk(toWidth: w, height: h, pixelsPerPoint: 1, keeping: window) == whole.cropped(to: window), "\(w)×\(h), trial \(trial)")
            }
        }
    }

    @Test func aRegionReadThroughItsWindowReadsWhatTheWholePageReads() {
        var random = SeededGenerator(seed: 35)
        let (iw, ih) = (120, 90)
        let page = GrayImage(width: iw, height: ih, bytes: (0..<iw * ih).map { _ in UInt8.random(in: 0...255, using: &random) }, pixelsPerPoint: 1.5)
        for trial in 0..<100 {
            // Regions inside the page, across its edges and off it; turned a little, scaled; the page upside down or not.
            let transform = SimilarityTransform(rotation: Double.random(in: -0.1...0.1, using: &random), scale: Double.random(in: 0.9...1.1, using: &random),
                                                about: (40, 30), shift: (Double.random(in: -8...8, using: &random), Double.random(in: -8...8, using: &random)))
            let rect = PageRect(origin: PagePoint(x: Double.random(in: -10...75, using: &random), y: Double.random(in: -10...55, using: &random)),
                                width: Double.random(in: 1...40, using: &random), height: Double.random(in: 1...30, using: &random))
            let turned = Bool.random(using: &random), shown = turned ? page.turned : page
            let (w, h) = (max(1, Int((rect.width * 1.5).rounded())), max(1, Int((rect.height * 1.5).rounded())))
            let window = PixelWindow(covering: rect, through: transform, pixelsPerPoint: 1.5, within: iw, ih)
            let cut = turned ? page.cropped(to: window.turned(inWidth: iw, height: ih)).turned : page.cropped(to: window)
            #expect(cut == shown.cropped(to: window))
            let expected = shown.greys(width: w, height: h, from: rect.origin, gridPixelsPerPoint: 1.5, through: transform)
            let read = cut.greys(width: w, height: h, from: rect.origin, gridPixelsPerPoint: 1.5, through: window.placing(transform, pixelsPerPoint: 1.5))
            #expect(zip(read, expected).allSatisfy { abs($0 - $1) < 0.01 }, "trial \(trial)")
        }
    }
}
