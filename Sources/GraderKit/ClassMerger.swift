import Foundation
import GraderAssembly
import GraderCore
import GraderFiles

/// Writes a class's combined document: the original pages in grading order, copied untouched,
/// with page labels ("Anna — p. 2") and an outline grouped like the order.
public enum ClassMerger {
    /// Merges `loaded` in `order` into `outputPath` (atomically).
    public static func merge(_ loaded: LoadedClass, order: GradingOrder, to outputPath: String) throws(AssemblyError) {
        AtomicFile.removeAbandoned(in: (outputPath as NSString).deletingLastPathComponent)
        try PageAssembler.write(plan(scans: zip(loaded.scanPaths, loaded.scanPasswords).map { MergePlan.Source(path: $0, password: $1) },
                                     students: loaded.students, pagesPerStudent: loaded.classSet.pagesPerStudent, order: order),
                                to: outputPath)
    }

    /// The plan of a combined document from one PDF per student whose booklet pages start after
    /// `leadingPages[student]` pages (covers; none when empty).
    static func plan(scans: [MergePlan.Source], students: [Student], pagesPerStudent: Int, order: GradingOrder,
                     leadingPages: [Int] = []) -> MergePlan {
        let sequence = GradingSequence(studentCount: students.count, pagesPerStudent: pagesPerStudent, order: order)
        let layout = CombinedLayout(students: students, sequence: sequence)
        let pages = sequence.pageRefs.map { MergePlan.Page(source: $0.student.index,
                                                                   pageIndex: (leadingPages.isEmpty ? 0 : leadingPages[$0.student.index]) + $0.page - 1) }
        return MergePlan(sources: scans, pages: pages,
                         pageLabels: layout.pageLabels, outline: layout.outline.map(outlineEntry))
    }

    private static func outlineEntry(_ entry: CombinedLayout.Entry) -> MergePlan.OutlineEntry {
        MergePlan.OutlineEntry(title: entry.title, pageIndex: entry.pageIndex, children: entry.children.map(outlineEntry))
    }
}
