import Foundation
import GraderAlignment
import GraderCore

/// The school's blank sheet, prepared once for reading every scan of it: its image at the
/// reading resolution and its printed content for page registration.
public struct BlankSheet: Sendable {
    /// The blank page at the resolution scans are read at.
    public let image: GrayImage
    let reference: ReferencePage
    /// What each template block read against this blank needs from it, by block id.
    let prepared: [String: PreparedBlock]

    /// Prepares `image` (rendered at `TemplateReader.pixelsPerPoint(for:)`) for reading `blocks`;
    /// when it is a student's filled copy, the fills the templates mark are taken out first.
    public init(_ image: GrayImage, blocks: [BubbleBlock]) {
        let image = FillEraser.erased(blocks.flatMap { $0.template?.shapes ?? [] }, in: image)
        self.image = image
        reference = ReferencePage(image.resampled(toPixelsPerPoint: PageRegistrar.pixelsPerPoint))
        var prepared: [String: PreparedBlock] = [:]
        for block in blocks {
            if let template = block.template, block.problem == nil { prepared[block.id] = PreparedBlock(block, template: template, blank: image) }
        }
        self.prepared = prepared
    }
}

/// Reads the template blocks of one page of a scan against the school's blank sheet: registers the
/// page to the blank (shift, rotation, scale, upside down), fits each block over its own bubbles
/// (following a photo's perspective) and tests it against every whole-row and whole-column shift,
/// then measures the ink each bubble gained over the blank and classifies each row with thresholds
/// learned from this sheet. What it cannot read with certainty is uncertain, with the reason.
public enum TemplateReader {
    /// The resolution pages are read at: 10 pixels across the smallest bubble's half-height (or
    /// half-width), within 2…6 pixels per point.
    public static func pixelsPerPoint(for blocks: [BubbleBlock]) -> Double {
        let radius = blocks.compactMap { $0.template?.smallestRadius }.filter { $0 > 0 }.min() ?? 5
        return min(6, max(2, 10 / radius))
    }

    /// Reads `blocks` (all from one page, each with a template) on `scan`, a rendering of that page
    /// at any resolution (a scan's own, say): it is read at the blank's.
    public static func read(_ blocks: [BubbleBlock], scan original: GrayImage, blank: BlankSheet) -> [BlockReading] {
        // The light evened out on the scan's own pixels, then enlarged to the reading resolution.
        let flat = original.flattened()
        var scan = flat.resampled(toPixelsPerPoint: blank.image.pixelsPerPoint)
        let small = flat.resampled(toPixelsPerPoint: PageRegistrar.pixelsPerPoint)
        let placement = PageRegistrar.placement(of: small, on: blank.reference)
        // A photo's perspective leaves no similarity accepted: the page is placed through it instead.
        let photographed = placement.alignment.transform == nil && !placement.alignment.upsideDown
            ? PageRegistrar.perspective(of: small, on: blank.reference, from: placement.rough)?.map : nil
        guard let start = photographed ?? (placement.alignment.transform ?? placement.rough).map(Homography.init) else {
            let reason = String(format: "the page does not match the blank sheet (match %.2f): another form, or a blank page",
                                placement.alignment.score)
            return blocks.map { BubbleReader.unreadable($0, reason: reason, detail: reason) }
        }
        if placement.alignment.upsideDown { scan = scan.turned }

        // Place every block from the page's placement. On a photo the page's similarity is off by
        // 20 pt or more somewhere; a block it starts too far from is fitted again from the
        // perspective of the blocks that were placed (each passed the whole-row test), and a block
        // inside a column of abutting blocks is settled by the placed ones around it.
        let prepared = blocks.map { block -> Result<PreparedBlock, Unreadable> in
            guard let template = block.template, block.problem == nil else {
                let reason = "the block definition is invalid: \(block.problem ?? "it has no template")"
                return .failure(Unreadable(reading: BubbleReader.unreadable(block, reason: reason, detail: reason)))
            }
            return .success(blank.prepared[block.id] ?? PreparedBlock(block, template: template, blank: blank.image))
        }
        var fits = prepared.map { $0.flatMap { fit($0, scan: scan, start: start) } }
        var placed = fits.compactMap { try? $0.get() }
        if placed.count < fits.count, let page = pageMap(over: placed) {
            // A block placed on the second try may settle an abutting one: tried again while a
            // block left gains a placed neighbour.
            var neighboursTried: [Int: Int] = [:], added = true
            while added {
                added = false
                for index in fits.indices {
                    guard case .failure = fits[index], case .success(let block) = prepared[index] else { continue }
                    let neighbours = placed.compactMap { AbuttingBlock($0.block, model: $0.fit.model, for: block) }
                    guard neighbours.count > neighboursTried[index, default: -1] else { continue }
                    neighboursTried[index] = neighbours.count
                    guard case .success(let again) = fit(block, scan: scan, start: page, neighbours: neighbours) else { continue }
                    fits[index] = .success(again)
                    placed.append(again)
                    added = true
                }
            }
        }
        let outcomes = fits.map { $0.map { PlacedBlock($0.block, fit: $0.fit, scan: scan) } }
        let thresholds = SheetThresholds.learn(from: outcomes.flatMap { (try? $0.get())?.added.compactMap { $0 } ?? [] })
        return outcomes.map { outcome in
            switch outcome {
            case .failure(let unreadable): unreadable.reading
            case .success(let placed): reading(placed, thresholds: thresholds)
            }
        }
    }

