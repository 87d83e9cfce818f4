import GraderAssembly
import GraderCore

/// Writes a class's combined document: the original pages in grading order, copied untouched,
/// with page labels ("Anna — p. 2") and an outline grouped like the order; optionally each page
/// with its student's grade layer laid over it.
public enum ClassMerger {
    /// Merges `loaded` in `order` into `outputPath` (atomically).
    public static func merge(_ loaded: LoadedClass, order: GradingOrder, to outputPath: String) throws(AssemblyError) {
        try PageAssembler.write(plan(scans: loaded.scanPaths.map { MergePlan.Source(path: $0, password: loaded.password) },
                                     students: loaded.students, pagesPerStudent: loaded.classSet.pagesPerStudent, order: order),
                                to: outputPath)
    }

    /// The plan of a combined document. `layers`, when given, holds each student's grade layer PDF
    /// (one page per booklet page, after `layerPageOffset` leading pages such as a cover).
    static func plan(scans: [MergePlan.Source], students: [Student], pagesPerStudent: Int, order: GradingOrder,
                     layers: [String]? = nil, layerPageOffset: Int = 0) -> MergePlan {
        let sequence = GradingSequence(studentCount: students.count, pagesPerStudent: pagesPerStudent, order: order)
        let layout = CombinedLayout(students: students, sequence: sequence)
        let pages = sequence.pageRefs.map { ref in
            MergePlan.Page(source: ref.student.index, pageIndex: ref.page - 1,
                           overlay: layers.map { _ in .init(source: students.count + ref.student.index, pageIndex: layerPageOffset + ref.page - 1) })
        }
        return MergePlan(sources: scans + (layers ?? []).map { MergePlan.Source(path: $0) }, pages: pages,
                         pageLabels: layout.pageLabels, outline: layout.outline.map(outlineEntry))
    }

    private static func outlineEntry(_ entry: CombinedLayout.Entry) -> MergePlan.OutlineEntry {
        MergePlan.OutlineEntry(title: entry.title, pageIndex: entry.pageIndex, children: entry.children.map(outlineEntry))
    }
}
