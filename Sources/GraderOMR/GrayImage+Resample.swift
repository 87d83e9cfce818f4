extension GrayImage {
    /// This image shrunk to `width × height` pixels at `pixelsPerPoint`, each new pixel the mean of
    /// the source pixels it covers (partly covered ones weighted by how much): what a renderer's
    /// box filter gives when it draws a page small.
    public func shrunk(toWidth width: Int, height: Int, pixelsPerPoint: Double) -> GrayImage {
        let (sx, sy) = (Double(self.width) / Double(width), Double(self.height) / Double(height))
        // For each target column: the source columns it covers and their weights (same for rows).
        func spans(_ count: Int, _ scale: Double, _ limit: Int) -> [[(index: Int, weight: Float)]] {
            (0..<count).map { target in
                let start = Double(target) * scale, end = min(start + scale, Double(limit))
                return stride(from: Int(start), to: Int(end.rounded(.up)), by: 1).compactMap { source in
                    let covered = min(end, Double(source + 1)) - max(start, Double(source))
                    return source < limit && covered > 0 ? (source, Float(covered / scale)) : nil
                }
            }
        }
        let columns = spans(width, sx, self.width), rows = spans(height, sy, self.height)
        var output = [UInt8](repeating: 255, count: width * height)
        var line = [Float](repeating: 0, count: width)
        bytes.withUnsafeBufferPointer { source in
            for y in 0..<height {
                for x in 0..<width { line[x] = 0 }
                for (row, rowWeight) in rows[y] {
                    let base = row * self.width
                    for x in 0..<width {
                        var sum: Float = 0
                        for (column, weight) in columns[x] { sum += Float(source[base + column]) * weight }
                        line[x] += sum * rowWeight
                    }
                }
                for x in 0..<width { output[y * width + x] = UInt8(min(255, max(0, line[x].rounded()))) }
            }
        }
        return GrayImage(width: width, height: height, bytes: output, pixelsPerPoint: pixelsPerPoint)
    }
}