    private struct Unreadable: Error { let reading: BlockReading }

    /// `prepared` fitted on `scan` from `start`, or unreadable with the reason.
    private static func fit(
        _ prepared: PreparedBlock, scan: GrayImage, start: Homography, neighbours: [AbuttingBlock] = []
    ) -> Result<(block: PreparedBlock, fit: BlockFit), Unreadable> {
        switch TemplateRegistrar.fit(prepared, scan: scan, start: start, neighbours: neighbours) {
        case .failure(let failure):
            .failure(Unreadable(reading: BubbleReader.unreadable(prepared.block, reason: BubbleReader.unregisteredReason, detail: failure.description)))
        case .success(let fit): .success((prepared, fit))
        }
    }

    /// The projective map of the whole page fitted over the bubbles of the blocks `placed` (nil
    /// when there are none).
    private static func pageMap(over placed: [(block: PreparedBlock, fit: BlockFit)]) -> Homography? {
        let pairs = placed.flatMap { placed in
            placed.block.template.shapes.map { shape in
                (from: (x: shape.centre.x, y: shape.centre.y), to: placed.fit.model.apply((shape.centre.x, shape.centre.y)))
            }
        }
        return Homography.fit(pairs, projectiveFrom: 12)
    }

    /// A block fitted on the scan: where each bubble is and the ink it gained over the blank.
    private struct PlacedBlock {
        let block: BubbleBlock, fit: BlockFit
        let added: [Double?], centres: [PagePoint], paper: Double

        /// A bubble's fill is the ink added inside it, or half the most added in one quarter of it
        /// when that is more: a dark mark over one side of a bubble is not "empty".
        init(_ prepared: PreparedBlock, fit: BlockFit, scan: GrayImage) {
            let (block, template) = (prepared.block, prepared.template)
            let ppp = scan.pixelsPerPoint
            var added: [Double?] = [], centres: [PagePoint] = [], papers: [Double] = []
            for (index, shape) in template.shapes.enumerated() {
                let c = fit.model.apply((shape.centre.x, shape.centre.y))
                let right = fit.model.apply((shape.centre.x + 1, shape.centre.y)), below = fit.model.apply((shape.centre.x, shape.centre.y + 1))
                let radii = (x: shape.width / 2 * hypot(right.x - c.x, right.y - c.y) * ppp,
                             y: shape.height / 2 * hypot(below.x - c.x, below.y - c.y) * ppp)
                let measured = BubbleInk.darkness(in: scan, centre: (c.x * ppp, c.y * ppp), radii: radii)
                added.append(measured.map { measured in
                    let side = zip(measured.quarters, prepared.blankQuarters[index]).map { $0 - $1 }.max() ?? 0
                    return max(measured.ink - shape.blankInk, side / 2)
                })
                if let paper = measured?.paper { papers.append(paper) }
                centres.append(PagePoint(x: c.x, y: c.y))
            }
            papers.sort()
            (self.block, self.fit, self.added, self.centres) = (block, fit, added, centres)
            paper = papers.isEmpty ? 255 : papers[papers.count / 2]
        }
    }

    private static func reading(_ placed: PlacedBlock, thresholds: FillThresholds) -> BlockReading {
        let (block, fit, added, centres, paper) = (placed.block, placed.fit, placed.added, placed.centres, placed.paper)
        let columns = block.choices.count
        let rows = (0..<block.rows).map { row in
            let fills = (0..<columns).map { added[row * columns + $0] }
            let known = fills.compactMap { $0 }
            let reading: BubbleReading = known.count < columns
                ? .uncertain(reason: "part of the row lies outside the page")
                : RowClassifier.classify(fills: known.map { max(0, $0) }, choices: block.choices, kind: block.kind, thresholds: thresholds)
            return BubbleRowReading(row: row, questionNumber: block.questionNumber(row: row), reading: reading, fills: fills.map { $0 ?? .nan })
        }
        let first = block.template!.shapes[0].centre, centre = block.bounds
        let middle = (x: centre.origin.x + centre.width / 2, y: centre.origin.y + centre.height / 2)
        let a = fit.model.apply(middle), b = fit.model.apply((middle.x + 10, middle.y))
        let info = BlockReading.Registration(
            offset: (centres[0].x - first.x, centres[0].y - first.y),
            rotationDegrees: atan2(b.y - a.y, b.x - a.x) * 180 / .pi, scale: hypot(b.x - a.x, b.y - a.y) / 10,
            ringsMatched: fit.matched, ringsExpected: block.bubbleCount, rmsResidual: fit.residual,
            paperLevel: paper, inkLevel: paper * (1 - thresholds.filled), centres: centres)
        return BlockReading(block: block, rows: rows, registration: info, problem: nil)
    }
}
