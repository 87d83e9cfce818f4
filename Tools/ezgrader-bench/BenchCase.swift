/// One tool's command in a benchmark group, and what its runs measured.
struct BenchCase {
    /// Name shown in the report.
    let tool: String
    /// The command line.
    let command: [String]
    /// The output file whose size is reported.
    let output: String

    init(tool: String, command: [String], output: String? = nil) {
        self.tool = tool
        self.command = command
        self.output = output ?? command.last!
    }

    /// The median measurement and the output size of one case.
    struct Result {
        let tool: String
        let seconds: Double
        let peakBytes: Int
        let outputBytes: Int
        /// The median run's processor time (user + system), in seconds.
        var cpuSeconds = 0.0
    }

    /// Runs every case `runs` times, interleaved (A B A B …) so machine noise hits all alike.
    static func runAlternating(_ cases: [BenchCase], runs: Int) throws -> [Result] {
        var measurements = [[Measurement]](repeating: [], count: cases.count)
        for _ in 0..<runs {
            for (index, benchCase) in cases.enumerated() {
                measurements[index].append(try measure(benchCase.command))
            }
        }
        return try cases.enumerated().map { index, benchCase in
            let sorted = measurements[index].sorted { $0.seconds < $1.seconds }
            return Result(tool: benchCase.tool, seconds: sorted[sorted.count / 2].seconds,
                          peakBytes: measurements[index].map(\.peakBytes).max() ?? 0,
                          outputBytes: try fileSize(benchCase.output), cpuSeconds: sorted[sorted.count / 2].cpuSeconds)
        }
    }
}
