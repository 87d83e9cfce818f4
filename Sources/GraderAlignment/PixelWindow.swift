import GraderCore

/// A rectangle of whole pixels of an image: columns `x ..< x + width`, rows `y ..< y + height`.
public struct PixelWindow: Sendable, Hashable {
    /// The first column and row.
    public let x: Int, y: Int
    /// Columns and rows.
    public let width: Int, height: Int

    /// A window from its corner and size.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The pixels of a `imageWidth × imageHeight` image at `pixelsPerPoint` that a grid laid over
    /// `rect` (reference points) and placed through `transform` reads (`GrayImage.greys`), with
    /// `margin` pixels around, within the image.
    public init(covering rect: PageRect, through transform: SimilarityTransform, pixelsPerPoint: Double,
                within imageWidth: Int, _ imageHeight: Int, margin: Int = 2) {
        let corners = [(rect.origin.x, rect.origin.y), (rect.origin.x + rect.width, rect.origin.y),
                       (rect.origin.x, rect.origin.y + rect.height), (rect.origin.x + rect.width, rect.origin.y + rect.height)]
            .map { transform.apply($0) }
        let xs = corners.map { $0.x * pixelsPerPoint }, ys = corners.map { $0.y * pixelsPerPoint }
        // Bounded before `Int(_:)`: a transform far off the page must not trap.
        func pixel(_ value: Double) -> Int { Int(max(-1e6, min(1e6, value.isFinite ? value : 0))) }
        let left = pixel((xs.min() ?? 0).rounded(.down)) - margin, top = pixel((ys.min() ?? 0).rounded(.down)) - margin
        let right = pixel((xs.max() ?? 0).rounded(.up)) + margin, bottom = pixel((ys.max() ?? 0).rounded(.up)) + margin
        self = PixelWindow(x: left, y: top, width: right - left, height: bottom - top).clamped(toWidth: imageWidth, height: imageHeight)
    }

    /// This window cut to an image of `imageWidth × imageHeight` pixels: at least its nearest pixel.
    public func clamped(toWidth imageWidth: Int, height imageHeight: Int) -> PixelWindow {
        let left = max(0, min(x, imageWidth - 1)), top = max(0, min(y, imageHeight - 1))
        let right = max(left + 1, min(x + width, imageWidth)), bottom = max(top + 1, min(y + height, imageHeight))
        return PixelWindow(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The same pixels of the `imageWidth × imageHeight` image turned by 180° (`GrayImage.turned`).
    public func turned(inWidth imageWidth: Int, height imageHeight: Int) -> PixelWindow {
        PixelWindow(x: imageWidth - x - width, y: imageHeight - y - height, width: width, height: height)
    }

    /// `transform` (reference points → points on the page) onto this window's pixels of the page
    /// at `pixelsPerPoint` taken as an image of their own: shifted by the window's corner.
    public func placing(_ transform: SimilarityTransform, pixelsPerPoint: Double) -> SimilarityTransform {
        SimilarityTransform(a: transform.a, b: transform.b, tx: transform.tx - Double(x) / pixelsPerPoint, ty: transform.ty - Double(y) / pixelsPerPoint)
    }
}

extension GrayImage {
    /// The pixels of `window` (cut to the image) alone.
    public func cropped(to window: PixelWindow) -> GrayImage {
        let window = window.clamped(toWidth: width, height: height)
        var cut = [UInt8]()
        cut.reserveCapacity(window.width * window.height)
        for row in window.y..<(window.y + window.height) {
            cut.append(contentsOf: bytes[(row * width + window.x)..<(row * width + window.x + window.width)])
        }
        return GrayImage(width: window.width, height: window.height, bytes: cut, pixelsPerPoint: pixelsPerPoint)
    }
}
