import GraderCore

/// The ink a student added over the print in an answer region: how much darker each pixel of
/// their crop is than the printed reference anywhere within a pixel of it (0 paper … 1 pen ink),
/// so print a pixel off after alignment, paper grain and a greyer scan add nothing.
public struct AddedInk: Sendable, Equatable {
    /// Width and height in pixels (the crop's).
    public let width: Int, height: Int
    /// Ink per pixel, 0…1, row by row.
    public let ink: [Float]
    /// Pixels per point of the crop.
    public let pixelsPerPoint: Double

    /// How much darker than the print a pixel must be before it counts as ink at all (grey levels):
    /// above paper grain and a scan's uneven light, below any pen (paper ~240, pen 40–120).
    public static let noise: Float = 45
    /// The darkening that counts as full ink (grey levels).
    public static let full: Float = 110

    /// Wraps ink values.
    public init(width: Int, height: Int, ink: [Float], pixelsPerPoint: Double) {
        self.width = width
        self.height = height
        self.ink = ink
        self.pixelsPerPoint = pixelsPerPoint
    }

    /// What `crop` has over `printed` (the same region of the blank exam or the class's consensus).
    public init(_ crop: AnswerCrop, printed: PrintedReference, pixelsPerPoint: Double = AnswerCrop.pixelsPerPoint) {
        let (w, h) = (crop.width, crop.height)
        var ink = [Float](repeating: 0, count: w * h)
        // Each copy's paper against the reference's: a lighter or darker scan is not ink.
        let lift = PrintedReference.paper(crop.grey) - printed.paper
        let scale = 1 / (Self.full - Self.noise)
        if printed.width == w, printed.height == h {
            crop.grey.withUnsafeBufferPointer { page in
                printed.darkest.withUnsafeBufferPointer { print in
                    ink.withUnsafeMutableBufferPointer { out in
                        for i in 0..<(w * h) {
                            let darker = print[i] + lift - page[i] - Self.noise
                            out[i] = darker <= 0 ? 0 : min(1, darker * scale)
                        }
                    }
                }
            }
        }
        self.init(width: w, height: h, ink: ink, pixelsPerPoint: pixelsPerPoint)
    }

    /// What each of `crops` has over `printed`, in order, worked out on every core.
    public static func each(of crops: [AnswerCrop], printed: PrintedReference, pixelsPerPoint: Double = AnswerCrop.pixelsPerPoint) -> [AddedInk] {
        crops.concurrentMap { AddedInk($0, printed: printed, pixelsPerPoint: pixelsPerPoint) }
    }

    /// The ink's area in square points (a pen line 1.5 pt wide and 10 pt long is 15).
    public var area: Double {
        Double(ink.reduce(0, +)) / (pixelsPerPoint * pixelsPerPoint)
    }

    /// From the first row with ink to the last, in points (0 without ink).
    public var inkHeight: Double {
        let rows = (0..<height).filter { y in (0..<width).contains { ink[y * width + $0] > 0 } }
        guard let first = rows.first, let last = rows.last else { return 0 }
        return Double(last - first + 1) / pixelsPerPoint
    }

    /// The smallest patch of ink kept as writing, in square points: a speck of dust or toner is smaller.
    public static let smallestMark = 4.0

    /// The ink in strokes: only pixels that are part of a 2×2 block of ink (a pen stroke is two
    /// pixels wide or more; a grain or a hairline of print the alignment left is not), in
    /// connected patches of at least `smallestMark` (a speck of dust is not writing); the rest paper.
    public var strokes: AddedInk {
        let count = width * height
        var kept = [Float](repeating: 0, count: count)
        ink.withUnsafeBufferPointer { ink in
            kept.withUnsafeMutableBufferPointer { out in
                for y in 0..<max(0, height - 1) {
                    for x in 0..<max(0, width - 1) {
                        let i = y &* width &+ x
                        if ink[i] > 0.3, ink[i &+ 1] > 0.3, ink[i &+ width] > 0.3, ink[i &+ width &+ 1] > 0.3 {
                            out[i] = ink[i]; out[i &+ 1] = ink[i &+ 1]; out[i &+ width] = ink[i &+ width]; out[i &+ width &+ 1] = ink[i &+ width &+ 1]
                        }
                    }
                }
            }
        }
        // Patches (8-connected) too small to be writing go.
        let smallest = Self.smallestMark * pixelsPerPoint * pixelsPerPoint
        var seen = [Bool](repeating: false, count: count), stack: [Int] = [], patch: [Int] = []
        kept.withUnsafeMutableBufferPointer { out in
            for start in 0..<count where out[start] > 0 && !seen[start] {
                stack.append(start)
                seen[start] = true
                patch.removeAll(keepingCapacity: true)
                var mass: Float = 0
                while let i = stack.popLast() {
                    patch.append(i)
                    mass += out[i]
                    let x = i % width, y = i / width
                    for ny in max(0, y - 1)...min(height - 1, y + 1) {
                        for nx in max(0, x - 1)...min(width - 1, x + 1) {
                            let j = ny &* width &+ nx
                            if out[j] > 0, !seen[j] { seen[j] = true; stack.append(j) }
                        }
                    }
                }
                if Double(mass) < smallest { for i in patch { out[i] = 0 } }
            }
        }
        return AddedInk(width: width, height: height, ink: kept, pixelsPerPoint: pixelsPerPoint)
    }
}
