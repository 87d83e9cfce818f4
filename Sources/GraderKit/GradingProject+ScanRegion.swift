import GraderAlignment
import GraderCore
import GraderPDF

extension GradingProject {
    /// The pixels of `scan` at `pixelsPerPoint` that `region` (reference points) covers, the page
    /// as shown (turned when scanned upside down), and the transform from reference points onto
    /// them: `placement`, else the page's alignment, else the region at the same place relative to
    /// the page's width (`referenceWidth`, the reference page's). Only those pixels are made.
    static func scanRegion(_ region: PageRect, of scan: PDFPage, alignment: PageAlignment?, placement: SimilarityTransform? = nil,
                           referenceWidth: Double, pixelsPerPoint s: Double) throws -> (image: GrayImage, transform: SimilarityTransform) {
        let size = GrayImage.renderedSize(of: scan, pixelsPerPoint: s)
        let transform = placement ?? alignment?.transform ?? SimilarityTransform(a: Double(size.width) / s / referenceWidth, b: 0, tx: 0, ty: 0)
        let window = PixelWindow(covering: region, through: transform, pixelsPerPoint: s, within: size.width, size.height)
        let upsideDown = alignment?.upsideDown == true
        var image = try GrayImage(rendering: scan, pixelsPerPoint: s, keeping: upsideDown ? window.turned(inWidth: size.width, height: size.height) : window)
        if upsideDown { image = image.turned }
        return (image, window.placing(transform, pixelsPerPoint: s))
    }
}
