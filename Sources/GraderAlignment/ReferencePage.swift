import Foundation
import GraderCore

/// A reference page prepared once for registering every student's copy of it: its ink at three
/// resolutions and the spots of printed structure (corners of text, frames, lines crossing) that
/// are matched on each copy.
public struct ReferencePage: Sendable {
    /// Ink at the render's resolution (`PageRegistrar.pixelsPerPoint`), at half and at a quarter of it.
    let fine: InkMap, medium: InkMap, coarse: InkMap
    /// Centres of the squares to match, in points, spread over the page.
    private(set) var spots: [PagePoint]
    /// The three best squares of each cell of the page, for `confirmed(by:)` to choose from.
    private let candidates: [[PagePoint]]
    /// For each of `spots`, the other squares of its cell (the next best, shared ones when
    /// confirmed): where handwriting covers a spot, its cell may still show print beside it.
    private(set) var alternates: [[PagePoint]]
    /// Pixels of `medium` on or next to printed ink: where the match score is measured.
    private(set) var printed: [Int]
    /// `coarse` turned and reduced about the page centre by each rotation and scale the rough
    /// placement tries (the first: unchanged): first the copier's usual range (`usualWarps`),
    /// then the wider one tried on a page that does not match within it.
    private(set) var warps: [Warp]
    /// How many of `warps` make the usual range.
    private(set) var usualWarps: Int
    /// The spectra of the usual warps on the grid of a page of the reference's size.
    private var spectra: [CrossCorrelation.Spectrum]

    /// The coarse map as it would look through `transform` (reference points → points).
    struct Warp: Sendable {
        let transform: SimilarityTransform
        let map: InkMap
    }
    /// How much larger than this page another page's print may be and still be taken for it: the
    /// copier's 2 % (`PageRegistrar.usualEnlargement`), more when this page went through reduced
    /// (`allowingEnlargement(seen:)`).
    public private(set) var maxEnlargement = PageRegistrar.usualEnlargement
    /// The page's size as displayed.
    public let size: PageSize
    /// Nothing is printed on the page (a white sheet): no page can be aligned to it.
    public let isBlank: Bool

    /// Side of a matched square at the medium resolution, in pixels.
    static let spotSide = 24

    /// Prepares `image`, rendered at `PageRegistrar.pixelsPerPoint`.
    public init(_ image: GrayImage) { self.init(ink: InkMap(image)) }

    /// Prepares a page's ink at `PageRegistrar.pixelsPerPoint`.
    init(ink: InkMap) {
        fine = ink
        medium = fine.reduced(by: 2)
        coarse = fine.reduced(by: 4)
        size = PageSize(width: Double(ink.width) / ink.pixelsPerPoint, height: Double(ink.height) / ink.pixelsPerPoint)
        isBlank = fine.isBlank
        candidates = Self.spots(in: medium, perCell: 3)
        spots = candidates.compactMap(\.first)
        alternates = candidates.map { Array($0.dropFirst()) }
        printed = Self.printed(in: medium)
        let usual: [(scale: Double, degrees: Double)] = [1.0, 0.97, 0.94].flatMap { scale in Self.usualTurns.map { (scale, $0) } }
        // Turned up to 10°, or reduced to 91 %: every 1.25°, so the rough placement is within 0.65° of the page.
        let turned: [(scale: Double, degrees: Double)] = [1.0, 0.97, 0.94].flatMap { scale in
            [3.75, 5, 6.25, 7.5, 8.75, 10].flatMap { [(scale, -$0), (scale, $0)] }
        }
        // Turned further, up to the 20° that `PageRegistrar.seen` follows, at full size: such a page is
        // flagged, saying how far it is turned (not that its print is another page's) and shown its way up.
        let tooFar: [(scale: Double, degrees: Double)] = [12.5, 15, 17.5, 20].flatMap { [(1.0, -$0), (1.0, $0)] }
        let wider = turned + [0, -1.25, 1.25, -2.5, 2.5, -3.75, 3.75].map { (0.91, $0) } + tooFar
        let (coarse, size) = (coarse, size)
        warps = (usual + wider).map { Self.warp(coarse, of: size, scale: $0, degrees: $1) }
        usualWarps = usual.count
        // Most pages have the reference's size: their spectra are made once, here.
        let reach = (x: Int(PageRegistrar.limits.maxOffset * coarse.pixelsPerPoint), y: Int(PageRegistrar.limits.maxOffset * coarse.pixelsPerPoint))
        let grid = CrossCorrelation.Spectrum(coarse, reach: reach, fitting: coarse)
        spectra = warps.prefix(usual.count).map { CrossCorrelation.Spectrum($0.map, nx: grid.nx, ny: grid.ny, reach: reach) }
    }

