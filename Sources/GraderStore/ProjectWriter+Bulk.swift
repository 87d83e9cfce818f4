import Foundation
import GRDB
import GraderCore

extension ProjectWriter {
    /// The bulk-scanned class as it stands in this transaction; nil for a project made from one PDF per student.
    public func bulkState() throws -> BulkState? { try BulkStateReader.read(db) }

    /// Records the exam a bulk-scanned project sorts pages for.
    public func setBulkExam(_ exam: String, copies: Int) throws {
        try db.execute(sql: "INSERT INTO bulk_exam (id, exam, copies) VALUES (1, ?, ?)", arguments: [exam, copies])
    }

    /// Records a bulk scan stored in the project; returns its index among the bulk scans.
    @discardableResult
    public func insertBulkScan(_ scan: BulkState.Scan, sha256: String) throws -> Int {
        try db.execute(sql: "INSERT INTO bulk_scan (file, original, sha256, pages) VALUES (?, ?, ?, ?)",
                       arguments: [scan.file, scan.original, sha256, scan.pages])
        return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM bulk_scan")! - 1
    }

    /// Records what was read on a scanned page.
    public func insertScanPage(_ page: ScannedPage) throws {
        let (reading, rotation): (String, Int) = switch page.reading {
        case .blank: ("blank", 0)
        case .unreadable: ("", 0)
        case .code(let code, let rotation): (code.text, rotation)
        case .placed(_, _, let rotation): ("", rotation)
        }
        try db.execute(sql: "INSERT INTO scan_page (scan_id, page_index, reading, rotation, ink, doubt) VALUES (?, ?, ?, ?, ?, ?)",
                       arguments: [try scanID(page.ref.scan), page.ref.pageIndex, reading, rotation, page.ink, page.doubt])
        if case .placed(let copy, let number, let rotation) = page.reading {
            try place(page.ref, copy: copy, page: number, rotation: rotation)
        }
    }

    /// Places a scanned page on a copy's page by hand, turned by `rotation`.
    public func place(_ ref: ScanPageRef, copy: Int, page: Int, rotation: Int) throws {
        try db.execute(sql: "UPDATE scan_page SET hand_copy = ?, hand_page = ?, rotation = ? WHERE scan_id = ? AND page_index = ?",
                       arguments: [copy, page, rotation, try scanID(ref.scan), ref.pageIndex])
    }

    /// Records the student a copy is for (nil fields leave it unknown).
    public func setCopyStudent(_ copy: Int, _ student: Student?) throws {
        try db.execute(sql: """
            INSERT INTO exam_copy (copy, name, roster_id, email) VALUES (?, ?, ?, ?)
            ON CONFLICT (copy) DO UPDATE SET name = excluded.name, roster_id = excluded.roster_id, email = excluded.email
            """, arguments: [copy, student?.name, student?.rosterID, student?.email])
    }

    /// Records the project student a complete copy became.
    public func linkCopy(_ copy: Int, to student: StudentKey) throws {
        try db.execute(sql: """
            INSERT INTO exam_copy (copy, student_id) VALUES (?, ?)
            ON CONFLICT (copy) DO UPDATE SET student_id = excluded.student_id
            """, arguments: [copy, student.rawValue])
    }

    /// Gives a student another name, roster id and e-mail (a copy matched to its student).
    public func renameStudent(_ key: StudentKey, to student: Student) throws {
        try db.execute(sql: "UPDATE student SET name = ?, name_key = ?, roster_id = ?, email = ? WHERE id = ?",
                       arguments: [student.name, student.nameKey, student.rosterID, student.email, key.rawValue])
    }

