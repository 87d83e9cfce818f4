/// Where the grade boxes of a bubble block's questions sit on a version that prints the block
/// elsewhere or in another order.
extension GradeBook {
    /// Each of `block`'s questions' boxes on version `name`: beside the row the version prints the
    /// question on (through its key), where the version prints the block (relative to its
    /// reference page); empty when the version prints the block as the exam does. A box that
    /// would fall off the page is refused, naming it.
    public func bubbleBoxes(block: BubbleBlock, version name: String) throws(GradingError) -> [QuestionID: VersionPlacement] {
        let key = versions.keys[name]?[block.id], at = versions.blockPlacements[name]?[block.id]
        guard key != nil || at != nil else { return [:] }
        let page = at?.page ?? block.page
        let size = referencePageSize(page: page, version: versions.named(name))
        let shift = (x: (at?.origin.x ?? block.origin.x) - block.origin.x, y: (at?.origin.y ?? block.origin.y) - block.origin.y)
        var boxes: [QuestionID: VersionPlacement] = [:]
        for numbered in questions {
            guard let ref = bubbleRows[numbered.question.id], ref.block == block.id else { continue }
            let printedRow = key?.rows.firstIndex { $0.examRow == ref.row } ?? ref.row
            let box = numbered.question.position.point(on: referencePageSize(page: numbered.question.page))
            let corner = PagePoint(x: box.x + shift.x, y: box.y + shift.y + Double(printedRow - ref.row) * block.rowSpacing)
            guard let position = RelativePoint(corner, on: size) else {
                throw .positionOffPage(x: corner.x, y: corner.y, page: page, size: size)
            }
            boxes[numbered.question.id] = VersionPlacement(page: page, position: position)
        }
        return boxes
    }
}