    /// The same reference keeping only what other students' copies of the page share with it: the
    /// squares whose print shows on most of `pages` (rendered at `PageRegistrar.pixelsPerPoint`)
    /// near where the whole pages overlay — the first student's handwriting shows on no one
    /// else's page — and the match score measured on those squares; when too few are, the pages
    /// that share hardly a square (turned too far, another exam's) are left out. Unchanged when
    /// still too few squares are shared (or no pages but blank ones are given).
    public func confirmed(by pages: [GrayImage]) -> ReferencePage {
        // A blank page (a student's missing page) confirms nothing and denies nothing.
        let pages = pages.filter { !InkMap($0).isBlank }
        guard !pages.isEmpty else { return self }
        let side = Self.spotSide, reach = Int(32 * medium.pixelsPerPoint), ppp = medium.pixelsPerPoint
        let all = candidates.joined().map { $0 }
        var correlations = [[Double]](repeating: [], count: all.count)
        for page in pages {
            let map = InkMap(page).reduced(by: 2)
            let spectrum = CrossCorrelation.Spectrum(map.reduced(by: 2), reach: (Int(120 * coarse.pixelsPerPoint), Int(120 * coarse.pixelsPerPoint)),
                                                     fitting: coarse)
            let shift = spectrum.bestShift(of: coarseSpectrum(like: spectrum))
            for (index, spot) in all.enumerated() {
                let x0 = Int((spot.x * ppp - Double(side) / 2).rounded()), y0 = Int((spot.y * ppp - Double(side) / 2).rounded())
                guard let patch = PatchMatch(medium, x: x0, y: y0, size: side) else { continue }
                let origin = (x: x0 + shift.x * 2, y: y0 + shift.y * 2)
                correlations[index].append(patch.best(in: map, origin: origin, reach: reach).ncc)
            }
        }
        // When too few squares are shared, the pages that share hardly one (turned too far, another
        // exam's page) are left out: like a blank one, such a page confirms nothing and denies nothing.
        let copies = pages.indices.filter { page in correlations.filter { $0.count > page && $0[page] >= 0.55 }.count >= PageRegistrar.minimumMatches }
        guard let shared = shared(all, correlations, among: Array(pages.indices)) ?? shared(all, correlations, among: copies) else { return self }
        var copy = self
        copy.spots = shared.spots
        copy.alternates = shared.alternates
        let half = Double(side) / 2
        copy.printed = printed.filter { index in
            let (x, y) = (Double(index % medium.width) + 0.5, Double(index / medium.width) + 0.5)
            return copy.spots.contains { abs($0.x * ppp - x) <= half && abs($0.y * ppp - y) <= half }
        }
        return copy
    }

    /// Per cell, the best-structured of `all` (the candidates, cell by cell) that most of the pages
    /// `among` share (`correlations[square][page]`: print matches print at 0.6 or more, other
    /// handwriting rarely passes 0.5), and the cell's other shared ones; nil when fewer than
    /// `PageRegistrar.minimumMatches` cells have one.
    private func shared(_ all: [PagePoint], _ correlations: [[Double]], among pages: [Int]) -> (spots: [PagePoint], alternates: [[PagePoint]])? {
        var isShared = all.indices.map { index in pages.filter { correlations[index].count > $0 && correlations[index][$0] >= 0.55 }.count * 2 > pages.count }
        var sharedSpots: [PagePoint] = [], sharedAlternates: [[PagePoint]] = []
        for cell in candidates {
            let shared = cell.compactMap { spot in all.firstIndex(of: spot) }.filter { isShared[$0] }
            guard let first = shared.first else { continue }
            sharedSpots.append(all[first])
            sharedAlternates.append(shared.dropFirst().map { all[$0] })
            for index in shared { isShared[index] = false }
        }
        return sharedSpots.count >= PageRegistrar.minimumMatches ? (sharedSpots, sharedAlternates) : nil
    }

