/// Turns ink coverage into a scanned grey: off-white grainy paper with uneven lighting, ink on top.
enum PaperNoise {
    /// Replaces each coverage byte (0 = paper, 255 = ink) by its grey value, in place.
    ///
    /// Paper sits around 230–245 with a random per-pixel grain, a gentle top-to-bottom lighting
    /// gradient and darker side margins, all scaled by `noise` (0…1). Ink multiplies the paper,
    /// so ink keeps a little of the grain, as on a real scan.
    static func develop(
        _ pixels: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int, stride: Int,
        noise: Double, rng: inout SplitMix64
    ) {
        let strength = min(max(noise, 0), 1)
        let base = 239 + Int((rng.symmetric(2.5)).rounded())

        // Grain: a byte → offset table with a triangular spread (the sum of two nibbles).
        let amplitude = strength * 16
        var grain = [Int](repeating: 0, count: 256)
        for byte in 0..<256 {
            let centred = Double((byte & 15) + (byte >> 4) - 15) / 15  // -1…1, peaked at 0
            grain[byte] = Int((centred * amplitude).rounded())
        }

        // Lighting: darker towards the side edges (the scanner lid), and a slope top to bottom.
        let edge = max(1, width / 18)
        var columnShade = [Int](repeating: 0, count: width)
        let edgeDepth = strength * 14
        for x in 0..<width {
            let distance = min(x, width - 1 - x)
            if distance < edge {
                let t = 1 - Double(distance) / Double(edge)
                columnShade[x] = -Int((edgeDepth * t * t).rounded())
            }
        }
        let slope = rng.symmetric(strength * 8)

        let wordsPerRow = (width + 7) / 8
        var rowNoise = [UInt64](repeating: 0, count: wordsPerRow)

        // `while` loops over pointers: a debug build (the tests) runs them many times faster than
        // ranges and buffer subscripts.
        grain.withUnsafeBufferPointer { grain in
            columnShade.withUnsafeBufferPointer { shade in
                rowNoise.withUnsafeMutableBufferPointer { noiseWords in
                    let (grain, shade, words) = (grain.baseAddress!, shade.baseAddress!, noiseWords.baseAddress!)
                    let noiseBytes = UnsafeRawPointer(words).assumingMemoryBound(to: UInt8.self)
                    var y = 0
                    while y < height {
                        var i = 0
                        while i < wordsPerRow { words[i] = rng.next(); i &+= 1 }
                        let rowBase = base + Int(slope * (Double(y) / Double(height) - 0.5))
                        let row = pixels.baseAddress! + y * stride
                        var x = 0
                        while x < width {
                            let paper = rowBase &+ shade[x] &+ grain[Int(noiseBytes[x])]
                            let clamped = paper < 0 ? 0 : (paper > 255 ? 255 : paper)
                            let ink = Int(row[x])
                            row[x] = UInt8(truncatingIfNeeded: (clamped &* (255 &- ink) &+ 127) / 255)
                            x &+= 1
                        }
                        y &+= 1
                    }
                }
            }
        }
    }
}
