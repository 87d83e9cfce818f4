import GraderAlignment
import GraderCore

/// Reads handwritten digits in printed boxes: takes the print out using the reference, lays the
/// writing out as the network was trained, and returns what the network sees.
public struct DigitReader: Sendable {
    /// The network.
    public let network: DigitNetwork

    /// A reader with `network` (by default the one shipped with ezgrader).
    public init(network: DigitNetwork) {
        self.network = network
    }

    /// A reader with the network shipped with ezgrader.
    public init() throws(DigitReaderError) {
        network = try .shipped()
    }

    /// What `box` holds, with `reference` (the same box as printed) taken out.
    public func read(_ box: DigitBoxImage, printed reference: DigitBoxImage) -> DigitDistribution {
        guard let input = DigitInput(box, printed: reference) else { return .blank }
        return DigitDistribution(network.probabilities(input.pixels)) ?? .blank
    }

    /// Every copy's boxes (each copy's in the same order, cropped with `DigitBoxImage(cropping:…)`):
    /// the printed reference of each box made from all copies, then every box read against it.
    public func read(copies: [[DigitBoxImage]]) -> [[DigitDistribution]] {
        let count = copies.map(\.count).max() ?? 0
        let references = (0..<count).map { index in DigitBoxImage.printedReference(of: copies.compactMap { $0.indices.contains(index) ? $0[index] : nil }) }
        return copies.map { copy in
            copy.enumerated().map { index, box in references[index].map { read(box, printed: $0) } ?? .blank }
        }
    }
}