    /// Points a student's pages at the bulk scans' pages they came from (page 1 first).
    /// Each page's alignment (indexed like `sources`) is that of the copy's booklet page, already set upright.
    public func setPageSources(_ key: StudentKey, _ sources: [(file: String, pageIndex: Int, rotation: Int)],
                               alignments: [PageAlignment] = []) throws {
        try db.execute(sql: "DELETE FROM page_source WHERE student_id = ?", arguments: [key.rawValue])
        for (page, source) in sources.enumerated() {
            let alignment = alignments.indices.contains(page) ? AlignmentColumn.encode(alignments[page], turnedInText: true) : nil
            try db.execute(sql: "INSERT INTO page_source (student_id, page, scan_file, page_index, rotation, alignment) VALUES (?, ?, ?, ?, ?, ?)",
                           arguments: [key.rawValue, page + 1, source.file, source.pageIndex, source.rotation, alignment])
        }
    }

    /// Records the ink measured later on a scanned page (to compare it with a page carrying its code).
    public func setInk(_ ink: Double?, of ref: ScanPageRef) throws {
        try db.execute(sql: "UPDATE scan_page SET ink = ? WHERE scan_id = ? AND page_index = ?", arguments: [ink, try scanID(ref.scan), ref.pageIndex])
    }

    private func scanID(_ index: Int) throws -> Int64 {
        guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM bulk_scan ORDER BY id LIMIT 1 OFFSET ?", arguments: [index]) else {
            throw StoreError.database(path: "", detail: "no bulk scan \(index + 1)")
        }
        return id
    }
}

extension ProjectStore {
    /// The bulk-scanned class as it stands now; nil for a project made from one PDF per student.
    public func bulkState() throws(StoreError) -> BulkState? {
        try read { db in try BulkStateReader.read(db) }
    }
}

/// Reads the bulk tables into a `BulkState`.
enum BulkStateReader {
    static func read(_ db: Database) throws -> BulkState? {
        guard let exam = try Row.fetchOne(db, sql: "SELECT exam, copies FROM bulk_exam WHERE id = 1") else { return nil }
        let pagesPerCopy = try Int.fetchOne(db, sql: "SELECT pages_per_student FROM project WHERE id = 1") ?? 0
        let scanRows = try Row.fetchAll(db, sql: "SELECT id, file, original, pages FROM bulk_scan ORDER BY id")
        let indexOfID = Dictionary(uniqueKeysWithValues: scanRows.enumerated().map { ($1["id"] as Int64, $0) })
        let scans = scanRows.map { BulkState.Scan(file: $0["file"], original: $0["original"], pages: $0["pages"]) }
        let pages = try Row.fetchAll(db, sql: "SELECT scan_id, page_index, reading, rotation, hand_copy, hand_page, ink, doubt FROM scan_page")
            .compactMap { row -> ScannedPage? in
                guard let scan = indexOfID[row["scan_id"]] else { return nil }
                let ref = ScanPageRef(scan: scan, pageIndex: row["page_index"])
                let reading: String = row["reading"], rotation: Int = row["rotation"], ink: Double? = row["ink"]
                if let copy = row["hand_copy"] as Int?, let page = row["hand_page"] as Int? {
                    return ScannedPage(ref: ref, reading: .placed(copy: copy, page: page, rotation: rotation), ink: ink, doubt: row["doubt"])
                }
                if reading == "blank" { return ScannedPage(ref: ref, reading: .blank, ink: ink) }
                guard let code = PageCode(text: reading) else { return ScannedPage(ref: ref, reading: .unreadable, ink: ink) }
                return ScannedPage(ref: ref, reading: .code(code, rotation: rotation), ink: ink)
            }
        let copies = try Row.fetchAll(db, sql: "SELECT copy, name, roster_id, email, student_id FROM exam_copy ORDER BY copy").map { row in
            BulkState.Copy(copy: row["copy"], student: (row["name"] as String?).map { Student(name: $0, rosterID: row["roster_id"], email: row["email"]) },
                           key: (row["student_id"] as Int64?).map(StudentKey.init))
        }
        return BulkState(exam: exam["exam"], copies: exam["copies"], pagesPerCopy: pagesPerCopy, scans: scans, pages: pages, knownCopies: copies)
    }
}
