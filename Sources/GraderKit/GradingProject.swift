import Foundation
import GraderCore
import GraderPDF
import GraderStore

/// A grading project folder (`NAME.ezgrader/`): the store plus the imported scans, opened by one
/// grader. This is the façade every front end calls (the CLI, the web view): its inputs are typed
/// values, every rule lives behind it, and every change it makes is recorded as that grader's.
public struct GradingProject: Sendable {
    /// The project folder.
    public let folder: String
    /// Its database.
    let store: ProjectStore
    /// What its views read, shared by every grader acting on it (`acting(as:)`).
    let views: ReadModel
    /// What this grader may change (`GraderRole.may`); the command line and the owner's link act as the instructor.
    public let role: GraderRole

    init(folder: String, store: ProjectStore, views: ReadModel = ReadModel(), role: GraderRole = .instructor) {
        self.folder = folder
        self.store = store
        self.views = views
        self.role = role
    }

    /// Who this project's changes are recorded as.
    public var grader: Grader { store.grader }

    /// The newest project schema this build reads and writes.
    public static var schemaVersion: Int { ProjectStore.schemaVersion }

    /// The folder a user means by `name`: `name` itself when it is a project, else
    /// `name.ezgrader` when that is one, else `name` (which opening then refuses by name).
    public static func folder(named name: String) -> String {
        if isProject(name) { return name }
        return isProject(name + ".ezgrader") ? name + ".ezgrader" : name
    }

    /// The folder a new project called `name` is created in: `NAME.ezgrader`.
    public static func newFolder(named name: String) -> String { name.hasSuffix(".ezgrader") ? name : name + ".ezgrader" }

    /// True when `folder` holds a project database.
    public static func isProject(_ folder: String) -> Bool {
        FileManager.default.fileExists(atPath: ProjectStore.databasePath(in: folder))
    }

    /// Creates `folder` from the scans: checks them as a class (like `merge`), imports each into
    /// `scans/`, and records the students in roster order (or the order given). The project is
    /// built in a hidden `.NAME.<pid>.partial` folder beside it and renamed into place only once
    /// whole, so a failed or killed creation never leaves a folder that opens as a project (the
    /// leftovers of killed runs are removed by the next one). A rubric, when given, is applied as
    /// part of the creation. Every page is aligned to the same page of the reference — the master
    /// copy `masterPath` (the unwritten exam) when given, else the blank sheet of a rubric whose
    /// bubbles were measured on it (same page count), else the first student's booklet — and
    /// `aligning` gets (students aligned, students).
    public static func create(_ folder: String, scans: [String], rosterPath: String? = nil, password: String? = nil,
                              rubricPath: String? = nil, masterPath: String? = nil, grader: Grader,
                              progress: (Int, Int) -> Void = { _, _ in },
                              aligning: @Sendable (Int, Int) -> Void = { _, _ in }) throws -> GradingProject {
        try ProjectName.check(folder)
        let loaded = try ClassLoader.load(scans, rosterPath: rosterPath, password: password, progress: progress)
        // A rubric measured on the school's blank sheet: that blank is the page everything is aligned to.
        let masterPath = masterPath ?? rubricPath.flatMap { path in
            (try? Rubric(contentsOf: path)).flatMap { rubric in
                rubric.entries.contains { $0.outline != nil } ? rubric.blankSheet : nil
            }.flatMap { blank in (try? PDFDocument(path: blank).pageCount) == loaded.classSet.pagesPerStudent ? blank : nil }
        }
        if let masterPath {
            let pages = try PDFDocument(path: masterPath).pageCount
            guard pages == loaded.classSet.pagesPerStudent else {
                throw ProjectError.masterPageCount(path: masterPath, found: pages, expected: loaded.classSet.pagesPerStudent)
            }
        }
        guard !FileManager.default.fileExists(atPath: folder) else { throw StoreError.alreadyExists(path: folder) }
        try StagingFolder.build(folder) { staging in try build(staging, loaded, rubricPath: rubricPath, masterPath: masterPath, grader: grader, aligning: aligning) }
        return try open(folder, as: grader)
    }

