/// Where one student's page sits relative to the reference page (the first student's, or the
/// master copy's), found from the printed content when the scans were imported.
///
/// Positions of what is propagated (grade boxes, rubric comments, answer regions) are kept in the
/// reference page's coordinates; `place` puts them on this page. A page that did not match keeps
/// no transform and is flagged: its boxes fall back to the same place relative to the page size.
public struct PageAlignment: Hashable, Sendable {
    /// Reference-page points → points on this page as shown (after turning it upright); nil when
    /// the page did not match the reference.
    public var transform: SimilarityTransform?
    /// How well the printed content matched, 0 (nothing in common) … 1 (the same image).
    public var score: Double
    /// The page was scanned upside down: it is shown and exported turned by 180°.
    public var upsideDown: Bool

    /// Creates an alignment.
    public init(transform: SimilarityTransform?, score: Double, upsideDown: Bool = false) {
        self.transform = transform
        self.score = score
        self.upsideDown = upsideDown
    }

    /// The reference page itself.
    public static let reference = PageAlignment(transform: .identity, score: 1)

    /// True when the page did not match and boxes on it may be misplaced.
    public var isFlagged: Bool { transform == nil }

    /// Where `position` (relative to the reference page of `referenceSize`) lands on this page of
    /// `size`: through the transform, or at the same place relative to the page when unmatched.
    public func place(_ position: RelativePoint, reference referenceSize: PageSize, on size: PageSize) -> PagePoint {
        guard let transform else { return position.point(on: size) }
        return transform.apply(position.point(on: referenceSize))
    }
}
