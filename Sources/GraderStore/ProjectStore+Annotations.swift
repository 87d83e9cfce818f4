import GraderCore

/// Ink strokes and typed notes on one student's page.
extension ProjectStore {
    /// Adds a typed note at `position` (points or percentages) on `student`'s `page`.
    public func addNote(student: String, page: Int, at position: String, text: String, fontSize: Double = 11, color: RGBColor = .red) throws -> AnnotationID {
        let (text, fontSize) = (try GradingRules.noteText(text), try GradingRules.noteSize(fontSize))
        return try change("note on \(student) page \(page)") { writer in
            let (book, id) = try locate(writer, student, page)
            let point = try GradingRules.position(position, page: page, size: book.pageSize(id, page: page))
            return try writer.insertAnnotation(.note(TextNote(text: text, position: point, fontSize: fontSize, color: color)),
                                               student: book.students[id.index].key, page: page)
        }
    }

    /// Adds an ink stroke through `points` ("x,y x,y …", points or percentages).
    public func addInk(student: String, page: Int, points: String, color: RGBColor = .red, width: Double = 1.5) throws -> AnnotationID {
        let width = try GradingRules.inkWidth(width)
        return try change("ink on \(student) page \(page)") { writer in
            let (book, id) = try locate(writer, student, page)
            let size = book.pageSize(id, page: page)
            let path = try points.split(separator: " ").map { pair throws(GradingError) in
                try GradingRules.position(String(pair), page: page, size: size)
            }
            guard !path.isEmpty else { throw GradingError.badPosition(points) }
            return try writer.insertAnnotation(.ink(InkStroke(points: path, color: color, width: width)),
                                               student: book.students[id.index].key, page: page)
        }
    }

    /// Replaces a note's text.
    public func editNote(_ id: AnnotationID, text: String) throws {
        let text = try GradingRules.noteText(text)
        try change("edit note \(id.rawValue)") { writer in
            let annotation = try writer.gradeBook().resolveAnnotation(id)
            guard case .note(var note) = annotation.content else { throw GradingError.wrongAnnotationKind(id, expected: "a note") }
            note.text = text
            try writer.updateAnnotation(id, to: .note(note))
        }
    }

    /// Moves an annotation by `dx`, `dy` points; refused if any part would leave the page.
    public func moveAnnotation(_ id: AnnotationID, dx: Double, dy: Double) throws {
        guard dx.isFinite, dy.isFinite else { throw GradingError.badOffset("\(dx),\(dy)") }
        try change("move annotation \(id.rawValue)") { writer in
            let book = try writer.gradeBook()
            let annotation = try book.resolveAnnotation(id)
            let size = book.pageSize(annotation.page.student, page: annotation.page.page)
            let moved = annotation.content.moved(dx: dx / size.width, dy: dy / size.height)
            guard moved.isOnPage else {
                throw GradingError.positionOffPage(x: dx, y: dy, page: annotation.page.page, size: size)
            }
            try writer.updateAnnotation(id, to: moved)
        }
    }

    /// Removes an annotation.
    public func removeAnnotation(_ id: AnnotationID) throws {
        try change("remove annotation \(id.rawValue)") { writer in
            try writer.deleteAnnotation(try writer.gradeBook().resolveAnnotation(id).id)
        }
    }

    /// Erases every ink stroke whose path passes through `position` on the page; returns their ids.
    public func erase(student: String, page: Int, at position: String) throws -> [AnnotationID] {
        try change("erase on \(student) page \(page)") { writer in
            let (book, id) = try locate(writer, student, page)
            let size = book.pageSize(id, page: page)
            let touch = try GradingRules.position(position, page: page, size: size).point(on: size)
            let hit = book.annotations.filter { annotation in
                guard annotation.page == PageRef(student: id, page: page), case .ink(let stroke) = annotation.content else { return false }
                return StrokeHitTest.hits(stroke, at: touch, on: size)
            }
            guard !hit.isEmpty else { throw GradingError.nothingToErase(page: page, x: touch.x, y: touch.y) }
            for annotation in hit { try writer.deleteAnnotation(annotation.id) }
            return hit.map(\.id)
        }
    }

    private func locate(_ writer: ProjectWriter, _ student: String, _ page: Int) throws -> (GradeBook, StudentID) {
        let book = try writer.gradeBook()
        _ = try GradingRules.page(page, pages: book.pagesPerStudent)
        return (book, try book.resolveStudent(student))
    }
}
