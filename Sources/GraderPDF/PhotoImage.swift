import Foundation
import GraderAssembly
import GraderCore
internal import CCairo
internal import CJPEGBand
internal import CTurboJPEG

/// A photo of a page as a phone takes it (a JPEG or PNG file): its size, a grey copy to find the
/// sheet on, and the JPEG a scan page is made of — the photo's own bytes when it is a JPEG (kept
/// byte for byte, like a scanner's), a grey JPEG of it when it is a PNG.
public struct PhotoImage: Sendable {
    /// Size in pixels.
    public let width: Int, height: Int
    /// The JPEG the page is made of.
    public let jpeg: [UInt8]
    /// The file, for messages.
    public let path: String

    /// Photos a phone takes are up to 50 MP; more is not a photo of one sheet.
    static let largestSide = 12_000

    /// Reads the photo at `path`: refused unless it is a JPEG or PNG of at least `minimumWidth`
    /// pixels on its shorter side.
    public init(path: String, minimumSide: Int) throws(PDFError) {
        guard let data = FileManager.default.contents(atPath: path) else { throw .fileNotFound(path: path) }
        let bytes = [UInt8](data)
        self.path = path
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            guard let size = Self.jpegSize(bytes) else { throw .unreadable(path: path, reason: "the JPEG is damaged: take the photo again") }
            (width, height, jpeg) = (size.width, size.height, bytes)
        } else if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            let canvas = try CairoCanvas(png: path)
            let grey = Self.grey(fromRGB: canvas.rgbBytes())
            (width, height) = (canvas.width, canvas.height)
            jpeg = try Self.encodeGrey(grey, width: width, height: height, path: path)
        } else {
            throw .unreadable(path: path, reason: "not a JPEG or PNG photo")
        }
        guard min(width, height) >= minimumSide, max(width, height) <= Self.largestSide else {
            throw .unreadable(path: path, reason: "a photo of \(width)×\(height) pixels cannot be read: take it with the phone's camera at "
                              + "\(minimumSide) pixels or more across the sheet")
        }
    }

    /// The photo in grey, at the smallest of libjpeg's scales at least `minimumWidth` wide (or whole).
    public func grey(minimumWidth: Int) -> GrayPixels? {
        guard let scan = ScaledScan(ScanJPEG(bytes: jpeg, width: width, height: height), minimumWidth: min(minimumWidth, width),
                                    format: JPEG_BAND_GREY) else { return nil }
        return GrayPixels(width: scan.width, height: scan.height, bytes: scan.bytes)
    }

    /// Writes a one-page PDF at `path` whose page (`size` in points) is this photo and nothing
    /// else, so it is read, shown and exported like a scanned page.
    public func writePage(size: PageSize, to path: String) throws(PDFError) {
        try AtomicOutput.write(to: path, expecting: .pdf) { temporary throws(PDFError) in
            let surface = try CairoPDFSurface(path: temporary, firstPage: size)
            try paint(on: surface.context, size: size, path: path)
            surface.endPage()
            try surface.finish()
        }
    }

    /// Paints the JPEG over the whole page through a surface carrying it as mime data, so cairo
    /// writes its bytes unchanged (DCTDecode); the surface stays alive until the page is shown.
    private func paint(on cr: OpaquePointer, size: PageSize, path: String) throws(PDFError) {
        var extents = cairo_rectangle_t(x: 0, y: 0, width: Double(width), height: Double(height))
        guard let image = cairo_recording_surface_create(CAIRO_CONTENT_COLOR, &extents) else {
            throw .drawingFailed(path: path, detail: "cairo_recording_surface_create returned NULL")
        }
        defer { cairo_surface_destroy(image) }
        guard let copy = malloc(jpeg.count) else { throw .drawingFailed(path: path, detail: "out of memory for the photo") }
        jpeg.withUnsafeBytes { _ = memcpy(copy, $0.baseAddress!, jpeg.count) }
        let status = cairo_surface_set_mime_data(image, CAIRO_MIME_TYPE_JPEG, copy.assumingMemoryBound(to: UInt8.self), UInt(jpeg.count),
                                                 { free($0) }, copy)
        if status != CAIRO_STATUS_SUCCESS { free(copy) }
        try CairoStatus.check(status, path: path)
        cairo_save(cr)
        cairo_scale(cr, size.width / Double(width), size.height / Double(height))
        cairo_set_source_surface(cr, image, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
        cairo_show_page(cr)
        try CairoStatus.check(cairo_status(cr), path: path)
    }

    /// The size a JPEG's header declares (`tjDecompressHeader3`); nil when it is not readable.
    private static func jpegSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard let handle = tjInitDecompress() else { return nil }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let ok = bytes.withUnsafeBufferPointer {
            tjDecompressHeader3(handle, $0.baseAddress, UInt($0.count), &width, &height, &subsampling, &colorspace) == 0
        }
        guard ok, width > 0, height > 0, colorspace != TJCS_CMYK.rawValue, colorspace != TJCS_YCCK.rawValue else { return nil }
        return (Int(width), Int(height))
    }

    /// Red, green, blue bytes to grey (ITU-R 601 weights).
    private static func grey(fromRGB rgb: [UInt8]) -> [UInt8] {
        (0..<rgb.count / 3).map { (i: Int) -> UInt8 in
            let red = Int(rgb[3 * i]) * 77, green = Int(rgb[3 * i + 1]) * 150, blue = Int(rgb[3 * i + 2]) * 29
            return UInt8(truncatingIfNeeded: (red + green + blue + 128) >> 8)
        }
    }

    /// Compresses grey pixels as a one-component JPEG (`tjCompress2`, quality 92).
    private static func encodeGrey(_ pixels: [UInt8], width: Int, height: Int, path: String) throws(PDFError) -> [UInt8] {
        guard let handle = tjInitCompress() else { throw .drawingFailed(path: path, detail: "libjpeg-turbo could not start") }
        defer { tjDestroy(handle) }
        var jpeg: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        defer { if let jpeg { tjFree(jpeg) } }
        let result = pixels.withUnsafeBufferPointer {
            tjCompress2(handle, $0.baseAddress, Int32(width), Int32(width), Int32(height), Int32(TJPF_GRAY.rawValue),
                        &jpeg, &size, Int32(TJSAMP_GRAY.rawValue), 92, 0)
        }
        guard result == 0, let jpeg else { throw .drawingFailed(path: path, detail: "the PNG could not be turned into a JPEG page") }
        return Array(UnsafeBufferPointer(start: jpeg, count: Int(size)))
    }
}
