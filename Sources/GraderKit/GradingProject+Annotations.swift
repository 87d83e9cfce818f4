@_spi(Rules) import GraderCore
import GraderStore

/// Ink strokes and typed notes on one student's page, each change one undoable step.
extension GradingProject {
    /// Adds a typed note at `position` on `student`'s `page`.
    public func addNote(student: StudentKey, page: Int, at position: PagePosition, text: String,
                        fontSize: Double = 11, color: RGBColor = .red) throws -> AnnotationID {
        try permit(.annotate)
        let (text, fontSize) = (try GradingRules.noteText(text), try GradingRules.noteSize(fontSize))
        return try onPage(student, page, "note on") { writer, size in
            let point = try GradingRules.position(position, page: page, size: size)
            return try writer.insertAnnotation(.note(TextNote(text: text, position: point, fontSize: fontSize, color: color)),
                                               student: student, page: page)
        }
    }

    /// Adds an ink stroke through `points`, with the pen's pressure at each point when known; the
    /// highlighter's is drawn in the look's highlighter colour, under the pen's ink. Without a
    /// width, the look's width of the pen or of the highlighter.
    public func addInk(student: StudentKey, page: Int, points: [PagePosition], pressures: [Double]? = nil,
                       color: RGBColor = .red, width: Double? = nil, kind: InkKind = .pen) throws -> AnnotationID {
        try permit(.annotate)
        let look = GradeLayerLook.standard
        let width = try GradingRules.inkWidth(width ?? (kind == .highlighter ? look.highlighterWidth : look.ink.width))
        return try onPage(student, page, "ink on") { writer, size in
            let path = try points.map { point throws(GradingError) in try GradingRules.position(point, page: page, size: size) }
            guard !path.isEmpty else { throw GradingError.badPosition("") }
            let pressures = try pressures.map { values throws(GradingError) in try GradingRules.pressures(values, points: path.count) }
            return try writer.insertAnnotation(.ink(InkStroke(points: path, color: color, width: width, pressures: pressures, kind: kind)),
                                               student: student, page: page)
        }
    }

    /// Replaces a note's text.
    public func editNote(_ id: AnnotationID, text: String) throws {
        try permit(.annotate)
        let text = try GradingRules.noteText(text)
        try store.change("edit note \(id.rawValue)") { writer in
            guard case .note(var note) = try writer.annotation(id).content else { throw GradingError.wrongAnnotationKind(id, expected: "a note") }
            note.text = text
            try writer.updateAnnotation(id, to: .note(note))
        }
    }

    /// Moves an annotation by `dx`, `dy` points; refused if any part would leave the page.
    public func moveAnnotation(_ id: AnnotationID, dx: Double, dy: Double) throws {
        try moveAnnotations([id], dx: dx, dy: dy)
    }

    /// Moves annotations (a lasso's) together by `dx`, `dy` points, as one step; refused, moving
    /// none, if any part of one would leave its page. Like one annotation's move, whoever drew them.
    public func moveAnnotations(_ ids: [AnnotationID], dx: Double, dy: Double) throws {
        try permit(.annotate)
        guard dx.isFinite, dy.isFinite else { throw GradingError.badOffset("\(dx),\(dy)") }
        let ids = Array(Set(ids)).sorted()
        guard !ids.isEmpty else { return }
        try store.change(Self.describe("move", ids)) { writer in
            let directory = try writer.directory()
            for id in ids {
                let annotation = try writer.annotation(id)
                let size = directory.pageSize(try directory.resolveStudent(key: annotation.student), page: annotation.page)
                let moved = annotation.content.moved(dx: dx / size.width, dy: dy / size.height)
                if let off = moved.firstPointOffPage?.point(on: size) {
                    throw GradingError.annotationOffPage(id, dx: dx, dy: dy, x: off.x, y: off.y, page: annotation.page, size: size)
                }
                try writer.updateAnnotation(id, to: moved)
            }
        }
    }

    /// Removes an annotation; another grader's only with `overwrite` (the step says whose).
    public func removeAnnotation(_ id: AnnotationID, overwrite: Bool = false) throws {
        try removeAnnotations([id], overwrite: overwrite)
    }

