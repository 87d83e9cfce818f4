import Foundation
import GraderCore
internal import CTurboJPEG

/// A phone camera's frame of a photographed sheet lying on a dark wooden table, as the capture
/// view sends it: the photo (a `writeFilledSheet` photo's JPEG) scaled to a share of the frame's
/// width, centred a little below the middle, the table's grain around it.
public struct CameraFrame: Sendable {
    /// The frame as a grey JPEG.
    public let jpeg: [UInt8]
    /// The frame's size in pixels.
    public let width: Int, height: Int
    /// Where the photo's top-left corner lies on the frame, frame pixels per photo pixel, and the photo's width in pixels.
    let origin: (x: Double, y: Double), scale: Double, photoWidth: Int

    /// `photo` (a JPEG) on the table at `share` of a `width` × `height` frame's width.
    public init(photo: [UInt8], width: Int = 1200, height: Int = 1600, share: Double = 0.85) throws {
        let context = "framing a photo on a table"
        let source = try Self.decodeGrey(photo, context: context)
        let shownWidth = Int(Double(width) * share), scale = Double(shownWidth) / Double(source.width)
        let shownHeight = Int(Double(source.height) * scale)
        let left = (width - shownWidth) / 2, top = (height - shownHeight) / 2 + 20
        guard shownHeight < height else { throw ScanFactoryError(context: context, reason: "a \(source.width)×\(source.height) photo does not fit the frame") }
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                // Grain: a lighter line 6 px thick every 40 px, rising 25 px across the frame.
                let lean = Double(y) - 25 * Double(x) / Double(width)
                let grain = lean.truncatingRemainder(dividingBy: 40)
                pixels[y * width + x] = (0..<6).contains(grain < 0 ? grain + 40 : grain) ? 61 : 54
            }
        }
        // The photo scaled by area-weighted sampling (each frame pixel averages the photo pixels under it).
        for y in 0..<shownHeight {
            let y0 = Double(y) / scale, y1 = Double(y + 1) / scale
            for x in 0..<shownWidth {
                let x0 = Double(x) / scale, x1 = Double(x + 1) / scale
                var sum = 0.0, area = 0.0
                for sy in Int(y0)..<min(source.height, Int(y1.rounded(.up))) {
                    let wy = min(Double(sy + 1), y1) - max(Double(sy), y0)
                    for sx in Int(x0)..<min(source.width, Int(x1.rounded(.up))) {
                        let w = wy * (min(Double(sx + 1), x1) - max(Double(sx), x0))
                        sum += w * Double(source.pixels[sy * source.width + sx])
                        area += w
                    }
                }
                pixels[(top + y) * width + left + x] = UInt8(min(255, max(0, (sum / max(area, 1e-9)).rounded())))
            }
        }
        jpeg = try pixels.withUnsafeBufferPointer { try GrayJPEGEncoder.encode($0, width: width, height: height, pitch: width, quality: 90) }
        (self.width, self.height, origin, self.scale, photoWidth) = (width, height, (Double(left), Double(top)), scale, source.width)
    }

    /// Where a point of the photo's page (`FilledSheetTruth.captured`'s points, the photo's page
    /// `pageWidth` points wide) lies on the frame, as shares of its width and height.
    public func onFrame(_ point: PagePoint, pageWidth: Double) -> (x: Double, y: Double) {
        let pixels = Double(photoWidth) / pageWidth
        return ((origin.x + point.x * pixels * scale) / Double(width), (origin.y + point.y * pixels * scale) / Double(height))
    }

    /// The photo's pixels in grey.
    private static func decodeGrey(_ jpeg: [UInt8], context: String) throws -> (pixels: [UInt8], width: Int, height: Int) {
        guard let handle = tjInitDecompress() else { throw ScanFactoryError(context: context, reason: "tjInitDecompress failed") }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let size = jpeg.withUnsafeBufferPointer {
            tjDecompressHeader3(handle, $0.baseAddress, UInt($0.count), &width, &height, &subsampling, &colorspace)
        }
        guard size == 0, width > 0, height > 0 else { throw ScanFactoryError(context: context, reason: "the photo is not a readable JPEG") }
        var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height))
        let result = jpeg.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer {
                tjDecompress2(handle, source.baseAddress, UInt(source.count), $0.baseAddress, width, width, height, Int32(TJPF_GRAY.rawValue), 0)
            }
        }
        guard result == 0 else { throw ScanFactoryError(context: context, reason: "the photo could not be decoded") }
        return (pixels, Int(width), Int(height))
    }
}
