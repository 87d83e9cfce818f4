/// The catalog's /Outlines tree: indirect item dictionaries linked by /Parent, /Prev, /Next,
/// /First and /Last, each opening its page with a /Fit destination.
enum Outline {
    /// Writes the tree of `entries` (at least one) into `output`, whose page `i` is object
    /// `pages[i]`; returns the number of its root.
    static func write(_ entries: [MergePlan.OutlineEntry], pages: [Int], into output: PDFFileWriter) throws(AssemblyError) -> Int {
        let root = output.reserve()
        let (first, last) = try link(entries, under: root, pages: pages, into: output)
        // The top level is open, nested levels closed, so a long class list stays readable.
        output.object(root, Array("<< /Type /Outlines /First \(first) 0 R /Last \(last) 0 R /Count \(entries.count) >>".utf8))
        return root
    }

    /// Writes the items of one level (at least one) under `parent`; returns the first and last.
    private static func link(_ entries: [MergePlan.OutlineEntry], under parent: Int, pages: [Int],
                             into output: PDFFileWriter) throws(AssemblyError) -> (first: Int, last: Int) {
        let items = entries.map { _ in output.reserve() }
        for (index, entry) in entries.enumerated() {
            guard pages.indices.contains(entry.pageIndex) else {
                throw .badPlan("outline entry '\(entry.title)' opens page \(entry.pageIndex + 1) of \(pages.count)")
            }
            var body = Array("<< /Title ".utf8) + PDFSyntax.text(entry.title)
            body += Array(" /Parent \(parent) 0 R /Dest [\(pages[entry.pageIndex]) 0 R /Fit]".utf8)
            if index > 0 { body += Array(" /Prev \(items[index - 1]) 0 R".utf8) }
            if index + 1 < items.count { body += Array(" /Next \(items[index + 1]) 0 R".utf8) }
            if !entry.children.isEmpty {
                let (first, last) = try link(entry.children, under: items[index], pages: pages, into: output)
                body += Array(" /First \(first) 0 R /Last \(last) 0 R /Count -\(entry.children.count)".utf8)
            }
            output.object(items[index], body + Array(" >>".utf8))
        }
        return (items[0], items[items.count - 1])
    }
}
