import Foundation
@_spi(Rules) import GraderCore
import GraderStore
import Yams

/// A rubric file (YAML) that sets up an exam's questions in one command, so a course with the
/// same exam layout every term reuses it:
///
/// ```yaml
/// questions:
///   - page: 1
///     at: 470,190        # top-left of the grade box: points from the top-left, or 70%,24%
///     size: 90,24        # the box's width,height in points (optional; default 64,22)
///     max: 4
///     label: Q1          # optional
///     scoring: deductions  # or credits (optional)
///     items:             # rubric items (optional)
///       - points: -1
///         text: Sign error
///         group: algebra   # at most one item of a group (optional)
/// ```
public struct Rubric: Sendable, Equatable {
    /// The questions, in file order.
    public let questions: [QuestionSpec]
    /// The bubble blocks (multiple-choice grids and student-ID grids), in file order; a block of
    /// the school's own sheet has no template until it is found on `blankSheet`.
    public var bubbles: [BubbleBlock] { entries.map(\.block) }
    /// The school's blank answer sheet the blocks given by `first:`/`last:` are found on (`blank_sheet:`,
    /// relative to the rubric file), nil when none is given.
    public let blankSheet: String?
    /// True when `blankSheet` is a student's filled copy (`blank_sheet_filled: true`, no blank
    /// exists): bubbles filled on it are told from the print and read as empty ones.
    public let blankSheetFilled: Bool
    /// The bubble entries as parsed, with the outlines still to be found on the blank.
    let entries: [BubbleBlockYAML.Entry]
    /// The fields of boxes students write their student number in (`id_boxes:`), in file order.
    public let idFields: [IDBoxField]