    /// Builds the whole project in `folder`; its database is closed when this returns.
    private static func build(_ folder: String, _ loaded: LoadedClass, rubricPath: String?, masterPath: String?, grader: Grader,
                              aligning: @Sendable (Int, Int) -> Void) throws {
        let scanFolder = (folder as NSString).appendingPathComponent("scans")
        try FileManager.default.createDirectory(atPath: scanFolder, withIntermediateDirectories: true)
        let store = try ProjectStore.create(in: folder, pagesPerStudent: loaded.classSet.pagesPerStudent, grader: grader)
        let fileNames = SafeFileName.distinct(loaded.students.map(\.name))
        let students = try zip(loaded.classSet.submissions.indices, fileNames).map { index, fileName in
            let stored = "scans/\(fileName).pdf"
            let digest = try ScanImport.importScan(loaded.scanPaths[index], to: folder + "/" + stored, password: loaded.scanPasswords[index])
            return (loaded.students[index], stored, digest, loaded.pageSizes[index])
        }
        // The imported copies are stored decrypted: they open without a password.
        let master = try masterPath.map { path in
            _ = try ScanImport.importScan(path, to: folder + "/" + masterFile, password: nil)
            return PageAlignmentRun.Scan(path: folder + "/" + masterFile, name: "the master copy '\(path)'")
        }
        let run = try PageAlignmentRun.alignClass(students.map { .init(path: folder + "/" + $0.1, name: "\($0.0.name)'s booklet (the reference)") },
                                                  master: master, progress: aligning)
        try store.change("create project with \(students.count) students") { writer in
            try writer.setReference(scanFile: run.reference.map { students[$0].1 } ?? masterFile, pageSizes: run.sizes)
            for ((student, file, digest, sizes), pages) in zip(students, run.alignments) {
                try writer.insertStudent(student, scanFile: file, sha256: digest, pageSizes: sizes, alignments: pages)
            }
        }
        if let rubricPath { try GradingProject(folder: folder, store: store).apply(rubricAt: rubricPath) }
    }

    /// The master copy's file inside a project folder.
    static let masterFile = "master.pdf"

    /// Opens an existing project as `grader`; a change waits up to `busyWait` seconds for another
    /// program's before it is refused as busy.
    public static func open(_ folder: String, as grader: Grader, busyWait: Double = 30) throws(StoreError) -> GradingProject {
        StagingFolder.removeAbandoned(beside: folder)
        CaptureWorkFolder.removeAbandoned(in: folder)
        return GradingProject(folder: folder, store: try ProjectStore.open(folder, grader: grader, busyWait: busyWait))
    }

    /// The absolute path of a stored scan.
    public func scanPath(_ entry: GradeBook.Entry) -> String { (folder as NSString).appendingPathComponent(entry.scanPath) }

    /// Checks that every scan still has the bytes it was imported with (before rendering or
    /// exporting from them); the first changed or missing one is named.
    public func verifyScans(_ book: GradeBook) throws(ProjectError) { try verifyScans(of: book.students) }

    /// Checks that the scans of `students` still have the bytes they were imported with.
    func verifyScans(of students: [GradeBook.Entry]) throws(ProjectError) {
        if let first = scanProblems(of: students).first { throw first }
    }

    /// Every scan of `students` that is missing or no longer has the bytes it was imported with.
    func scanProblems(of students: [GradeBook.Entry]) -> [ProjectError] {
        let expected = try? store.scanDigests()
        return students.compactMap { entry in
            let path = scanPath(entry)
            guard FileManager.default.fileExists(atPath: path) else { return .scanMissing(student: entry.student.name, path: path) }
            return FileDigest.sha256(ofFile: path) == expected?[entry.key] ? nil : .scanChanged(student: entry.student.name, path: path)
        }
    }

    /// Adds a student from a scan after grading began: the booklet must have the project's page
    /// count; every existing question is "?" for them.
    public func addStudent(scan: String, name: String? = nil, rosterID: String? = nil, email: String? = nil) throws -> Student {
        try permit(.editRoster)
        let document = try PDFDocument(path: scan)
        let book = try store.directory()
        guard document.pageCount == book.pagesPerStudent else {
            throw ProjectError.pageCountMismatch(path: scan, found: document.pageCount, expected: book.pagesPerStudent)
        }
        let student = Student(name: name ?? ScanPaths.studentName(forFile: scan), rosterID: rosterID, email: email)
        guard !student.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw ProjectError.blankStudentName }
        guard book.student(exactlyNamed: student.name) == nil else { throw ProjectError.studentExists(name: student.name) }
        if let id = student.rosterID, let owner = book.students.first(where: { $0.student.rosterID == id }) {
            throw ProjectError.rosterIDTaken(id: id, student: owner.student.name)
        }
        let taken = Set(((try? FileManager.default.contentsOfDirectory(atPath: folder + "/scans")) ?? []).map { $0.lowercased() })
        var fileName = SafeFileName.make(student.name), copy = 1
        while taken.contains("\(fileName).pdf".lowercased()) {
            copy += 1
            fileName = SafeFileName.make(student.name) + " (\(copy))"
        }
        let stored = "scans/\(fileName).pdf"
        let digest = try ScanImport.importScan(scan, to: folder + "/" + stored, password: nil)
        let sizes = try (0..<document.pageCount).map { try document.page(at: $0).size }
        let alignments = try alignToReference([folder + "/" + stored])[0]
        do {
            try store.change("add student \(student.name)") { writer in
                try writer.insertStudent(student, scanFile: stored, sha256: digest, pageSizes: sizes, alignments: alignments)
            }
        } catch {
            unlink(folder + "/" + stored)
            throw error
        }
        return student
    }
}
