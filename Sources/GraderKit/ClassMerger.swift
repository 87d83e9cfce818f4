import GraderAssembly
import GraderCore

/// Writes a class's combined document: the original pages in grading order, copied untouched,
/// with page labels ("Anna — p. 2") and an outline grouped like the order.
public enum ClassMerger {
    /// Merges `loaded` in `order` into `outputPath` (atomically).
    public static func merge(_ loaded: LoadedClass, order: GradingOrder, to outputPath: String) throws(AssemblyError) {
        let sequence = GradingSequence(
            studentCount: loaded.students.count, pagesPerStudent: loaded.classSet.pagesPerStudent, order: order)
        let layout = CombinedLayout(students: loaded.students, sequence: sequence)
        let plan = MergePlan(
            sources: loaded.scanPaths.map { MergePlan.Source(path: $0, password: loaded.password) },
            pages: sequence.pageRefs.map { MergePlan.Page(source: $0.student.index, pageIndex: $0.page - 1) },
            pageLabels: layout.pageLabels,
            outline: layout.outline.map(outlineEntry))
        try PageAssembler.write(plan, to: outputPath)
    }

    private static func outlineEntry(_ entry: CombinedLayout.Entry) -> MergePlan.OutlineEntry {
        MergePlan.OutlineEntry(title: entry.title, pageIndex: entry.pageIndex, children: entry.children.map(outlineEntry))
    }
}
