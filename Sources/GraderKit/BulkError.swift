import Foundation

/// Why printing prepared copies or sorting a bulk scan into copies was refused; every case names the
/// file, page, copy or value at fault and says what to do.
public enum BulkError: Error, Equatable, Sendable {
    /// `--copies` is not 1…9999.
    case badCopyCount(Int)
    /// The exam id is not 1–16 letters and digits.
    case badExamID(String)
    /// The roster has more students than copies are printed.
    case rosterLargerThanCopies(roster: String, students: Int, copies: Int)
    /// The code (with its text) would not fit on a page at the place given.
    case codeOffPage(x: Double, y: Double, page: Int, width: Double, height: Double)
    /// No page of the scans carries an ezgrader page code.
    case noCodes(files: [String])
    /// The project was not made from bulk scans.
    case notBulk(project: String)
    /// No bulk scan of the project has that name.
    case unknownScan(String, known: [String])
    /// The scan has no such page.
    case noSuchPage(scan: String, page: Int, pages: Int)
    /// The copy number is not one of the printed copies.
    case noSuchCopy(Int, copies: Int)
    /// The page of a copy is out of range.
    case noSuchCopyPage(Int, pages: Int)
    /// The scanned page already sits on a copy's page.
    case alreadyPlaced(page: String, copy: Int, copyPage: Int)
    /// The copy's page is already filled by another scanned page.
    case slotTaken(copy: Int, copyPage: Int, by: String)
    /// A rotation that is not 0, 90, 180 or 270.
    case badRotation(Int)
    /// Another student of the project already has the name.
    case nameTaken(String, copy: Int)
    /// A name matched by hand that the project's roster does not have (`roster`: its students).
    case notOnRoster(String, roster: Int)
    /// A fixed-count split does not come out even, or a copy does not start with page 1.
    case splitMismatch(String)
    /// An option of `new` that a project made from bulk scans cannot honour (`--master`, `--password`).
    case optionNotForBulk(String)
    /// A version's PDF has another number of pages than the first version's.
    case versionPagesDiffer(path: String, found: Int, first: String, expected: Int)
    /// `prepare --versions` was given one PDF, or more than the letters A–Z name.
    case badVersionCount(Int)
}

extension BulkError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .versionPagesDiffer(let path, let found, let first, let expected):
            return "'\(path)' has \(found) page\(found == 1 ? "" : "s") but '\(first)' has \(expected): every version must have the same pages, in its own order."
        case .badVersionCount(let count):
            return "--versions lists \(count) PDF\(count == 1 ? "" : "s"): give 2 to \(VersionSpread.mostVersions), one per version (named A, B, … in that order)."
        case .badCopyCount(let count):
            return "--copies \(count): give a number of copies from 1 to 9999."
        case .badExamID(let id):
            return "The exam id '\(id)' is not 1 to 16 letters and digits: choose another with --exam-id."
        case .rosterLargerThanCopies(let roster, let students, let copies):
            return "'\(roster)' lists \(students) students but only \(copies) copies are printed: raise --copies to at least \(students)."
        case .codeOffPage(let x, let y, let page, let width, let height):
            return "A page code at \(Int(x)),\(Int(y)) does not fit on page \(page) (\(Int(width))×\(Int(height)) pt): "
                + "choose a place with --code-at x,y (points from the top-left corner) at least 80 pt from the right and bottom edges."
        case .noCodes(let files):
            return "No page of \(files.map { "'\($0)'" }.joined(separator: ", ")) carries an ezgrader page code: print the exam "
                + "with 'ezgrader prepare', or split scans without codes with --pages-per-student N."
        case .notBulk(let project):
            return "'\(project)' was not made from bulk scans (ezgrader new NAME --bulk SCAN.pdf): it has no copies to place pages in."
        case .unknownScan(let name, let known):
            return "The project has no bulk scan '\(name)': it has \(known.map { "'\($0)'" }.joined(separator: ", "))."
        case .noSuchPage(let scan, let page, let pages):
            return "'\(scan)' has no page \(page): it has pages 1–\(pages)."
        case .noSuchCopy(let copy, let copies):
            return "There is no copy \(copy): the exam was printed as copies 1–\(copies)."
        case .noSuchCopyPage(let page, let pages):
            return "--page-of-copy \(page): a copy has pages 1–\(pages)."
        case .alreadyPlaced(let page, let copy, let copyPage):
            return "\(page) is already copy \(copy) page \(copyPage): nothing to place."
        case .slotTaken(let copy, let copyPage, let by):
            return "Copy \(copy) page \(copyPage) is already \(by): check the copy and page numbers."
        case .badRotation(let degrees):
            return "--rotate \(degrees): give 0, 90, 180 or 270 (clockwise degrees that show the page upright)."
        case .nameTaken(let name, let copy):
            return "Another copy already is '\(name)': check the student for copy \(copy)."
        case .notOnRoster(let name, let roster) where roster == 0:
            return "The project has no roster, so '\(name)' cannot be checked against it: give --new to match a copy to a name of your own."
        case .notOnRoster(let name, let roster):
            return "'\(name)' is not one of the roster's \(roster) students (by name or roster id): check the spelling, "
                + "or give --new to match a copy to a name the roster does not have."
        case .splitMismatch(let detail):
            return detail
        case .optionNotForBulk(let option) where option == "--master":
            return "--master does not work with --pages-per-student: its copies are aligned to the first complete copy. "
                + "Leave out --master (with --bulk, give it the exam as it went to ezgrader prepare)."
        case .optionNotForBulk(let option) where option == "--password":
            return "--password does not work with --bulk or --pages-per-student: bulk scans are read without a password. "
                + "Decrypt them first (qpdf --decrypt --password=… locked.pdf open.pdf) and leave out --password."
        case .optionNotForBulk(let option):
            return "\(option) does not work with --bulk or --pages-per-student: leave it out."
        }
    }
}
