internal import CZBar

/// Reads QR symbols in grey page images with zbar's image scanner (`zbar_scan_image`), QR only.
/// One reader per thread: a zbar scanner is not safe to share.
public final class CodeReader {
    /// A symbol found on a page.
    public struct Symbol: Sendable, Equatable {
        /// The text it holds.
        public let text: String
        /// The clockwise turn (0, 90, 180, 270) that shows the symbol — and so its page — upright.
        public let uprightRotation: Int
        /// True when the symbol is seen mirrored: print showing through the paper from the other side.
        public let mirrored: Bool
        /// The grey of the darkest fifth of the pixels in the symbol's bounding box (0 = black): a
        /// printed symbol is near black, one showing through from the other side is light grey.
        public let darkLevel: UInt8
        /// The symbol's bounding box in pixels: its corners' least and greatest column and row.
        public let bounds: Bounds
        /// The mean length of the symbol's four sides in pixels, however it is turned: with the
        /// side it was printed at, how much the page was reduced or enlarged.
        public let side: Double
    }

    /// A bounding box in pixels, edges included.
    public struct Bounds: Sendable, Equatable {
        /// The least and greatest column and row.
        public let minX: Int, minY: Int, maxX: Int, maxY: Int
    }

    private let scanner: OpaquePointer

    /// A reader that looks for QR symbols only.
    public init() {
        scanner = zbar_image_scanner_create()
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_ENABLE, 1)
    }

    deinit { zbar_image_scanner_destroy(scanner) }

    /// The symbols in `width × height` grey pixels (one byte each, rows from the top, 0 = black),
    /// zbar's scan lines `lineSpacing` pixels apart across and down (every row and column when 1): at
    /// 2, half the work, and a printed code of 3 pixels a module or more is still crossed by every
    /// finder pattern's centre.
    public func read(grey: [UInt8], width: Int, height: Int, lineSpacing: Int = 1) -> [Symbol] {
        guard width > 0, height > 0, grey.count == width * height, let image = zbar_image_create() else { return [] }
        defer { zbar_image_destroy(image) }
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_X_DENSITY, Int32(max(1, lineSpacing)))
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_Y_DENSITY, Int32(max(1, lineSpacing)))
        // "Y800": 8-bit grey.
        zbar_image_set_format(image, UInt(UInt8(ascii: "Y")) | UInt(UInt8(ascii: "8")) << 8 | UInt(UInt8(ascii: "0")) << 16 | UInt(UInt8(ascii: "0")) << 24)
        zbar_image_set_size(image, UInt32(width), UInt32(height))
        return grey.withUnsafeBufferPointer { pixels in
            // zbar only reads the pixels, during zbar_scan_image; no clean-up handler: Swift owns them.
            zbar_image_set_data(image, pixels.baseAddress, UInt(pixels.count), nil)
            guard zbar_scan_image(scanner, image) > 0 else { return [] }
            var symbols: [Symbol] = []
            var symbol = zbar_image_first_symbol(image)
            while let found = symbol {
                if let data = zbar_symbol_get_data(found) {
                    let corners = (0..<zbar_symbol_get_loc_size(found)).map {
                        (x: Int(zbar_symbol_get_loc_x(found, $0)), y: Int(zbar_symbol_get_loc_y(found, $0)))
                    }
                    symbols.append(Symbol(text: String(cString: data), uprightRotation: Self.rotation(zbar_symbol_get_orientation(found)),
                                          mirrored: Self.isMirrored(corners),
                                          darkLevel: Self.darkLevel(pixels, width: width, height: height, within: corners),
                                          bounds: Bounds(minX: corners.map(\.x).min() ?? 0, minY: corners.map(\.y).min() ?? 0,
                                                         maxX: corners.map(\.x).max() ?? 0, maxY: corners.map(\.y).max() ?? 0),
                                          side: Self.meanSide(corners)))
                }
                symbol = zbar_symbol_next(found)
            }
            return symbols
        }
    }

    /// zbar lists a QR symbol's corners top-left, bottom-left, bottom-right, top-right of the symbol:
    /// counter-clockwise on the page (rows run down) when printed, clockwise when seen mirrored,
    /// whatever the turn.
    static func isMirrored(_ corners: [(x: Int, y: Int)]) -> Bool {
        guard corners.count >= 3 else { return false }
        let twiceArea = corners.indices.reduce(0) { sum, i in
            let a = corners[i], b = corners[(i + 1) % corners.count]
            return sum + a.x * b.y - b.x * a.y
        }
        return twiceArea > 0
    }

    /// The mean length of the sides of the polygon with `corners`, in pixels (0 with fewer than two).
    static func meanSide(_ corners: [(x: Int, y: Int)]) -> Double {
        guard corners.count >= 2 else { return 0 }
        let lengths = corners.indices.map { i in
            let a = corners[i], b = corners[(i + 1) % corners.count]
            return Double((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        }
        return lengths.reduce(0, +) / Double(lengths.count)
    }

    /// The 20th percentile of the grey levels inside the corners' bounding box.
    static func darkLevel(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, within corners: [(x: Int, y: Int)]) -> UInt8 {
        guard let left = corners.map(\.x).min(), let right = corners.map(\.x).max(),
              let top = corners.map(\.y).min(), let bottom = corners.map(\.y).max() else { return 255 }
        let columns = max(0, left)..<min(width, right + 1), rows = max(0, top)..<min(height, bottom + 1)
        var histogram = [Int](repeating: 0, count: 256), count = 0
        for y in rows {
            for x in columns {
                histogram[Int(pixels[y * width + x])] += 1
                count += 1
            }
        }
        guard count > 0 else { return 255 }
        var seen = 0
        for level in 0..<256 {
            seen += histogram[level]
            if seen * 5 >= count { return UInt8(level) }
        }
        return 255
    }

    /// zbar's orientation names the direction the symbol's top points to; the turn that undoes it.
    private static func rotation(_ orientation: zbar_orientation_t) -> Int {
        switch orientation {
        case ZBAR_ORIENT_RIGHT: 270
        case ZBAR_ORIENT_DOWN: 180
        case ZBAR_ORIENT_LEFT: 90
        default: 0
        }
    }
}