    /// True when a page whose print is at `scale` of this page's size may be taken for it: reduced
    /// by up to `PageRegistrar.limits.maxScaleChange` (12 %), enlarged by up to `maxEnlargement`.
    public func isWithinScale(_ scale: Double) -> Bool {
        scale >= 1 - PageRegistrar.limits.maxScaleChange && scale <= 1 + maxEnlargement
    }

    /// The same reference taking pages as much larger than it as other students' copies of it are,
    /// `scales` being theirs against it (nil: not placed): a student's page that went through the
    /// copier reduced to 96 % is 4 % smaller than the copies at 100 %, which a copier never makes
    /// of it. Its own reduction is read off the median copy (a copier reduces most copies little),
    /// and the allowance is that copy's enlargement plus the copier's own 2 %, up to 12 %. The
    /// median, not the largest: one page fitted wrong (upside down and settled 3 % larger, say)
    /// does not widen it; a reference at 100 % keeps 2 %. Unchanged when fewer than two are placed.
    public func allowingEnlargement(seen scales: [Double?]) -> ReferencePage {
        guard let enlargement = Self.enlargement(seen: scales) else { return self }
        var copy = self
        copy.maxEnlargement = enlargement
        return copy
    }

    /// The same reference taking pages as much larger than it as a copier's full-size copy of it is,
    /// this page having been printed at `reduction` of its size (read off a mark of known size on
    /// it, a bulk copy's code): a first copy reduced to 96 % takes a copy at 100 % and the copier's
    /// 2 % over it, up to 12 %. Unchanged when that allows no more than it does already, or when
    /// `reduction` is out of a copier's range (a mark misread).
    public func allowingEnlargement(printedAt reduction: Double) -> ReferencePage {
        guard reduction >= 1 - PageRegistrar.limits.maxScaleChange, reduction <= 1 else { return self }
        let enlargement = min(PageRegistrar.limits.maxScaleChange, (1 + PageRegistrar.usualEnlargement) / reduction - 1)
        guard enlargement > maxEnlargement else { return self }
        var copy = self
        copy.maxEnlargement = enlargement
        return copy
    }

    /// How much larger than a page the copies whose `scales` against it are seen may be (as
    /// `allowingEnlargement` reads it); nil when fewer than two are placed.
    private static func enlargement(seen scales: [Double?]) -> Double? {
        let placed = scales.compactMap { $0 }.sorted()
        guard placed.count >= 2 else { return nil }
        return min(PageRegistrar.limits.maxScaleChange, max(0, placed[placed.count / 2] - 1) + PageRegistrar.usualEnlargement)
    }

    /// The same reference taking pages up to `enlargement` larger than it (at most
    /// `PageRegistrar.limits.maxScaleChange`), its rough placement trying them too when that is
    /// beyond the copier's 2 %: the usual turns at every 3 % of enlargement.
    func enlarging(by enlargement: Double) -> ReferencePage {
        var copy = self
        copy.maxEnlargement = min(PageRegistrar.limits.maxScaleChange, enlargement)
        guard copy.maxEnlargement > PageRegistrar.usualEnlargement else { return copy }
        let tried = Set(warps.prefix(usualWarps).map { ($0.transform.scale * 100).rounded() })
        let added = stride(from: 1.03, through: 1 + copy.maxEnlargement + 0.015, by: 0.03).filter { !tried.contains(($0 * 100).rounded()) }
            .flatMap { scale in Self.usualTurns.map { Self.warp(coarse, of: size, scale: scale, degrees: $0) } }
        guard let grid = spectra.first, !added.isEmpty else { return copy }
        copy.warps.insert(contentsOf: added, at: usualWarps)
        copy.usualWarps += added.count
        copy.spectra += added.map { CrossCorrelation.Spectrum($0.map, nx: grid.nx, ny: grid.ny, reach: grid.reach) }
        return copy
    }

    /// The turns the rough placement tries within the copier's usual range, in degrees.
    private static let usualTurns = [0, -1.25, 1.25, -2.5, 2.5]

