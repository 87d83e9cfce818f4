import Foundation

/// The small convolutional network that reads a handwritten digit (trained by
/// `scripts/train-digits.py`, shipped as `Resources/digits.weights`): conv 5×5 (1→8) + ReLU +
/// max-pool 2, conv 3×3 (8→16) + ReLU + max-pool 2, dense 400→64 + ReLU, dense 64→11, softmax.
/// Pure Swift on the CPU; about a quarter of a million multiply-adds a box.
public struct DigitNetwork: Sendable {
    private let conv1: [Float], bias1: [Float], conv2: [Float], bias2: [Float]
    private let dense1: [Float], biasDense1: [Float], dense2: [Float], biasDense2: [Float]

    /// The tensor shapes the weights file must hold, in order.
    static let shapes: [[Int]] = [[8, 25], [8], [16, 72], [16], [64, 400], [64], [11, 64], [11]]

    /// The network shipped with ezgrader.
    public static func shipped() throws(DigitReaderError) -> DigitNetwork {
        guard let url = Bundle.module.url(forResource: "digits", withExtension: "weights"),
              let data = try? Data(contentsOf: url) else {
            throw .weightsMissing
        }
        return try DigitNetwork(weights: data, source: url.path)
    }

    /// Reads a weights file: "EZD1", then per tensor its rank, its dimensions (UInt32) and its
    /// values (Float32), little-endian; `source` names it in errors.
    public init(weights data: Data, source: String) throws(DigitReaderError) {
        let bytes = [UInt8](data)
        guard bytes.count >= 4, bytes[0..<4].elementsEqual("EZD1".utf8) else { throw .badWeights(source, "it does not start with EZD1") }
        var offset = 4
        func word() -> UInt32? {
            guard offset + 4 <= bytes.count else { return nil }
            defer { offset += 4 }
            return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
        }
        var tensors: [[Float]] = []
        for shape in Self.shapes {
            guard let rank = word(), Int(rank) == shape.count else { throw .badWeights(source, "tensor \(tensors.count + 1) should have rank \(shape.count)") }
            var dims: [Int] = []
            for _ in 0..<rank { guard let d = word() else { break }; dims.append(Int(d)) }
            guard dims == shape else { throw .badWeights(source, "tensor \(tensors.count + 1) is \(dims), expected \(shape)") }
            let count = shape.reduce(1, *)
            var values = [Float](repeating: 0, count: count)
            for i in 0..<count {
                guard let bits = word() else { throw .badWeights(source, "it ends inside tensor \(tensors.count + 1)") }
                values[i] = Float(bitPattern: bits)
            }
            guard values.allSatisfy(\.isFinite) else { throw .badWeights(source, "tensor \(tensors.count + 1) holds a value that is not a number") }
            tensors.append(values)
        }
        guard offset == bytes.count else { throw .badWeights(source, "\(bytes.count - offset) bytes follow the last tensor") }
        (conv1, bias1, conv2, bias2) = (tensors[0], tensors[1], tensors[2], tensors[3])
        (dense1, biasDense1, dense2, biasDense2) = (tensors[4], tensors[5], tensors[6], tensors[7])
    }

    /// Probabilities of the digits 0…9 and of "empty" (eleven values summing to 1) for `input` (784 values).
    public func probabilities(_ input: [Float]) -> [Double] {
        precondition(input.count == 784, "a digit input has 784 values")
        // conv1 + ReLU + pool: 28×28 → 8 × 24×24 → 8 × 12×12; conv2: 8 × 12×12 → 16 × 10×10 → 16 × 5×5.
        let pooled1 = Self.convolveAndPool(input, channels: 1, side: 28, kernel: 5, weights: conv1, bias: bias1)
        let pooled2 = Self.convolveAndPool(pooled1, channels: 8, side: 12, kernel: 3, weights: conv2, bias: bias2)
        let hidden = Self.dense(pooled2, dense1, biasDense1, outputs: 64).map { max($0, 0) }
        let logits = Self.dense(hidden, dense2, biasDense2, outputs: 11)
        let top = logits.max() ?? 0
        let e = logits.map { Double(exp($0 - top)) }
        let sum = e.reduce(0, +)
        return e.map { $0 / sum }
    }

    /// A valid convolution of `channels` × `side`×`side` values with `bias.count` kernels of
    /// `channels` × `kernel`×`kernel` weights, then ReLU and 2×2 max-pooling.
    private static func convolveAndPool(_ input: [Float], channels: Int, side: Int, kernel: Int, weights: [Float], bias: [Float]) -> [Float] {
        let outputs = bias.count, half = (side - kernel + 1) / 2, area = side * side, size = channels * kernel * kernel
        var pooled = [Float](repeating: 0, count: outputs * half * half)
        input.withUnsafeBufferPointer { x in
            weights.withUnsafeBufferPointer { k in
                for c in 0..<outputs {
                    for py in 0..<half {
                        for px in 0..<half {
                            var best: Float = 0  // ReLU: nothing below zero
                            for (oy, ox) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                                let y = 2 * py + oy, xx = 2 * px + ox
                                var sum = bias[c]
                                for ci in 0..<channels {
                                    for ky in 0..<kernel {
                                        let row = ci * area + (y + ky) * side + xx, first = c * size + (ci * kernel + ky) * kernel
                                        for kx in 0..<kernel { sum += x[row + kx] * k[first + kx] }
                                    }
                                }
                                best = max(best, sum)
                            }
                            pooled[(c * half + py) * half + px] = best
                        }
                    }
                }
            }
        }
        return pooled
    }

    private static func dense(_ x: [Float], _ w: [Float], _ b: [Float], outputs: Int) -> [Float] {
        x.withUnsafeBufferPointer { x in
            w.withUnsafeBufferPointer { w in
                (0..<outputs).map { o in
                    var sum = b[o]
                    let row = o * x.count
                    for i in 0..<x.count { sum += x[i] * w[row + i] }
                    return sum
                }
            }
        }
    }
}
