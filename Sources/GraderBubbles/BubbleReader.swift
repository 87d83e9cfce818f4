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
        if let problem = block.problem {
            return unreadable(block, reason: "the block definition is invalid: \(problem)", detail: problem)
        }
        let registration: BlockRegistration
        switch BlockRegistrar.register(block, in: image, limits: limits, prior: alignment) {
        case .success(let found): registration = found
        case .failure(let failure): return unreadable(block, reason: unregisteredReason, detail: failure.description)
        }
        let ppp = image.pixelsPerPoint, transform = registration.transform
        let nominal = BlockRegistrar.nominalCentres(block, pixelsPerPoint: ppp)
        let centres = nominal.map { transform.apply($0) }
        let ringRadius = (block.bubbleDiameter / 2 - 0.45) * ppp * transform.scale
        guard let levels = InkLevels.measure(in: image, centres: centres, radius: ringRadius), levels.contrast >= 40 else {
            let reason = "too little contrast between paper and printed rings"
            return unreadable(block, reason: reason, detail: reason)
        }

        let discRadius = ringRadius * 0.8
        let columns = block.choices.count
        let fills = centres.map { FillMeter.fill(in: image, centre: $0, radius: discRadius, levels: levels) }
        let learned = thresholds ?? BlockThresholds.learn(from: fills.compactMap { $0 })
        let rows = (0..<block.rows).map { row in
            let rowFills = fills[(row * columns)..<((row + 1) * columns)]
            let known = rowFills.compactMap { $0 }
            let reading: BubbleReading = known.count < columns
                ? .uncertain(reason: "part of the row lies outside the page")
                : RowClassifier.classify(fills: known, choices: block.choices, kind: block.kind, thresholds: learned)
            return BubbleRowReading(row: row, questionNumber: block.questionNumber(row: row), reading: reading,
                                    fills: rowFills.map { $0 ?? .nan })
        }

        let first = transform.apply(nominal[0])
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
