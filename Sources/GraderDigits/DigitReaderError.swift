import Foundation

/// Why the digit reader cannot run.
public enum DigitReaderError: Error, Equatable, LocalizedError {
    /// The weights file is not where the build put it.
    case weightsMissing
    /// The weights file is damaged: its path and what is wrong.
    case badWeights(String, String)

    public var errorDescription: String? {
        switch self {
        case .weightsMissing:
            return "The digit reader's weights (digits.weights) are missing from this build of ezgrader: rebuild it, or reinstall it with its resource folders."
        case .badWeights(let path, let problem):
            return "The digit reader's weights '\(path)' are damaged (\(problem)): rebuild ezgrader, or re-run scripts/train-digits.py."
        }
    }
}
