/// The paper a printed report goes on: US Letter or A4, whichever the class's pages are.
public enum PaperSize: String, Sendable, CaseIterable {
    /// US Letter, 8.5 × 11 in.
    case letter
    /// ISO A4, 210 × 297 mm.
    case a4

    /// The sheet upright, in points.
    public var size: PageSize {
        switch self {
        case .letter: PageSize(width: 612, height: 792)
        case .a4: PageSize(width: 595.28, height: 841.89)
        }
    }

    /// The paper `page` is nearest to (turned upright first): a scan a copier reduced or cropped a
    /// little is still on the paper it was printed on.
    public init(nearest page: PageSize) {
        let short = min(page.width, page.height), long = max(page.width, page.height)
        let distance = { (paper: PaperSize) in abs(paper.size.width - short) + abs(paper.size.height - long) }
        self = distance(.letter) <= distance(.a4) ? .letter : .a4
    }

    /// The paper most of `pages` are on (Letter on a tie); nil for no pages.
    public static func commonest(of pages: [PageSize]) -> PaperSize? {
        guard !pages.isEmpty else { return nil }
        let a4 = pages.filter { PaperSize(nearest: $0) == .a4 }.count
        return 2 * a4 > pages.count ? .a4 : .letter
    }
}
