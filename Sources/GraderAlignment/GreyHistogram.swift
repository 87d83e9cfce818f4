/// Grey levels of a region: a 256-bin histogram and its percentiles.
package struct GreyHistogram {
    package private(set) var counts = [Int](repeating: 0, count: 256)
    package private(set) var total = 0

    package init() {}

    package mutating func add(_ value: UInt8) {
        counts[Int(value)] += 1
        total += 1
    }

    /// The grey level below which `fraction` of the pixels lie (0 when empty).
    package func percentile(_ fraction: Double) -> Int {
        guard total > 0 else { return 0 }
        let target = Int((Double(total) * fraction).rounded(.down))
        var seen = 0
        for level in 0..<256 {
            seen += counts[level]
            if seen > target { return level }
        }
        return 255
    }
}
