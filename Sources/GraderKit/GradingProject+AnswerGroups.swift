import Foundation
import GraderAlignment
@_spi(Rules) import GraderCore
import GraderGroups
import GraderPDF

/// One suggested group of a question's answers, its members named: nothing is graded by it
/// until a grader confirms it.
public struct SuggestedAnswerGroup: Sendable, Equatable {
    /// Why the answers are together.
    public let kind: AnswerGroupSuggestion.Kind
    /// The students whose answers are in it, in list order.
    public let students: [StudentKey]
    /// Their names, in the same order.
    public let names: [String]
    /// How sure the suggestion is of each student's place in it (same order), 0…1.
    public let confidences: [Double]

    /// How sure the suggestion is of its least sure member.
    public var confidence: Double { confidences.min() ?? 1 }
    /// True when the group is shown as confident.
    public var isConfident: Bool { confidence >= AnswerGroupSuggestion.confident }
    /// The kind as a user reads it: "blank", "number 42", "alike".
    public var kindName: String {
        switch kind {
        case .blank: "blank"
        case .number(let value): "number \(value)"
        case .alike: "alike"
        }
    }
}

/// Suggested answer groups of a question: each student's ink over the print in the question's
/// answer space (through the page's alignment; the print is the class's consensus, or the master
/// copy for a class too small for one), grouped blank / alike, largest first.
extension GradingProject {
    /// The smallest class whose consensus shows the print: fewer copies than this, and a few
    /// students writing on one spot would pass for print, so the master copy is the print.
    static let smallestConsensus = 5

    /// The suggested groups of `question` over the answers not in a group a grader confirmed,
    /// largest first.
    public func suggestedGroups(question: QuestionID) throws -> [SuggestedAnswerGroup] {
        try suggestedGroups(question: question, leaving: Set(try store.answerGroups(question: question).flatMap(\.members)))
    }

    /// Forgets the suggestions built in this process, so the next are built from the pages (a
    /// benchmark's cold runs; kept ones are rebuilt anyway when a page or the question changes).
    public static func forgetSuggestedGroups() { AnswerSuggestionCache.forget() }

    /// The suggested groups of `question` over the answers but `confirmed`'s, largest first: built
    /// once for the pages and answer space as they are (`AnswerSuggestionCache`).
    func suggestedGroups(question: QuestionID, leaving confirmed: Set<StudentKey>) throws -> [SuggestedAnswerGroup] {
        let book = try store.gradeBook()
        guard let numbered = book.questions.first(where: { $0.question.id == question }) else {
            throw GradingError.unknownQuestion(name: question.description, known: book.questions.map(\.name))
        }
        try verifyScans(book)
        guard !book.students.isEmpty else { return [] }
        let page = numbered.question.page, box = try store.answerBox(question: question)
        let key = AnswerSuggestionCache.Key(
            folder: folder, page: page, space: AnswerRegion.answerSpace(of: numbered, among: book.questions, size: book.referencePageSize(page: page)),
            box: box, scans: book.students.map { (scanPath($0), $0.alignment(page: page)) },
            master: (folder as NSString).appendingPathComponent(Self.masterFile))
        let suggestions = try AnswerSuggestionCache.groups(for: key) {
            AnswerGrouper().suggest(try addedInk(numbered, book: book), numbers: try box.map { try writtenNumbers($0, book: book) })
        }
        return suggestions.compactMap { group in
            let kept = group.members.indices.filter { !confirmed.contains(book.students[group.members[$0]].key) }
            guard !kept.isEmpty else { return nil }
            let entries = kept.map { book.students[group.members[$0]] }
            return SuggestedAnswerGroup(kind: group.kind, students: entries.map(\.key), names: entries.map(\.student.name),
                                        confidences: kept.map { group.memberConfidences[$0] })
        }.sorted { $0.students.count > $1.students.count }
    }

    /// Each student's ink over the print in `question`'s answer space, in list order.
    private func addedInk(_ question: NumberedQuestion, book: GradeBook) throws -> [AddedInk] {
        let page = question.question.page
        let reference = book.referencePageSize(page: page)
        let region = AnswerRegion.answerSpace(of: question, among: book.questions, size: reference)
        // poppler's process-wide set-up is made once here, before the workers open their own documents.
        _ = try PDFDocument(path: scanPath(book.students[0])).pageCount
        let answers = try book.students.concurrentMap { entry throws in
            let document = try PDFDocument(path: scanPath(entry))
            _ = try GradingRules.page(page, pages: document.pageCount)
            let (image, transform) = try Self.scanRegion(region, of: try document.page(at: page - 1), alignment: entry.alignment(page: page),
                                                         referenceWidth: reference.width, pixelsPerPoint: AnswerCrop.pixelsPerPoint)
            return AnswerCrop(cropping: region, from: image, transform: transform)
        }
        let master = (folder as NSString).appendingPathComponent(Self.masterFile)
        let printed: PrintedReference?
        // The class's own consensus is the print as scanned (grey, blurred like every copy); the
        // master copy, drawn crisp, stands in for a class too small to show its print by consensus.
        if answers.count < Self.smallestConsensus, FileManager.default.fileExists(atPath: master) {
            let image = try GrayImage(rendering: PDFDocument(path: master).page(at: page - 1), pixelsPerPoint: AnswerCrop.pixelsPerPoint)
            printed = PrintedReference(blank: AnswerCrop(cropping: region, from: image, transform: .identity))
        } else {
            printed = PrintedReference(consensusOf: answers)
        }
        guard let printed else { return [] }
        return AddedInk.each(of: answers, printed: printed)
    }
}
