import Foundation

/// A page lined up with its reference page by hand: the page's boxes (and everything else placed
/// through its alignment) moved `dx`, `dy` points (right and down) and turned `degrees` clockwise
/// about the page's centre, from where they sit now — a flagged page's from where the page size
/// puts them.
public struct HandAlignment: Sendable, Equatable, Codable {
    /// The shift, in points, right and down positive.
    public var dx: Double, dy: Double
    /// The turn, in degrees, clockwise on the page.
    public var degrees: Double

    /// The largest turn a hand alignment gives, in degrees (a page turned further is rescanned).
    public static let largestTurn = 45.0

    /// A move by (`dx`, `dy`) points and `degrees`.
    public init(dx: Double, dy: Double, degrees: Double = 0) {
        (self.dx, self.dy, self.degrees) = (dx, dy, degrees)
    }

    /// A move typed as "dx,dy" or "dx,dy,degrees" (plain decimals).
    public init(parsing text: String) throws(GradingError) {
        guard let parts = DecimalNumber.list(text, count: 2) ?? DecimalNumber.list(text, count: 3) else { throw .badHandAlignment(text) }
        self.init(dx: parts[0], dy: parts[1], degrees: parts.count == 3 ? parts[2] : 0)
    }

    /// `alignment` (of a page of `size` to a reference page of `referenceSize`) moved by this, as
    /// placed by hand: refused when the shift is more than the page's size or the turn more than
    /// `largestTurn`, or a value is not finite.
    public func applied(to alignment: PageAlignment, reference referenceSize: PageSize, on size: PageSize) throws(GradingError) -> PageAlignment {
        guard dx.isFinite, dy.isFinite, degrees.isFinite, abs(dx) <= size.width, abs(dy) <= size.height,
              abs(degrees) <= Self.largestTurn else { throw .badHandAlignment(String(format: "%g,%g,%g", dx, dy, degrees)) }
        let current = Self.startingPoint(of: alignment, reference: referenceSize, on: size)
        let move = SimilarityTransform(rotation: degrees * .pi / 180, scale: 1, about: (size.width / 2, size.height / 2), shift: (dx, dy))
        return PageAlignment(transform: move.after(current), score: alignment.score, upsideDown: alignment.upsideDown, byHand: true)
    }

    /// Where a move by hand starts from: the page's alignment, or for a flagged page where the page
    /// size puts its boxes (the reference scaled by the width).
    public static func startingPoint(of alignment: PageAlignment, reference referenceSize: PageSize, on size: PageSize) -> SimilarityTransform {
        alignment.transform ?? SimilarityTransform(a: size.width / referenceSize.width, b: 0, tx: 0, ty: 0)
    }
}