    /// `coarse` (the coarse map of a page of `size`) turned by `degrees` and scaled by `scale` about the page's centre.
    private static func warp(_ coarse: InkMap, of size: PageSize, scale: Double, degrees: Double) -> Warp {
        let transform = SimilarityTransform(rotation: degrees * .pi / 180, scale: scale, about: (size.width / 2, size.height / 2), shift: (0, 0))
        return Warp(transform: transform, map: warped(coarse, through: transform))
    }

    /// The page prepared again with only the ink that seven in eight of `pages` (other students'
    /// copies, rendered at `PageRegistrar.pixelsPerPoint`) also have at the same spot — print, where
    /// handwriting covers most of the page and no square of it is print alone. Each page is first
    /// laid over this one by the whole pages' ink (`InkOverlay`: handwriting on one is noise to the
    /// other, the print they share is what correlates), and the ink two in three of them share
    /// kept: mostly print, though a page laid a line of print off, or a few degrees turned, still
    /// counts. Then each page is registered to that print like any page, and the ink seven in
    /// eight of those placed share is the print. The result takes pages as much larger than it as
    /// those placed are (`allowingEnlargement`). Nil when fewer than three pages are given (two
    /// cannot outvote the handwriting one of them shares with this page by chance), fewer than
    /// two or not most of them are placed, or too little ink is shared.
    public func sharedPrint(of images: [GrayImage]) -> ReferencePage? {
        let pages = images.map { (image: $0, ink: InkMap($0)) }.filter { !$0.ink.isBlank }
        // Copies of a page that went through reduced are larger than it: up to 6 % is tried.
        let enlarged = maxEnlargement < 0.06 ? enlarging(by: 0.06) : self
        let overlaid = pages.map { page in (map: page.ink, transform: InkOverlay.overlay(page.ink, on: enlarged).transform) }
        // A page laid over it wrongly says nothing of how large the pages are: the copier's reach is allowed.
        guard overlaid.count >= 3, let rough = keeping(sharedBy: overlaid, atLeast: (2, 3))?.enlarging(by: enlarged.maxEnlargement) else { return nil }
        // A page that matches only upside down says this one is (`ReferenceTurn` decides): it is not placed.
        let placed = pages.compactMap { page -> (map: InkMap, transform: SimilarityTransform)? in
            let alignment = PageRegistrar.register(page.image, to: rough)
            return alignment.upsideDown ? nil : alignment.transform.map { (page.ink, $0) }
        }
        guard placed.count >= 2, placed.count * 2 > pages.count, let shared = keeping(sharedBy: placed, atLeast: (7, 8)) else { return nil }
        // The copies placed say how much larger than this page theirs may be (its rough placement trying them too).
        return Self.enlargement(seen: placed.map(\.transform.scale)).map { shared.enlarging(by: $0) } ?? shared
    }

    /// The page made again of the ink that at least `fraction` of the pages — this one and
    /// `placed` (pages' ink, and the transform laying this page over each) — have at each spot
    /// (handwriting is on one or two of them, print on all); nil when too little ink is left.
    private func keeping(sharedBy placed: [(map: InkMap, transform: SimilarityTransform)], atLeast fraction: (Int, Int)) -> ReferencePage? {
        let width = fine.width, fpp = fine.pixelsPerPoint
        // The ink that many of the pages have at least: the rank-th most inked of them.
        let rank = ((placed.count + 1) * fraction.0 + fraction.1 - 1) / fraction.1 - 1
        var inks = [Float](repeating: 0, count: placed.count + 1)
        let values = fine.values.indices.map { index -> Float in
            let point = ((Double(index % width) + 0.5) / fpp, (Double(index / width) + 0.5) / fpp)
            inks[0] = fine.values[index]
            for (page, (map, transform)) in placed.enumerated() {
                let p = transform.apply(point)
                inks[page + 1] = map.sample(x: p.x * map.pixelsPerPoint, y: p.y * map.pixelsPerPoint)
            }
            inks.sort(by: >)
            // Below 0.1, the ink is where handwriting crowds the same lines on many pages, not print.
            return max(0, inks[rank] - 0.1)
        }
        let shared = ReferencePage(ink: InkMap(width: width, height: fine.height, values: values, pixelsPerPoint: fpp))
        return shared.hasContent && !shared.isBlank ? shared : nil
    }

