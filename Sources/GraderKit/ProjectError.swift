import Foundation

/// Why a project's files cannot be used or created.
public enum ProjectError: Error, Equatable, Sendable {
    /// A scan in the project no longer has the bytes it was imported with (an empty path: not shown).
    case scanChanged(student: String, path: String)
    /// A scan in the project is gone (an empty path: not shown).
    case scanMissing(student: String, path: String)
    /// A scan could not be copied into the project.
    case importFailed(path: String, detail: String)
    /// A new student's booklet has another page count than the project's.
    case pageCountMismatch(path: String, found: Int, expected: Int)
    /// The master copy has another page count than the students' booklets.
    case masterPageCount(path: String, found: Int, expected: Int)
    /// A version's reference PDF has another page count than the students' booklets.
    case versionPageCount(version: String, path: String, found: Int, expected: Int)
    /// A new student has the name of one already in the project.
    case studentExists(name: String)
    /// A long operation was stopped by its `Cancellation`.
    case cancelled
    /// Another student already has the roster id given.
    case rosterIDTaken(id: String, student: String)
    /// A student name that is empty or only spaces.
    case blankStudentName
    /// A project name that is blank, or too long for a folder name (in bytes).
    case badProjectName(String, bytes: Int)
    /// A page of the reference (the master copy, or the booklet the pages are aligned to) has no print.
    case blankReferencePage(reference: String, page: Int)
    /// A project made before pages were aligned: there is no alignment to correct by hand.
    case pagesNeverAligned(project: String)
}

extension ProjectError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .scanChanged(let student, let path):
            return "The scan of \(student)\(Self.shown(path)) changed since it was imported (its SHA-256 differs): "
                + "put the original file back, or remove and re-add the student."
        case .scanMissing(let student, let path):
            return "The scan of \(student)\(Self.shown(path)) is missing from the project: put it back, or remove the student."
        case .importFailed(let path, let detail):
            return "Could not copy '\(path)' into the project: \(detail). Nothing was created."
        case .pageCountMismatch(let path, let found, let expected):
            return "'\(path)' has \(found == 1 ? "1 page" : "\(found) pages") but the project's booklets have \(expected): rescan it."
        case .versionPageCount(let version, let path, let found, let expected):
            return "Version \(version)'s PDF '\(path)' has \(found == 1 ? "1 page" : "\(found) pages") but the students' booklets have \(expected): "
                + "give that version's unwritten exam with the same number of pages. Nothing was changed."
        case .masterPageCount(let path, let found, let expected):
            return "The master copy '\(path)' has \(found == 1 ? "1 page" : "\(found) pages") but the students' booklets have \(expected): "
                + "give the unwritten exam with the same pages, or leave out --master to align on the first student."
        case .rosterIDTaken(let id, let student):
            return "\(student) already has the id '\(id)': give the new student their own id with --id."
        case .studentExists(let name):
            return "The project already has a student '\(name)': give the new one another name with --name."
        case .cancelled:
            return "Stopped before the end: nothing more was recorded (files already written are complete)."
        case .blankStudentName:
            return "The student's name is empty: give their name with --name (e.g. --name \"Kim, Lee\")."
        case .badProjectName(let name, let bytes) where bytes == 0:
            return "The project name '\(name)' is empty: give a name such as exam (the folder exam.ezgrader is created)."
        case .badProjectName(let name, let bytes):
            return "The project name '\(name.prefix(30))…' is \(bytes) bytes long: a folder name holds at most "
                + "\(ProjectName.maxBytes) bytes (é takes 2, 李 takes 3): give a shorter name."
        case .blankReferencePage(let reference, let page):
            return "Page \(page) of \(reference) has no print to align the students' pages on (a blank page): give the unwritten "
                + "exam with every page printed with --master, or put first a student whose booklet is complete. Nothing was created."
        case .pagesNeverAligned(let project):
            return "The pages of \(project) were never aligned (it was made before pages were): its boxes sit by page size; "
                + "move a box with ezgrader question move instead."
        }
    }

    /// " ('path')", or nothing for a path not shown.
    private static func shown(_ path: String) -> String { path.isEmpty ? "" : " ('\(path)')" }
}
