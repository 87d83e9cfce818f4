import Foundation

/// Why a set of booklets is not a structured assignment.
public enum ClassSetError: Error, Equatable, Sendable {
    /// No booklet was given.
    case noSubmissions
    /// A booklet has no pages.
    case emptyBooklet(fileName: String)
    /// Two files map to the same student (names equal ignoring case and Unicode normalisation).
    case duplicateStudent(name: String, fileNames: [String])
    /// Some files have a page count other than the most common one.
    case pageCountsDiffer(expected: Int, filesWithExpected: Int, odd: [PageCountGroup.File])
    /// No page count is the most common: every group is listed.
    case pageCountsTied([PageCountGroup])
    /// A booklet whose student has no name (a file called " .pdf", a blank roster cell).
    case blankName(fileName: String)
    /// Several of the problems above, every one listed.
    indirect case several([ClassSetError])
}

extension ClassSetError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .noSubmissions:
            return "No scans were given: name the students' PDF files (or a folder holding them)."
        case .emptyBooklet(let file):
            return "'\(file)' has no pages: rescan that booklet or leave the file out."
        case .duplicateStudent(let name, let files):
            return "Two files belong to the same student '\(name)': "
                + files.map { "'\($0)'" }.joined(separator: " and ")
                + ". Rename one of them, or map them to different students in a roster."
        case .pageCountsDiffer(let expected, let filesWithExpected, let odd):
            let list = odd.map { "'\($0.fileName)' has \(pages($0.pageCount))" }.joined(separator: "; ")
            return "Page counts differ: \(filesWithExpected) of \(filesWithExpected + odd.count) files have "
                + "\(pages(expected)), but \(list). Every booklet must have the same pages: "
                + "rescan \(odd.count == 1 ? "that file" : "those files") or leave \(odd.count == 1 ? "it" : "them") out."
        case .pageCountsTied(let groups):
            let list = groups.map { group in
                "\(pages(group.pageCount)): " + group.fileNames.map { "'\($0)'" }.joined(separator: ", ")
            }.joined(separator: "; ")
            return "Page counts differ and no count is in the majority — \(list). "
                + "Every booklet must have the same pages: rescan the odd ones or leave them out."
        case .blankName(let file):
            return "'\(file)' gives its student no name: rename the file after the student, or name them in a roster."
        case .several(let problems):
            return "\(problems.count) problems with these booklets:\n" + problems.map { "  - " + ($0.errorDescription ?? "") }.joined(separator: "\n")
        }
    }
}

private func pages(_ count: Int) -> String { count == 1 ? "1 page" : "\(count) pages" }
