import Foundation
import GraderCore
import GraderPDF

/// Loads student scans into a checked `LoadedClass`.
public enum ClassLoader {
    /// What the scans are loaded for, which decides how much is read now.
    public enum Purpose: Sendable {
        /// A project: each page measured (through its /UserUnit, read by qpdf) and every scan read
        /// by qpdf too, so that one no export could copy is refused before anyone grades it.
        case project
        /// A merge: page counts only; qpdf reads each scan once, as it copies its pages, and names
        /// one it cannot read before anything is written.
        case merge
    }

    /// Opens every scan in `paths` (files, or folders of PDFs) through poppler, one at a time so a
    /// large class never holds a file descriptor per student, names the students (from the roster
    /// when given, else from file names) and checks the structured-assignment rules. Every
    /// unreadable file is reported together. `progress` gets (files opened, files). For a merge
    /// the page sizes are not measured (`LoadedClass.pageSizes` is empty).
    public static func load(_ paths: [String], rosterPath: String? = nil, password: String? = nil, for purpose: Purpose = .project,
                            progress: (Int, Int) -> Void = { _, _ in }) throws(ClassLoadError) -> LoadedClass {
        let roster: Roster?
        do throws(RosterError) { roster = try rosterPath.map { path throws(RosterError) in try Roster(contentsOf: path) } }
        catch { throw .roster(error) }
        let files = try rosterOrder(ScanPaths.expand(paths), roster)

        // Every problem is collected and listed at once (a roster row, a damaged file, a booklet
        // without pages, a duplicate name): one run shows everything to fix.
        var problems: [ClassLoadError] = []
        if let roster {
            let given = Set(files.map { ($0 as NSString).lastPathComponent.precomposedStringWithCanonicalMapping })
            problems += roster.entries.filter { !given.contains($0.fileName.precomposedStringWithCanonicalMapping) }
                .map { .rosterFileMissing(line: $0.line, fileName: $0.fileName, rosterPath: roster.path) }
        }
        var submissions: [Submission] = [], pageSizes: [[PageSize]] = [], failures: [PDFError] = [], used: [String?] = []
        for (index, file) in files.enumerated() {
            defer { progress(index + 1, files.count) }
            let student: Student
            do throws(ClassLoadError) { student = try self.student(forFile: file, roster: roster) } catch {
                problems.append(error)
                continue
            }
            do {
                let (document, needed) = try open(file, password: password)
                // Every page must be reachable (a page tree that loops or is cut short is refused by name).
                let pages = try (0..<document.pageCount).map { index throws(PDFError) in try document.page(at: index) }
                if purpose == .project {
                    pageSizes.append(pages.map(\.size))
                    try ScanCheck.copyable(document)
                }
                submissions.append(Submission(student: student, fileName: file, pageCount: document.pageCount))
                used.append(needed)
            } catch {
                failures.append(error)
            }
        }
        if !failures.isEmpty { problems.append(.unreadableScans(failures)) }
        let classSet: ClassSet
        do throws(ClassSetError) { classSet = try ClassSet.validate(submissions) } catch {
            if !(error == .noSubmissions && !problems.isEmpty) { problems.append(.classSet(error)) }
            throw problems.count == 1 ? problems[0] : .several(problems)
        }
        guard problems.isEmpty else { throw problems.count == 1 ? problems[0] : .several(problems) }
        return LoadedClass(classSet: classSet, scanPaths: files, pageSizes: pageSizes, password: password, scanPasswords: used)
    }

    /// Opens `file` without a password when it needs none (an open scan, or one with only an owner
    /// password, which a wrong password would not open), else with `password`; returns the
    /// document and the password it needed.
    private static func open(_ file: String, password: String?) throws(PDFError) -> (PDFDocument, String?) {
        do {
            return (try PDFDocument(path: file), nil)
        } catch .passwordRequired(let path) {
            guard let password else { throw .passwordRequired(path: path) }
            return (try PDFDocument(path: file, password: password), password)
        }
    }

    /// With a roster, students come in the roster's row order (files it lacks stay last, in the
    /// order given, and are refused below by name).
    private static func rosterOrder(_ files: [String], _ roster: Roster?) -> [String] {
        guard let roster else { return files }
        let line = { (file: String) in roster.entry(forFileName: (file as NSString).lastPathComponent)?.line ?? Int.max }
        return files.enumerated().sorted { (line($0.element), $0.offset) < (line($1.element), $1.offset) }.map(\.element)
    }

    private static func student(forFile file: String, roster: Roster?) throws(ClassLoadError) -> Student {
        guard let roster else { return Student(name: ScanPaths.studentName(forFile: file)) }
        let fileName = (file as NSString).lastPathComponent
        guard let entry = roster.entry(forFileName: fileName) else {
            throw .notInRoster(fileName: file, rosterPath: roster.path)
        }
        return entry.student
    }
}
