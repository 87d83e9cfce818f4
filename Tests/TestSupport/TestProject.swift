import Foundation
import GraderKit
import GraderStore

/// A project database with students on Letter pages, without scans, for store tests.
public enum TestProject {
    /// Creates a store in `folder` with `names` as students of `pages` pages each (Letter unless `size` says).
    public static func make(in folder: TemporaryFolder, names: [String], pages: Int = 2,
                            size: PageSize = PageSize(width: 612, height: 792)) throws -> ProjectStore {
        let store = try ProjectStore.create(in: folder.path, pagesPerStudent: pages, grader: try .tester())
        try store.change("add students") { writer in
            for name in names {
                try writer.insertStudent(Student(name: name), scanFile: "scans/\(name).pdf", sha256: "0",
                                         pageSizes: Array(repeating: size, count: pages))
            }
        }
        return store
    }

    /// The same project opened through the façade, as the tester.
    public static func project(in folder: TemporaryFolder, names: [String], pages: Int = 2,
                               size: PageSize = PageSize(width: 612, height: 792)) throws -> GradingProject {
        _ = try make(in: folder, names: names, pages: pages, size: size)
        return try GradingProject.open(folder.path, as: try .tester())
    }
}
