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
    }

    private let scanner: OpaquePointer

    /// A reader that looks for QR symbols only.
    public init() {
        scanner = zbar_image_scanner_create()
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_ENABLE, 1)
    }

    deinit { zbar_image_scanner_destroy(scanner) }

    /// The symbols in `width × height` grey pixels (one byte each, rows from the top, 0 = black).
    public func read(grey: [UInt8], width: Int, height: Int) -> [Symbol] {
        guard width > 0, height > 0, grey.count == width * height, let image = zbar_image_create() else { return [] }
        defer { zbar_image_destroy(image) }
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
                    symbols.append(Symbol(text: String(cString: data), uprightRotation: Self.rotation(zbar_symbol_get_orientation(found))))
                }
                symbol = zbar_symbol_next(found)
            }
            return symbols
        }
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