    /// Removes annotations (a lasso's) as one step; when one is another grader's, none is removed
    /// unless `overwrite` (the step then names whose). A rubric stamp takes its item off the answer with it.
    public func removeAnnotations(_ ids: [AnnotationID], overwrite: Bool = false) throws {
        try permit(overwrite ? .override : .annotate)
        let ids = Array(Set(ids)).sorted()
        guard !ids.isEmpty else { return }
        let description = Self.describe("remove", ids)
        try store.change(description) { writer in
            var others: [String] = []
            for id in ids {
                _ = try writer.annotation(id)
                if let author = try writer.annotationAuthor(id), author != grader.name {
                    guard overwrite else { throw GradingError.othersAnnotation(id: id.rawValue, grader: author) }
                    if !others.contains(author) { others.append(author) }
                }
            }
            if !others.isEmpty { try writer.redescribe("\(description) (\(others.map { "\($0)'s" }.joined(separator: ", ")))") }
            for id in ids {
                let annotation = try writer.annotation(id)
                try writer.deleteAnnotation(id)
                if case .stamp(let stamp) = annotation.content { try unstamp(stamp, student: annotation.student, overwrite: overwrite, writer) }
            }
        }
    }

    /// The annotations on `student`'s `page` a lasso drawn through `loop` takes (`LassoHitTest`), oldest first.
    public func lassoed(student: StudentKey, page: Int, loop: [PagePosition]) throws -> [AnnotationID] {
        let book = try gradeBook()
        let id = try book.directory.resolveStudent(key: student)
        _ = try GradingRules.page(page, pages: book.pagesPerStudent)
        let size = book.pageSize(id, page: page)
        let path = try loop.map { point throws(GradingError) in try GradingRules.position(point, page: page, size: size).point(on: size) }
        return book.annotations.filter { annotation in
            guard annotation.page == PageRef(student: id, page: page) else { return false }
            switch annotation.content {
            case .ink(let stroke): return LassoHitTest.takes(stroke, loop: path, on: size)
            case .note(let note): return LassoHitTest.takes(corner: note.position, loop: path, on: size)
            case .stamp(let stamp): return LassoHitTest.takes(corner: stamp.position, loop: path, on: size)
            }
        }.map(\.id)
    }

    /// "move annotation 7" for one, "move 3 annotations" for several.
    private static func describe(_ verb: String, _ ids: [AnnotationID]) -> String {
        ids.count == 1 ? "\(verb) annotation \(ids[0].rawValue)" : "\(verb) \(ids.count) annotations"
    }

    /// Erases this grader's ink strokes whose path passes through `position` on the page; returns
    /// their ids and the history step. Another grader's strokes there are passed over — refused,
    /// naming whose, when they are all the eraser touched — unless `overwrite` (the step then says
    /// whose). With `continuing` (the step an earlier erase of the same drag returned), the strokes
    /// join that step while it is still this grader's newest and nobody changed anything since:
    /// one eraser drag is one undo step.
    public func erase(student: StudentKey, page: Int, at position: PagePosition, continuing step: Int64? = nil,
                      overwrite: Bool = false) throws -> (removed: [AnnotationID], step: Int64) {
        try permit(overwrite ? .override : .annotate)
        return try onPage(student, page, "erase on", continuing: step) { writer, size in
            let touch = try GradingRules.position(position, page: page, size: size).point(on: size)
            let hit = try writer.annotations(student: student, page: page).filter { annotation in
                guard case .ink(let stroke) = annotation.content else { return false }
                return StrokeHitTest.hits(stroke, at: touch, on: size)
            }
            guard !hit.isEmpty else { throw GradingError.nothingToErase(page: page, x: touch.x, y: touch.y) }
            let authors = try hit.map { try writer.annotationAuthor($0.id) }
            let others = zip(hit, authors).compactMap { annotation, author in author.flatMap { $0 == grader.name ? nil : (annotation.id, $0) } }
            let erased = overwrite ? hit : hit.filter { annotation in !others.contains { $0.0 == annotation.id } }
            if erased.isEmpty, let (id, author) = others.first { throw GradingError.othersAnnotation(id: id.rawValue, grader: author) }
            if overwrite, !others.isEmpty {
                let whose = others.map(\.1).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
                try writer.redescribe("erase on \(try writer.studentName(student)) page \(page) (\(whose.map { "\($0)'s" }.joined(separator: ", ")))")
            }
            for annotation in erased { try writer.deleteAnnotation(annotation.id) }
            return (erased.map(\.id), try writer.currentStep())
        }
    }

    /// One change on `student`'s `page` ("<verb> <name> page <n>"), given that page's size.
    private func onPage<T>(_ student: StudentKey, _ page: Int, _ verb: String, continuing step: Int64? = nil,
                           _ body: (ProjectWriter, PageSize) throws -> T) throws -> T {
        let directory = try store.directory()
        let id = try directory.resolveStudent(key: student)
        _ = try GradingRules.page(page, pages: directory.pagesPerStudent)
        return try store.change("\(verb) \(directory.students[id.index].student.name) page \(page)", continuing: step) { writer in
            let current = try writer.directory()
            return try body(writer, current.pageSize(try current.resolveStudent(key: student), page: page))
        }
    }
}
