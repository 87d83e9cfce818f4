import Foundation
import GraderKit
@testable import GraderStore
import Testing
import TestSupport

/// A project the disk will not let change: read through the façade, every change refused.
@Suite struct DatabaseFileTests {
    @Test(.enabled(if: SmallDisk.isAvailable)) func aProjectOnAReadOnlyDiskIsReadButNotChanged() throws {
        let disk = try SmallDisk(kilobytes: 4096)
        let folder = disk.folder.file("exam.ezgrader")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let question = try Self.scoredProject(in: folder)  // closed again: a busy disk cannot be remounted
        try disk.makeReadOnly()
        let readOnly = try GradingProject.open(folder, as: try .tester())
        #expect(readOnly.isReadOnly)
        #expect(try readOnly.gradeBook().score(question.question.id, StudentID(0)) == .points(Points(quarters: 12)))
        #expect(throws: StoreError.readOnly(path: folder, reason: StoreError.folderNotWritable)) {
            try readOnly.setScore(student: "Anna", question: "Q1", value: "4")
        }
        #expect(StoreError.readOnly(path: "exam.ezgrader", reason: StoreError.folderNotWritable).localizedDescription
            == "'exam.ezgrader' can only be read here: its folder may not be written; copy the project to a folder you may write to change it. Nothing was changed.")
    }

    @Test(.enabled(if: SmallDisk.isAvailable)) func aProjectOnAFullDiskIsReadButNotChanged() throws {
        let disk = try SmallDisk(kilobytes: 4096)
        let folder = disk.folder.file("exam.ezgrader")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        _ = try ProjectStore.create(in: folder, pagesPerStudent: 1, grader: try .tester())
        disk.fill()
        let full = try GradingProject.open(folder, as: try .tester())
        #expect(full.isReadOnly)
        #expect(try full.directory().pagesPerStudent == 1)
        #expect(throws: StoreError.readOnly(path: folder, reason: StoreError.diskFull)) {
            try full.addQuestion(page: 1, at: "100,100", maxPoints: "4", label: "Q1")
        }
    }

    /// A project of one student, Anna, with 3 points on Q1.
    private static func scoredProject(in folder: String) throws -> NumberedQuestion {
        try ProjectStore.create(in: folder, pagesPerStudent: 1, grader: try .tester()).change("add Anna") { writer in
            try writer.insertStudent(Student(name: "Anna"), scanFile: "scans/Anna.pdf", sha256: "0", pageSizes: [PageSize(width: 612, height: 792)])
        }
        let store = try GradingProject.open(folder, as: try .tester())
        let question = try store.addQuestion(page: 1, at: "100,100", maxPoints: "4", label: "Q1")
        try store.setScore(student: "Anna", question: "Q1", value: "3")
        return question
    }
}