    /// The spectrum of `warps[index]`'s map (the first: unchanged) on the grid of `page`'s; the
    /// wider range's are made when asked for (few pages need them, and they would hold megabytes).
    func coarseSpectrum(like page: CrossCorrelation.Spectrum, warp index: Int = 0) -> CrossCorrelation.Spectrum {
        if index < spectra.count, spectra[index].nx == page.nx, spectra[index].ny == page.ny, spectra[index].reach == page.reach {
            return spectra[index]
        }
        return CrossCorrelation.Spectrum(warps[index].map, nx: page.nx, ny: page.ny, reach: page.reach)
    }

    /// `map` drawn through `transform`, on a grid of the same size.
    private static func warped(_ map: InkMap, through transform: SimilarityTransform) -> InkMap {
        guard let inverse = transform.inverse else { return map }
        let ppp = map.pixelsPerPoint
        var values = [Float](repeating: 0, count: map.values.count)
        for y in 0..<map.height {
            for x in 0..<map.width {
                let p = inverse.apply(((Double(x) + 0.5) / ppp, (Double(y) + 0.5) / ppp))
                values[y * map.width + x] = map.sample(x: p.x * ppp, y: p.y * ppp)
            }
        }
        return InkMap(width: map.width, height: map.height, values: values, pixelsPerPoint: ppp)
    }

    /// The pixels with ink or a neighbour (within one pixel) with ink.
    private static func printed(in map: InkMap) -> [Int] {
        var indices: [Int] = []
        for y in 1..<max(1, map.height - 1) {
            for x in 1..<max(1, map.width - 1) {
                var inked = false
                for j in -1...1 where !inked {
                    for i in -1...1 where map.values[(y + j) * map.width + x + i] > 0.02 { inked = true }
                }
                if inked { indices.append(y * map.width + x) }
            }
        }
        return indices
    }

    /// True when the page has printed structure to align on (a blank page has none).
    public var hasContent: Bool { spots.count >= PageRegistrar.minimumMatches }

    /// The `perCell` best-structured squares in each cell of a 5 × 8 grid: ones whose ink changes
    /// both across and down (a ruled line alone matches anywhere along itself), clearly above the
    /// page's noise; the cells with none are left out.
    private static func spots(in map: InkMap, perCell: Int) -> [[PagePoint]] {
        let side = spotSide, step = 4, width = map.width
        guard map.width > side + 2, map.height > side + 2 else { return [] }
        var candidates: [(x: Int, y: Int, structure: Float)] = []
        map.values.withUnsafeBufferPointer { v in
            for y in stride(from: 1, to: map.height - side - 1, by: step) {
                for x in stride(from: 1, to: map.width - side - 1, by: step) {
                    // `while` loops over pointers: debug builds (the tests) run them many times faster.
                    var gx: Float = 0, gy: Float = 0, j = 0
                    while j < side {
                        let row = v.baseAddress! + (y + j) * width + x
                        var i = 0
                        while i < side {
                            let dx = row[i &+ 1] - row[i &- 1], dy = row[i &+ width] - row[i &- width]
                            gx += dx * dx
                            gy += dy * dy
                            i &+= 1
                        }
                        j &+= 1
                    }
                    candidates.append((x, y, min(gx, gy)))
                }
            }
        }
        let strongest = candidates.map(\.structure).max() ?? 0
        guard strongest > 0.5 else { return [] }
        let (columns, rows) = (5, 8)
        // Per cell, its best-structured squares at least half a square apart, best first.
        var best = [Int: [(x: Int, y: Int, structure: Float)]]()
        for candidate in candidates.sorted(by: { $0.structure > $1.structure }) where candidate.structure >= strongest * 0.1 {
            let cell = min(rows - 1, (candidate.y + side / 2) * rows / map.height) * columns
                + min(columns - 1, (candidate.x + side / 2) * columns / map.width)
            let taken = best[cell] ?? []
            guard taken.count < perCell, taken.allSatisfy({ abs($0.x - candidate.x) + abs($0.y - candidate.y) >= side / 2 }) else { continue }
            best[cell] = taken + [candidate]
        }
        return best.keys.sorted().map { cell in
            best[cell]!.map {
                PagePoint(x: (Double($0.x) + Double(side) / 2) / map.pixelsPerPoint, y: (Double($0.y) + Double(side) / 2) / map.pixelsPerPoint)
            }
        }
    }
}
