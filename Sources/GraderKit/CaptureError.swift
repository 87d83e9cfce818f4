import Foundation

/// Why a photographed sheet cannot be graded in this project.
public enum CaptureError: Error, Equatable, Sendable {
    /// The project reads no bubbles.
    case noBubbleBlocks(project: String)
    /// The project's booklets have more than one page: a photo is one sheet.
    case notOneSheet(project: String, pages: Int)
}

extension CaptureError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .noBubbleBlocks(let project):
            "\(project) has no bubble blocks to read a photo against: add them with ezgrader rubric apply (a rubric with bubbles:)."
        case .notOneSheet(let project, let pages):
            "\(project) has booklets of \(pages) pages, but a photo is one answer sheet: photograph sheets only in a one-page bubble-sheet project."
        }
    }
}
