import Foundation

/// Prints a benchmark group as a table, with ratios to the first (reference) row.
enum Report {
    static func print(title: String, results: [BenchCase.Result], inputBytes: Int) {
        Swift.print("## \(title)")
        Swift.print(pad("tool", 24) + pad("time s", 9) + pad("× ref", 8) + pad("peak MB", 9) + pad("output MB", 11) + "output / inputs")
        let reference = results[0]
        for result in results {
            Swift.print(pad(result.tool, 24)
                + pad(String(format: "%.2f", result.seconds), 9)
                + pad(String(format: "%.2f", result.seconds / reference.seconds), 8)
                + pad(megabytes(result.peakBytes), 9)
                + pad(megabytes(result.outputBytes), 11)
                + String(format: "%.3f", Double(result.outputBytes) / Double(inputBytes)))
        }
        Swift.print("")
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
