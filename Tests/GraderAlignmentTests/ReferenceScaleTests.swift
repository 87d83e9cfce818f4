import GraderAlignment
import Testing

/// How much larger than a reference page a copy may be when the reference's own print was
/// reduced by a known share (`ReferencePage.allowingEnlargement(printedAt:)`): a full-size copy
/// and the copier's 2 % over it, no more.
@Suite struct ReferenceScaleTests {
    /// A white Letter page at the registration's resolution: its ink plays no part in the allowance.
    private let page = ReferencePage(GrayImage(width: 306, height: 396, filledWith: 255, pixelsPerPoint: PageRegistrar.pixelsPerPoint))

    @Test func aReferenceReducedTo96PercentTakesAFullSizeCopyAndTheCopiersTwoPercent() {
        let reduced = page.allowingEnlargement(printedAt: 0.96)
        #expect(reduced.isWithinScale(1 / 0.96))
        #expect(reduced.isWithinScale(1.06))
        #expect(!reduced.isWithinScale(1.07))
        #expect(!page.isWithinScale(1 / 0.96))
    }

    @Test func aFullSizeReferenceKeepsTheCopiersTwoPercent() {
        for printedAt in [1.0, 0.99] {
            #expect(page.allowingEnlargement(printedAt: printedAt).isWithinScale(1.02), "\(printedAt)")
            #expect(!page.allowingEnlargement(printedAt: printedAt).isWithinScale(1.035), "\(printedAt)")
        }
    }

    /// A mark misread (a share no copier makes) widens nothing; a deep reduction widens up to 12 %.
    @Test func aShareOutOfTheCopiersRangeWidensNothing() {
        for printedAt in [0.5, 0.8, 1.1] {
            #expect(!page.allowingEnlargement(printedAt: printedAt).isWithinScale(1.03), "\(printedAt)")
        }
        #expect(page.allowingEnlargement(printedAt: 0.9).isWithinScale(1.12))
        #expect(!page.allowingEnlargement(printedAt: 0.9).isWithinScale(1.125))
    }
}
