import GraderAssembly
internal import CJPEGBand

/// Why libjpeg could not decode a scan's JPEG (its own message).
struct JPEGDecodeError: Error {
    let message: String
}

/// A scanned page's JPEG decoded straight from its bytes, a band of rows at a time from the top,
/// at the smallest of libjpeg's DCT scales (1/8, 1/4, 3/8, 1/2, …) at least `minimumWidth` pixels
/// wide (`CJPEGBand`): many times faster than decoding it whole, which poppler always does, and
/// the rows never asked for are never decoded.
final class ScaledScanRows {
    /// Size in pixels at this scale.
    let width: Int, height: Int
    /// Bytes a pixel of the format asked for.
    let bytesPerPixel: Int
    /// The rows decoded so far.
    private(set) var rowsRead = 0
    private let reader: OpaquePointer

    /// Starts decoding `jpeg` in `format`; nil when it is not the image the PDF declares, is CMYK
    /// or has no scale wide enough; throws libjpeg's message when it is not a readable JPEG.
    init?(_ jpeg: ScanJPEG, minimumWidth: Int, format: jpeg_band_format) throws(JPEGDecodeError) {
        guard minimumWidth > 0, minimumWidth <= jpeg.width else { return nil }
        // The smallest scale whose width (rounded up, as libjpeg does) is still wide enough.
        let eighths = (1...8).first { (jpeg.width * $0 + 7) / 8 >= minimumWidth } ?? 8
        var message = [CChar](repeating: 0, count: Int(JPEG_BAND_MESSAGE_LENGTH))
        var width: Int32 = 0, height: Int32 = 0, scaledWidth: Int32 = 0, scaledHeight: Int32 = 0
        let opened = jpeg.bytes.withUnsafeBufferPointer {
            jpeg_band_open($0.baseAddress, $0.count, Int32(eighths), format, &width, &height, &scaledWidth, &scaledHeight, &message)
        }
        guard let opened else {
            if message[0] == 0 { return nil }  // CMYK
            throw JPEGDecodeError(message: String(cString: message))
        }
        guard Int(width) == jpeg.width, Int(height) == jpeg.height else {
            jpeg_band_close(opened)
            return nil
        }
        (reader, self.width, self.height) = (opened, Int(scaledWidth), Int(scaledHeight))
        bytesPerPixel = format == JPEG_BAND_GREY ? 1 : 4
    }

    deinit { jpeg_band_close(reader) }

    /// The next `count` rows (fewer at the bottom), `width × bytesPerPixel` bytes each. A damaged
    /// end (a truncated scan) still gives rows, grey where the data stops.
    func next(_ count: Int) throws(JPEGDecodeError) -> [UInt8] {
        let count = max(0, min(count, height - rowsRead))
        let rowBytes = width * bytesPerPixel
        var message = [CChar](repeating: 0, count: Int(JPEG_BAND_MESSAGE_LENGTH))
        var pixels = [UInt8](repeating: 255, count: rowBytes * count)
        let result = pixels.withUnsafeMutableBufferPointer { jpeg_band_read(reader, Int32(count), $0.baseAddress, rowBytes, &message) }
        guard result == 0 else { throw JPEGDecodeError(message: String(cString: message)) }
        rowsRead += count
        return pixels
    }
}

/// A scanned page's JPEG decoded whole at the smallest DCT scale at least `minimumWidth` wide.
struct ScaledScan {
    /// Size in pixels.
    let width: Int, height: Int
    /// `width × height` pixels of the format's bytes a pixel, row by row.
    var bytes: [UInt8]

    /// `jpeg` decoded in `format`; nil when it is not the image the PDF declares, is CMYK, has no
    /// scale wide enough, or cannot be decoded (poppler then draws it).
    init?(_ jpeg: ScanJPEG, minimumWidth: Int, format: jpeg_band_format) {
        guard let rows = try? ScaledScanRows(jpeg, minimumWidth: minimumWidth, format: format),
              let bytes = try? rows.next(rows.height) else { return nil }
        (width, height, self.bytes) = (rows.width, rows.height, bytes)
    }
}