    /// Reads the rubric at `path`; errors name the file and line.
    public init(contentsOf path: String) throws(RubricError) {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw .unreadable(path: path)
        }
        try self.init(yaml: text, path: path)
    }

    /// Parses rubric YAML; `path` is only used in messages.
    public init(yaml text: String, path: String) throws(RubricError) {
        let root: Node?
        do { root = try Yams.compose(yaml: text) } catch {
            throw .syntax(path: path, line: Self.line(of: error), detail: "\(error)".components(separatedBy: "\n").first ?? "")
        }
        guard let mapping = root?.mapping, mapping["questions"] != nil || mapping["bubbles"] != nil || mapping["id_boxes"] != nil else {
            throw .invalid(path: path, line: root?.mark?.line ?? 1, detail: "the file must have a 'questions:', 'bubbles:' or 'id_boxes:' list")
        }
        func list(_ key: String) throws(RubricError) -> [Node] {
            guard let node = mapping[key] else { return [] }
            guard let items = node.sequence else { throw .invalid(path: path, line: node.mark?.line ?? 1, detail: "'\(key)' must be a list of '- …' entries") }
            return Array(items)
        }
        questions = try list("questions").map { item throws(RubricError) in try Self.question(item, path: path) }
        entries = try list("bubbles").map { item throws(RubricError) in try BubbleBlockYAML.entry(item, path: path) }
        idFields = try list("id_boxes").map { item throws(RubricError) in try IDBoxFieldYAML.field(item, path: path) }
        blankSheet = mapping["blank_sheet"]?.string.map { file in
            file.hasPrefix("/") ? file : ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(file)
        }
        blankSheetFilled = mapping["blank_sheet_filled"]?.bool ?? false
        if blankSheet == nil, let entry = entries.first(where: { $0.outline != nil }) {
            throw .invalid(path: path, line: entry.line, detail: "bubble block '\(entry.block.id)' is given by first: and last:, which are found on the school's blank sheet: add 'blank_sheet: FILE.pdf' at the top of the rubric")
        }
    }

    private static func question(_ node: Node, path: String) throws(RubricError) -> QuestionSpec {
        let line = node.mark?.line ?? 1
        guard let fields = node.mapping else { throw .invalid(path: path, line: line, detail: "a question must be page:, at:, max: (and label:)") }
        let known: Set<String> = ["page", "at", "size", "max", "label", "scoring", "items"]
        for key in fields.keys.compactMap(\.string) where !known.contains(key) {
            throw .invalid(path: path, line: fields[key]?.mark?.line ?? line,
                           detail: "unknown field '\(key)' (use page, at, size, max, label, scoring, items)")
        }
        func value(_ key: String) throws(RubricError) -> Node {
            guard let value = fields[key] else { throw .invalid(path: path, line: line, detail: "the question has no '\(key)'") }
            return value
        }
        let pageNode = try value("page")
        guard let page = pageNode.int else { throw .invalid(path: path, line: pageNode.mark?.line ?? line, detail: "page must be a whole number") }
        let atNode = try value("at")
        guard let position = PagePosition(pair(atNode)) else {
            throw .refused(path: path, line: atNode.mark?.line ?? line, detail: GradingError.badPosition(pair(atNode)).localizedDescription)
        }
        let size = try fields["size"].map { node throws(RubricError) in
            do { return try GradingRules.boxSize(pair(node)) } catch {
                throw .refused(path: path, line: node.mark?.line ?? line, detail: error.localizedDescription)
            }
        } ?? .standard
        let maxNode = try value("max")
        let maxPoints: Points
        do { maxPoints = try GradingRules.maximum(maxNode.string ?? "") } catch {
            throw .refused(path: path, line: maxNode.mark?.line ?? line, detail: error.localizedDescription)
        }
        let scoring = try fields["scoring"].map { node throws(RubricError) in
            guard let scoring = node.string.flatMap(RubricScoring.init(rawValue:)) else {
                throw .invalid(path: path, line: node.mark?.line ?? line, detail: "scoring must be deductions or credits")
            }
            return scoring
        } ?? .deductions
        let items = try (fields["items"]?.sequence.map(Array.init) ?? []).map { node throws(RubricError) in try item(node, path: path) }
        return QuestionSpec(page: page, position: position, size: size, maxPoints: maxPoints, label: fields["label"]?.string,
                            scoring: scoring, items: items)
    }

    /// "x,y" from a node written as `470,190` or `[470, 190]`.
    private static func pair(_ node: Node) -> String {
        node.sequence.map { $0.compactMap(\.string).joined(separator: ",") } ?? node.string ?? ""
    }

    private static func item(_ node: Node, path: String) throws(RubricError) -> QuestionSpec.Item {
        let line = node.mark?.line ?? 1
        guard let fields = node.mapping, let text = fields["text"]?.string, let pointsText = fields["points"]?.string else {
            throw .invalid(path: path, line: line, detail: "a rubric item must be points: and text: (and group:, explanation:)")
        }
        for key in fields.keys.compactMap(\.string) where !["text", "points", "group", "explanation"].contains(key) {
            throw .invalid(path: path, line: fields[key]?.mark?.line ?? line, detail: "unknown field '\(key)' (use points, text, group, explanation)")
        }
        guard let points = Points(pointsText.hasPrefix("+") ? String(pointsText.dropFirst()) : pointsText) else {
            throw .invalid(path: path, line: line, detail: "points '\(pointsText)' must be a number in steps of 0.25")
        }
        do { _ = try RubricRules.text(text) } catch { throw .refused(path: path, line: line, detail: error.localizedDescription) }
        return QuestionSpec.Item(text: text, points: points, group: fields["group"]?.string, explanation: fields["explanation"]?.string)
    }

    private static func line(of error: any Error) -> Int {
        if let yaml = error as? YamlError, case .scanner(_, _, let mark, _) = yaml { return mark.line }
        if let yaml = error as? YamlError, case .parser(_, _, let mark, _) = yaml { return mark.line }
        return 1
    }

    /// The line of the `index`th question, for messages when the project refuses it.
    public static func lineOfQuestion(_ index: Int, in text: String) -> Int? {
        guard let items = (try? Yams.compose(yaml: text))??.mapping?["questions"]?.sequence, index < items.count else { return nil }
        return items[index].mark?.line
    }
}

