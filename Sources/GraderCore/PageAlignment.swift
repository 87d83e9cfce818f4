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
    /// What was seen on a page that did not match (nil for one that did, or one aligned before reasons were kept).
    public var problem: AlignmentProblem?
    /// A grader placed the page by hand (its print lined up with the reference's by eye).
    public var byHand: Bool

    /// Creates an alignment.
    public init(transform: SimilarityTransform?, score: Double, upsideDown: Bool = false, problem: AlignmentProblem? = nil,
                byHand: Bool = false) {
        self.transform = transform
        self.score = score
        self.upsideDown = upsideDown
        self.problem = transform == nil ? problem : nil
        self.byHand = byHand
    }

    /// The reference page itself.
    public static let reference = PageAlignment(transform: .identity, score: 1)

    /// True when the page did not match and boxes on it may be misplaced.
    public var isFlagged: Bool { transform == nil }

    /// Where `position` (relative to the reference page of `referenceSize`) lands on this page of
    /// `size`: through the transform, or at the same place relative to the page when unmatched.
    public func place(_ position: RelativePoint, reference referenceSize: PageSize, on size: PageSize) -> PagePoint {
        place(position.point(on: referenceSize), reference: referenceSize, on: size)
    }

    /// Where `point` of the reference page of `referenceSize` lands on this page of `size`.
    public func place(_ point: PagePoint, reference referenceSize: PageSize, on size: PageSize) -> PagePoint {
        guard let transform else {
            return PagePoint(x: point.x * size.width / referenceSize.width, y: point.y * size.height / referenceSize.height)
        }
        return transform.apply(point)
    }

    /// The part of this page of `size` that shows `rect` of the reference page: the bounding box of
    /// its corners carried over, so a view crops (or covers) the same printed part for every student.
    public func region(_ rect: PageRect, reference referenceSize: PageSize, on size: PageSize) -> PageRect {
        let corners = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)].map { fx, fy in
            place(PagePoint(x: rect.origin.x + fx * rect.width, y: rect.origin.y + fy * rect.height), reference: referenceSize, on: size)
        }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let (minX, minY) = (xs.min() ?? 0, ys.min() ?? 0)
        return PageRect(origin: PagePoint(x: minX, y: minY), width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }
}
