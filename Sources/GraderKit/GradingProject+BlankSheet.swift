import Foundation
import GraderAlignment
import GraderBubbles
import GraderCore
import GraderFiles
import GraderPDF

extension GradingProject {
    /// The project's copies of school blank sheets live here.
    static let blanksFolder = "blanks"

    /// The rubric's bubble blocks, those of the school's own sheet found on its blank: the blank is
    /// copied into the project (`blanks/`, reused when the same file is there) so scans can be
    /// read against it later. Returns the blocks and the copy made, if one was made. A bubble that
    /// cannot be found names the rubric line, the block, the row and the choice.
    func blocksFoundOnBlank(_ rubric: Rubric, path: String) throws -> (blocks: [BubbleBlock], copied: String?) {
        guard let blankPath = rubric.blankSheet, !rubric.entries.isEmpty else { return (rubric.bubbles, nil) }
        let document: PDFDocument
        do { document = try PDFDocument(path: blankPath) } catch {
            throw RubricError.refused(path: path, line: 1, detail: "the blank sheet '\(blankPath)' cannot be opened as a PDF (\(error.localizedDescription)).")
        }
        var blocks: [BubbleBlock] = []
        var renders: [String: GrayImage] = [:]
        for entry in rubric.entries {
            // The block is found on the blank's page of the same number unless blank_page: says
            // otherwise: a block on a page the blank lacks is refused, never looked for on page 1
            // (a mistyped page: would leave every row of every student uncertain).
            let page = entry.blankPage ?? entry.block.page
            guard page >= 1, page <= document.pageCount else {
                let pages = document.pageCount == 1 ? "1 page" : "\(document.pageCount) pages"
                let blank = (blankPath as NSString).lastPathComponent
                throw RubricError.refused(path: path, line: entry.line, detail: entry.blankPage == nil
                    ? "bubble block '\(entry.block.id)' is on page \(page), but the blank sheet '\(blank)' has \(pages), no page \(page): "
                        + "correct page:, or add blank_page: with the blank's page that shows this block."
                    : "bubble block '\(entry.block.id)': blank_page: \(page), but the blank sheet '\(blank)' has \(pages).")
            }
            guard let outline = entry.outline else {
                // A block typed by origin and spacing must be placed on the blank, or no student's will be.
                let image = try GrayImage(rendering: document.page(at: page - 1),
                                          pixelsPerPoint: GrayImage.pixelsPerPoint(forBubbleDiameter: entry.block.bubbleDiameter))
                if entry.block.problem == nil, let problem = BubbleReader.read(entry.block, in: image).problem {
                    throw RubricError.refused(path: path, line: entry.line, detail: "bubble block '\(entry.block.id)' cannot be placed on the blank sheet "
                        + "(\((blankPath as NSString).lastPathComponent), page \(page)): \(problem); check its origin, spacing, rows and choices.")
                }
                blocks.append(entry.block)
                continue
            }
            let ppp = TemplateFinder.pixelsPerPoint(for: outline)
            let key = "\(page)@\(ppp)"
            let image = try renders[key] ?? GrayImage(rendering: document.page(at: page - 1), pixelsPerPoint: ppp)
            renders[key] = image
            switch entry.block.found(outline, on: image, blankFile: "", blankPage: page, filledSheet: rubric.blankSheetFilled) {
            case .failure(let failure):
                // A filled copy given as the blank says itself what to do; other failures are the outline's.
                let advice = if case .filledCopy = failure { "." } else { "; check first:, last:, rows: and choices:." }
                throw RubricError.refused(path: path, line: entry.line, detail: "bubble block '\(entry.block.id)': \(failure) "
                    + "(\((blankPath as NSString).lastPathComponent), page \(page))" + advice)
            case .success(let block): blocks.append(block)
            }
        }
        guard rubric.entries.contains(where: { $0.outline != nil }) else { return (blocks, nil) }
        let (file, copied) = try copyBlank(blankPath)
        return (blocks.map { block in
            var block = block
            block.template?.blankFile = file
            return block
        }, copied ? file : nil)
    }

    /// Copies `path` into `blanks/` under its own name (a number added when another file has it);
    /// returns the project-relative name and whether a copy was made (false: the same bytes were there).
    private func copyBlank(_ path: String) throws -> (file: String, copied: Bool) {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let folderPath = (folder as NSString).appendingPathComponent(Self.blanksFolder)
        try FileManager.default.createDirectory(atPath: folderPath, withIntermediateDirectories: true)
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        for attempt in 1...1000 {
            let file = "\(Self.blanksFolder)/\(attempt == 1 ? name : "\(name)-\(attempt)").pdf"
            let target = (folder as NSString).appendingPathComponent(file)
            if let existing = FileManager.default.contents(atPath: target) {
                if existing == data { return (file, false) }
                continue
            }
            try AtomicFile.write(data, to: target)
            return (file, true)
        }
        throw RubricError.refused(path: path, line: 1, detail: "too many blank sheets named '\(name)' in the project.")
    }
}

extension BubbleBlock {
    /// This block with its bubbles found on `blank` (the blank sheet's page `blankPage` of
    /// `blankFile`, rendered at `TemplateFinder.pixelsPerPoint(for: outline)`): its template, and a
    /// typical diameter and spacing for what measures a block by them. `filledSheet`: the sheet is
    /// a student's filled copy (see `TemplateFinder.find`).
    public func found(_ outline: BlockOutline, on blank: GrayImage, blankFile: String, blankPage: Int,
                      filledSheet: Bool = false) -> Result<BubbleBlock, TemplateFinder.Failure> {
        TemplateFinder.find(outline, on: blank, filledSheet: filledSheet).map { shapes in
            var block = self
            block.template = BubbleTemplate(blankFile: blankFile, blankPage: blankPage, shapes: shapes)
            let sizes = shapes.map { max($0.width, $0.height) }.sorted()
            block.bubbleDiameter = sizes[sizes.count / 2]
            func distance(_ a: Int, _ b: Int) -> Double { hypot(shapes[a].centre.x - shapes[b].centre.x, shapes[a].centre.y - shapes[b].centre.y) }
            if rows > 1 { block.rowSpacing = distance(choices.count, 0) }
            if choices.count > 1 { block.columnSpacing = distance(1, 0) }
            return block
        }
    }
}
