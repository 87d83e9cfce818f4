import Foundation
import GraderAlignment
import GraderCore

/// Reads the filled bubbles of a bubble block on a rendered page.
///
/// It registers the block on the scan over its printed rings (shift, rotation and scale), measures
/// the paper and ink levels of this scan around the rings, measures every bubble's fill at its
/// registered place, and classifies each row with two thresholds learned from the block's own
/// bubbles (`BlockThresholds`) and a gap between them: a row it
/// cannot read with certainty is `.uncertain` with a reason, never a guess.
public enum BubbleReader {
    /// The reason given for every row of a block whose rings could not be found reliably.
    public static let unregisteredReason = "could not register the block"

    /// Reads `block` in `image`, a rendering of the block's page; `alignment` is the page's
    /// alignment to the reference page the block was typed on (points → points), when it matched.
    public static func read(
        _ block: BubbleBlock, in image: GrayImage, alignment: SimilarityTransform? = nil, limits: RegistrationLimits = .standard,
        thresholds: FillThresholds? = nil
    ) -> BlockReading {
        read([block], in: image, alignment: alignment, limits: limits, thresholds: thresholds)[0]
    }

    /// Reads `blocks`, all printed on the page `image` shows, each placed through `alignment`. A
    /// block whose rings fit a row or column away as well, which the alignment alone placed, is
    /// placed again through the page map fitted over the blocks the rings placed on their own: far
    /// from a photo's centre its perspective moves the page's alignment by half a row or more.
    /// A photo's uneven light is evened out first.
    public static func read(
        _ blocks: [BubbleBlock], in image: GrayImage, alignment: SimilarityTransform?, limits: RegistrationLimits = .standard,
        thresholds: FillThresholds? = nil
    ) -> [BlockReading] {
        // A photo's uneven light evened out (a scan is left as it is).
        let image = image.flattened()
        var placed = blocks.map { block in
            block.problem == nil ? BlockRegistrar.register(block, in: image, limits: limits, prior: alignment) : .failure(.outOfRange)
        }
        let ppp = image.pixelsPerPoint
        let anchors = zip(blocks, placed).flatMap { block, result -> [(from: (x: Double, y: Double), to: (x: Double, y: Double))] in
            guard case .success(let found) = result, !found.settledByStart else { return [] }
            return zip(BlockRegistrar.nominalCentres(block, pixelsPerPoint: 1), found.centres).map { n, p in
                (from: n, to: (p.x / ppp, p.y / ppp))
            }
        }
        if alignment != nil, anchors.count >= 12, let page = Homography.fit(anchors, projectiveFrom: 24) {
            for index in blocks.indices where blocks[index].problem == nil {
                switch placed[index] {
                case .success(let found) where !found.settledByStart: continue
                case .failure(let failure) where !failure.isAmbiguous: continue
                default: break
                }
                let bounds = blocks[index].bounds
                let corners = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)].map {
                    (x: bounds.origin.x + $0.0 * bounds.width, y: bounds.origin.y + $0.1 * bounds.height)
                }
                guard let local = SimilarityTransform.fit(from: corners, to: corners.map { page.apply($0) }) else { continue }
                placed[index] = BlockRegistrar.register(blocks[index], in: image, limits: limits, prior: local)
            }
        }
        return zip(blocks, placed).map { block, result in
            if let problem = block.problem {
                return unreadable(block, reason: "the block definition is invalid: \(problem)", detail: problem)
            }
            switch result {
            case .success(let found): return measure(block, in: image, registration: found, thresholds: thresholds)
            case .failure(let failure): return unreadable(block, reason: unregisteredReason, detail: failure.description)
            }
        }
    }

    /// The readings of `block` placed on `image` by `registration`.
    private static func measure(_ block: BubbleBlock, in image: GrayImage, registration: BlockRegistration, thresholds: FillThresholds?) -> BlockReading {
        let ppp = image.pixelsPerPoint, transform = registration.transform
        let centres = registration.centres
        let ringRadius = (block.bubbleDiameter / 2 - 0.45) * ppp * transform.scale
        guard let levels = InkLevels.measure(in: image, centres: centres, radius: ringRadius), levels.contrast >= 24 else {
            let reason = "too little contrast between paper and printed rings"
            return unreadable(block, reason: reason, detail: reason)
        }

        let discRadius = ringRadius * 0.8
        let columns = block.choices.count
        let measures = centres.map { FillMeter.measure(in: image, centre: $0, radius: discRadius, levels: levels) }
        let learned = thresholds ?? BlockThresholds.learn(from: measures.compactMap { $0?.fill })
        let fills = BlockThresholds.liftingMarks(measures, empty: learned.empty)
        let rows = (0..<block.rows).map { row in
            let rowFills = fills[(row * columns)..<((row + 1) * columns)]
            let known = rowFills.compactMap { $0 }
            let reading: BubbleReading = known.count < columns
                ? .uncertain(reason: "part of the row lies outside the page")
                : RowClassifier.classify(fills: known, choices: block.choices, kind: block.kind, thresholds: learned)
            return BubbleRowReading(row: row, questionNumber: block.questionNumber(row: row), reading: reading,
                                    fills: rowFills.map { $0 ?? .nan })
        }

        let first = centres[0]
        let info = BlockReading.Registration(
            offset: (first.x / ppp - block.origin.x, first.y / ppp - block.origin.y),
            rotationDegrees: transform.rotation * 180 / .pi, scale: transform.scale,
            ringsMatched: registration.ringsMatched, ringsExpected: block.bubbleCount,
            rmsResidual: registration.rmsResidual / ppp, paperLevel: levels.paper, inkLevel: levels.ink,
            centres: centres.map { PagePoint(x: $0.x / ppp, y: $0.y / ppp) })
        return BlockReading(block: block, rows: rows, registration: info, problem: nil)
    }

    /// The reading of a block whose page could not be rendered at all: every row uncertain with `reason`.
    public static func unreadableReading(_ block: BubbleBlock, reason: String) -> BlockReading {
        unreadable(block, reason: reason, detail: reason)
    }

    static func unreadable(_ block: BubbleBlock, reason: String, detail: String) -> BlockReading {
        BlockReading(
            block: block,
            rows: (0..<max(block.rows, 0)).map {
                BubbleRowReading(row: $0, questionNumber: block.questionNumber(row: $0), reading: .uncertain(reason: reason),
                                 fills: [])
            },
            registration: nil, problem: detail)
    }
}
