import Foundation
import GraderAlignment
import GraderCore

/// Takes a student's fills out of a filled copy used as the blank: each bubble marked
/// `filledOnSheet` is covered by its nearest unmarked bubble of about its size (ring, letter and
/// paper around), so the template, the ring patches and the row-shift test see an empty sheet.
/// A bubble with no unmarked one to copy is covered by paper.
enum FillEraser {
    /// `image` with the fills of `shapes` (in points: one block's, or every block's of the page) taken out.
    static func erased(_ shapes: [BubbleShape], in image: GrayImage) -> GrayImage {
        guard shapes.contains(where: \.filledOnSheet) else { return image }
        let ppp = image.pixelsPerPoint
        var bytes = image.bytes
        for shape in shapes where shape.filledOnSheet {
            let half = (x: Int(((shape.width / 2 + 0.15 * min(shape.width, shape.height)) * ppp).rounded(.up)),
                        y: Int(((shape.height / 2 + 0.15 * min(shape.width, shape.height)) * ppp).rounded(.up)))
            let (cx, cy) = (Int((shape.centre.x * ppp).rounded()), Int((shape.centre.y * ppp).rounded()))
            let source = shapes.filter { !$0.filledOnSheet && abs($0.width - shape.width) <= shape.width / 5 && abs($0.height - shape.height) <= shape.height / 5 }
                .min { hypot($0.centre.x - shape.centre.x, $0.centre.y - shape.centre.y) < hypot($1.centre.x - shape.centre.x, $1.centre.y - shape.centre.y) }
            let offset = source.map { (x: Int(($0.centre.x * ppp).rounded()) - cx, y: Int(($0.centre.y * ppp).rounded()) - cy) }
            let paper = paperLevel(image, around: (cx, cy), half: half)
            guard max(0, cx - half.x) <= min(image.width - 1, cx + half.x), max(0, cy - half.y) <= min(image.height - 1, cy + half.y) else { continue }
            for y in max(0, cy - half.y)...min(image.height - 1, cy + half.y) {
                for x in max(0, cx - half.x)...min(image.width - 1, cx + half.x) {
                    var value = paper
                    if let offset {
                        let (sx, sy) = (x + offset.x, y + offset.y)
                        if sx >= 0, sy >= 0, sx < image.width, sy < image.height { value = image.bytes[sy * image.width + sx] }
                    }
                    bytes[y * image.width + x] = value
                }
            }
        }
        return GrayImage(width: image.width, height: image.height, bytes: bytes, pixelsPerPoint: ppp)
    }

    /// The paper's grey on the border of the box of half-size `half` around `centre` (pixels).
    private static func paperLevel(_ image: GrayImage, around centre: (x: Int, y: Int), half: (x: Int, y: Int)) -> UInt8 {
        var histogram = GreyHistogram()
        let (x0, x1) = (max(0, centre.x - half.x - 1), min(image.width - 1, centre.x + half.x + 1))
        let (y0, y1) = (max(0, centre.y - half.y - 1), min(image.height - 1, centre.y + half.y + 1))
        guard x0 <= x1, y0 <= y1 else { return 255 }
        for x in x0...x1 {
            histogram.add(image.bytes[y0 * image.width + x])
            histogram.add(image.bytes[y1 * image.width + x])
        }
        for y in y0...y1 {
            histogram.add(image.bytes[y * image.width + x0])
            histogram.add(image.bytes[y * image.width + x1])
        }
        return UInt8(clamping: histogram.percentile(0.75))
    }
}
