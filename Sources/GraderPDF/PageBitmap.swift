import GraderCore

/// A page rendered to pixels in memory: what a person would see, for checks and analysis.
public struct PageBitmap: Sendable, Equatable, CustomStringConvertible {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Resolution the page was rendered at, in pixels per inch.
    public let dpi: Double
    /// 3 bytes (red, green, blue) per pixel, row by row from the top-left corner.
    public let rgb: [UInt8]

    /// Wraps rendered pixels.
    public init(width: Int, height: Int, dpi: Double, rgb: [UInt8]) {
        precondition(rgb.count == width * height * 3, "\(rgb.count) bytes for \(width)×\(height) pixels")
        self.width = width
        self.height = height
        self.dpi = dpi
        self.rgb = rgb
    }

    /// Its size and resolution, not its pixels (which would flood a log).
    public var description: String { "\(width)×\(height) px at \(dpi) dpi" }

    /// The colour of pixel (`x`, `y`), from the top-left corner.
    public subscript(x: Int, y: Int) -> RGBColor {
        let at = (y * width + x) * 3
        return RGBColor(red: rgb[at], green: rgb[at + 1], blue: rgb[at + 2])
    }

    /// The colour of the pixel under `point` (points from the displayed page's top-left corner).
    public subscript(point: PagePoint) -> RGBColor {
        let scale = dpi / 72
        return self[min(Int(point.x * scale), width - 1), min(Int(point.y * scale), height - 1)]
    }
}

extension PageBitmap {
    /// Reads a PNG (a preview written by `PagePreview`) back into pixels; `dpi` is the resolution it was written at.
    public init(pngAt path: String, dpi: Double) throws(PDFError) {
        let canvas = try CairoCanvas(png: path)
        self.init(width: canvas.width, height: canvas.height, dpi: dpi, rgb: canvas.rgbBytes())
    }
}
