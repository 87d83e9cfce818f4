import Foundation
import GraderCore
import GraderDigits
import ScanFactory
import Testing

@Suite struct DigitReaderTests {
    static let field = IDBoxField(id: "n", page: 1, left: 300, top: 96, boxWidth: 20, boxHeight: 26, pitch: 23, count: 3)

    @Test func refusesDamagedWeightsNamingTheFileAndTheProblem() throws {
        #expect(throws: DigitReaderError.badWeights("w.bin", "it does not start with EZD1")) {
            try DigitNetwork(weights: Data("nope".utf8), source: "w.bin")
        }
        let header: [UInt8] = Array("EZD1".utf8) + [2, 0, 0, 0, 8, 0, 0, 0, 25, 0, 0, 0]
        #expect(throws: DigitReaderError.badWeights("w.bin", "it ends inside tensor 1")) {
            try DigitNetwork(weights: Data(header + [UInt8](repeating: 0, count: 40)), source: "w.bin")
        }
        #expect(throws: DigitReaderError.badWeights("w.bin", "tensor 1 is [8, 24], expected [8, 25]")) {
            try DigitNetwork(weights: Data(Array("EZD1".utf8) + [2, 0, 0, 0, 8, 0, 0, 0, 24, 0, 0, 0]), source: "w.bin")
        }
    }

    @Test func readsWhatTheGlyphHandWroteAndEmptyBoxesAsEmpty() throws {
        let reader = try DigitReader()
        // Five copies of "3 _ 8" (the print is what they share), in the training hand.
        let copies = try (0..<5).map { copy in
            let scan = try IDFieldScan.render(Self.field, boxes: [.digit(3), .empty, .digit(8)], writer: .glyphs, seed: UInt64(copy) + 40)
            return (0..<3).map { DigitBoxImage(cropping: Self.field.box($0), from: scan.image, transform: scan.transform) }
        }
        for reading in reader.read(copies: copies) {
            #expect(reading.map(\.best) == ["3", nil, "8"])
            #expect(reading[1] == .blank)
        }
    }
}