/// Why a rubric file cannot be used.
public enum RubricError: Error, Equatable, Sendable {
    /// Cannot be read.
    case unreadable(path: String)
    /// Not valid YAML.
    case syntax(path: String, line: Int, detail: String)
    /// Valid YAML, but not a rubric.
    case invalid(path: String, line: Int, detail: String)
    /// A question the project refuses (off the page, bad maximum, …).
    case refused(path: String, line: Int, detail: String)
}

extension RubricError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .unreadable(let path): "Rubric '\(path)' cannot be read: check the path."
        case .syntax(let path, let line, let detail): "Rubric '\(path)' line \(line): not valid YAML (\(detail)). Nothing was added."
        case .invalid(let path, let line, let detail): "Rubric '\(path)' line \(line): \(detail). Nothing was added."
        case .refused(let path, let line, let detail): "Rubric '\(path)' line \(line): \(detail) Nothing was added."
        }
    }
}

extension GradingProject {
    /// Adds every question of the rubric at `path` as one change; a refused question names its line.
    @discardableResult
    public func apply(rubricAt path: String) throws -> Int {
        try permit(.editRubric)
        let rubric = try Rubric(contentsOf: path)
        var labels = Set(try store.directory().questions.compactMap(\.question.label))
        for (index, spec) in rubric.questions.enumerated() {
            // Check each question first, so the error can name its line.
            do { try checkQuestion(spec, labels: &labels) } catch {
                let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
                throw RubricError.refused(path: path, line: Rubric.lineOfQuestion(index, in: text) ?? 1, detail: error.localizedDescription)
            }
        }
        let found = try blocksFoundOnBlank(rubric, path: path)
        do {
            return try applyRubric(questions: rubric.questions, blocks: found.blocks, idFields: rubric.idFields,
                                         description: "apply rubric \((path as NSString).lastPathComponent)")
        } catch {
            // Nothing was added: the blank copied for it goes too.
            if let copied = found.copied { try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(copied)) }
            throw error
        }
    }
}

extension Rubric {
    /// The project's questions and rubric items as rubric YAML, to set up the next term's exam
    /// (positions in points on the reference page, to a tenth of a point).
    public static func yaml(of book: GradeBook) throws -> String {
        func scalar(_ text: String) -> Node { Node(text) }
        func number(_ value: Double) -> String {
            let rounded = (value * 10).rounded() / 10
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        }
        let questions: [Node] = book.questions.map { numbered in
            let question = numbered.question
            let at = question.position.point(on: book.referencePageSize(page: question.page))
            var pairs: [(Node, Node)] = [
                (scalar("page"), scalar(String(question.page))), (scalar("at"), scalar("\(number(at.x)),\(number(at.y))")),
                (scalar("max"), scalar(question.maxPoints.description)),
            ]
            if question.size != .standard { pairs.insert((scalar("size"), scalar(question.size.description)), at: 2) }
            if let label = question.label { pairs.append((scalar("label"), scalar(label))) }
            if question.scoring != .deductions { pairs.append((scalar("scoring"), scalar(question.scoring.rawValue))) }
            let items = book.rubricItems[question.id] ?? []
            if !items.isEmpty {
                pairs.append((scalar("items"), Node(items.map { item in
                    var fields: [(Node, Node)] = [(scalar("points"), scalar(item.points.description)), (scalar("text"), scalar(item.text))]
                    if let group = item.group { fields.append((scalar("group"), scalar(group))) }
                    if let explanation = item.explanation { fields.append((scalar("explanation"), scalar(explanation))) }
                    return Node(fields)
                })))
            }
            return Node(pairs)
        }
        return try Yams.serialize(node: Node([(scalar("questions"), Node(questions))]))
    }
}
