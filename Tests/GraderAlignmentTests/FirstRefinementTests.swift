import Foundation
@testable import GraderAlignment
import GraderCore
import Testing

/// The first refinement of a page's placement (`PageRegistrar.refined`, voting): two neighbouring
/// squares matched a letter over — as the handwriting in their squares pulls them on a copy turned
/// 1° — are left out of the fit, and the page's turn is found within 0.1°; a least-squares fit of
/// every square within reach keeps them and turns the page a quarter of a degree too far.
@Suite struct FirstRefinementTests {
    /// Squares kept on a reference page: two pairs of them 16 pt apart across a cell border.
    private static let spots: [(x: Double, y: Double)] = [(116, 84), (132, 84), (100, 132), (500, 132), (68, 340), (100, 436), (500, 548),
                                                          (116, 596), (132, 596)]
    /// Each square's own matching error, in points (the last two are matched 5 pt to the left besides).
    private static let errors: [(x: Double, y: Double)] = [(0.3, -0.2), (-0.2, 0.3), (0.2, 0.2), (-0.3, -0.1), (0.1, -0.3), (-0.2, 0.1), (0.3, 0.2),
                                                           (0, 0), (0, 0)]

    /// The squares found on a copy turned `degrees` about the page centre and moved (−4, 10) pt, the
    /// last two a letter (5 pt) to the left; the rough placement to refine is 1 pt below the copy's.
    private static func copy(turned degrees: Double) -> (truth: SimilarityTransform, rough: SimilarityTransform,
                                                          pairs: [(from: (x: Double, y: Double), to: (x: Double, y: Double))]) {
        let truth = SimilarityTransform(rotation: degrees * .pi / 180, scale: 1, about: (306, 396), shift: (-4, 10))
        let pairs = zip(spots, errors).enumerated().map { index, square in
            let found = truth.apply(square.0)
            return (from: square.0, to: (x: found.x + square.1.x - (index >= 7 ? 5 : 0), y: found.y + square.1.y))
        }
        return (truth, SimilarityTransform(a: truth.a, b: truth.b, tx: truth.tx, ty: truth.ty + 1), pairs)
    }

    @Test(arguments: [-2.5, -1, 1, 2]) func twoSquaresMatchedALetterOverAreLeftOutAndTheTurnIsFound(degrees: Double) throws {
        let (truth, rough, pairs) = Self.copy(turned: degrees)
        let voted = try #require(PageRegistrar.refined(rough, by: pairs, within: 6, voting: true))
        #expect(abs(voted.transform.rotation * 180 / .pi - degrees) < 0.1, "\(voted.transform.rotation * 180 / .pi)°")
        // A box at the bottom of the page, beside the squares matched wrong, lands on its spot.
        let box = (x: 72.0, y: 700.0), placed = voted.transform.apply(box), printed = truth.apply(box)
        #expect(hypot(placed.x - printed.x, placed.y - printed.y) < 1, "\(placed) against \(printed)")
        // Least squares over every square within 6 pt keeps the two.
        let fitted = try #require(PageRegistrar.refined(rough, by: pairs, within: 6, voting: false))
        #expect(abs(fitted.transform.rotation * 180 / .pi - degrees) > 0.2, "\(fitted.transform.rotation * 180 / .pi)°")
    }

    /// Fewer than four squares within reach (a page mostly covered by handwriting): no vote, their least-squares fit.
    @Test func fewerThanFourSquaresAreFittedByLeastSquares() throws {
        let pairs = [(x: 100.0, y: 100.0, dx: 2.0, dy: 0.0), (500, 100, -2, 2), (100, 700, 0, -2.5)]
            .map { (from: (x: $0.x, y: $0.y), to: (x: $0.x + $0.dx, y: $0.y + $0.dy)) }
        let voted = try #require(PageRegistrar.refined(.identity, by: pairs, within: 6, voting: true))
        #expect(voted.transform == SimilarityTransform.fit(from: pairs.map(\.from), to: pairs.map(\.to)))
        #expect(voted.matched == 3)
        #expect(PageRegistrar.refined(.identity, by: Array(pairs.prefix(1)), within: 6, voting: true) == nil)
    }
}
