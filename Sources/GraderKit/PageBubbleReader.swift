import Foundation
import GraderAlignment
import GraderBubbles
import GraderCore
import GraderPDF

/// Reads the bubble blocks of a page from one rendering of it: blocks described by origin and
/// spacing by their printed grid, blocks found on a school's blank sheet against that blank
/// (prepared once, here, for every student).
struct PageBubbleReader: Sendable {
    /// A blank sheet page, by file (relative to the project) and page.
    struct BlankKey: Hashable, Sendable {
        let file: String
        let page: Int
    }

    private let blanks: [BlankKey: BlankSheet]

    /// Renders every blank sheet page that `blocks` are read against, from the project at `folder`.
    init(blocks: [BubbleBlock], folder: String) throws {
        var blanks: [BlankKey: BlankSheet] = [:]
        let byBlank = Dictionary(grouping: blocks.filter { $0.template != nil }) { BlankKey(file: $0.template!.blankFile, page: $0.template!.blankPage) }
        for (key, group) in byBlank {
            let path = (folder as NSString).appendingPathComponent(key.file)
            let document = try PDFDocument(path: path)
            guard key.page >= 1, key.page <= document.pageCount else {
                throw GradingError.badBubbleBlock(group[0].id, problem: "the blank sheet \(key.file) has no page \(key.page)")
            }
            let image = try GrayImage(rendering: document.page(at: key.page - 1), pixelsPerPoint: TemplateReader.pixelsPerPoint(for: group))
            blanks[key] = BlankSheet(image, blocks: group)
        }
        self.blanks = blanks
    }

    /// Reads `blocks` (all printed on `page`), in their order; blocks described by origin and
    /// spacing are placed through the page's `alignment` to the reference page when it matched.
    func read(_ blocks: [BubbleBlock], on page: PDFPage, alignment: PageAlignment? = nil) throws -> [BlockReading] {
        let gridBlocks = blocks.filter { $0.template == nil }
        let byBlank = Dictionary(grouping: blocks.filter { $0.template != nil }) { BlankKey(file: $0.template!.blankFile, page: $0.template!.blankPage) }
        let ppp = max(gridBlocks.map { GrayImage.pixelsPerPoint(forBubbleDiameter: $0.bubbleDiameter) }.max() ?? 0,
                      byBlank.keys.compactMap { blanks[$0]?.image.pixelsPerPoint }.max() ?? 0)
        let image = try GrayImage(rendering: page, pixelsPerPoint: ppp, keepingScanResolution: !byBlank.isEmpty)
        var readings: [String: BlockReading] = [:]
        if !gridBlocks.isEmpty {
            let resampled = image.resampled(toPixelsPerPoint: ppp)
            let gridImage = alignment?.upsideDown == true ? resampled.turned : resampled
            for reading in BubbleReader.read(gridBlocks, in: gridImage, alignment: alignment?.transform) { readings[reading.block.id] = reading }
        }
        for (key, group) in byBlank {
            guard let blank = blanks[key] else { continue }
            for reading in TemplateReader.read(group, scan: image, blank: blank) { readings[reading.block.id] = reading }
        }
        return blocks.map { readings[$0.id] ?? BubbleReader.unreadableReading($0, reason: "the blank sheet could not be read") }
    }
}
