import Foundation
@_spi(Rules) import GraderCore
import GraderPDF
import Synchronization

/// Page images for grading views: poppler renders a student's page at one of a few widths, JPEG
/// encodes it, and the result is kept on disk inside the project (`cache/pages/`, at most
/// `limit` bytes, the least recently used removed first), so a page is rendered once per width.
/// The cache is best effort: when it cannot be written (a full disk, a file in place of its
/// folder), the image is still answered, only rendered again next time. A scan is checked
/// against its digest before its first render.
public final class PageImageCache: Sendable {
    /// The widths rendered, in pixels (`GradeLayerLook.imageWidths`, which the browser asks for).
    public static var widths: [Int] { GradeLayerLook.standard.imageWidths }

    /// The width a request for `width` pixels is served at.
    public static func snapped(_ width: Int) -> Int { GradeLayerLook.standard.imageWidth(for: width) }

    private let project: GradingProject
    private let folder: String
    private let limit: Int
    private let state = Mutex(State())

    private struct State {
        var bytes: Int?
        var verified: [StudentKey: Date] = [:]
    }

    /// A cache for `project`'s pages holding at most `limit` bytes.
    public init(project: GradingProject, limit: Int = 256 << 20) {
        self.project = project
        self.folder = (project.folder as NSString).appendingPathComponent("cache/pages")
        self.limit = limit
        // A server renders from many threads: poppler's process-wide set-up is done before the first.
        PopplerSetUp.once()
    }

    /// A page image asked for: in the cache already, or to be rendered.
    public enum Lookup: Sendable {
        /// The JPEG, from the cache.
        case cached(Data)
        /// Not rendered yet: `key` names exactly this image (requests with the same key may share
        /// one render), `render` renders, caches and returns it.
        case toRender(key: String, render: @Sendable () throws -> Data)
    }

    /// The JPEG of `page` of `student` about `width` pixels wide (see `snapped`), with what a grading
    /// view must not show covered, and whether it came from the cache.
    public func image(student: StudentKey, page: Int, width: Int) throws -> (jpeg: Data, cached: Bool) {
        switch try lookup(student: student, page: page, width: width) {
        case .cached(let jpeg): (jpeg, true)
        case .toRender(_, let render): (try render(), false)
        }
    }

    /// Where the JPEG of `page` of `student` about `width` pixels wide comes from: the cache, or a
    /// render still to run. Reads the students and the anonymity setting from the views' snapshot
    /// once there is one (brought up to date with the server's own changes at little cost), else
    /// just those.
    public func lookup(student: StudentKey, page: Int, width: Int) throws -> Lookup {
        let directory = try project.directory(), setting = try project.anonymity()
        let id = try directory.resolveStudent(key: student)
        _ = try GradingRules.page(page, pages: directory.pagesPerStudent)
        let covered = GradingProject.coveredRegions(setting, directory, student: id, page: page)
        let entry = directory.students[id.index]
        let snapped = Self.snapped(width)
        let file = name(entry, page: page, width: snapped, covered: covered)
        let path = (folder as NSString).appendingPathComponent(file)
        if let data = FileManager.default.contents(atPath: path) {
            utime(path, nil)
            return .cached(data)
        }
        return .toRender(key: file) { [self] in
            try verify(entry)
            let document = try PDFDocument(path: project.scanPath(entry))
            let upsideDown = entry.alignment(page: page)?.upsideDown == true
            let jpeg = Data(try document.page(at: page - 1).renderJPEG(pixelWidth: snapped, covered: covered, upsideDown: upsideDown))
            store(jpeg, at: path)
            return jpeg
        }
    }

    /// Where the JPEG of the reference page `page` about `width` pixels wide comes from (the page a
    /// flagged page is lined up with by hand): a student's page when a student's booklet is the
    /// reference (covered like theirs), else the exam given with `--master`. Refused when the
    /// project's pages were never aligned.
    public func lookupReference(page: Int, width: Int) throws -> Lookup {
        guard let reference = try project.store.reference() else { throw ProjectError.pagesNeverAligned(project: project.folder) }
        let directory = try project.directory()
        _ = try GradingRules.page(page, pages: directory.pagesPerStudent)
        if let student = directory.students.first(where: { $0.scanPath == reference.scan }) {
            return try lookup(student: student.key, page: page, width: width)
        }
        let scan = (project.folder as NSString).appendingPathComponent(reference.scan), snapped = Self.snapped(width)
        let modified = (try? FileManager.default.attributesOfItem(atPath: scan)[.modificationDate] as? Date).map { Int($0.timeIntervalSince1970) } ?? 0
        let file = "reference-p\(page)-w\(snapped)-t\(modified).jpg", path = (folder as NSString).appendingPathComponent(file)
        if let data = FileManager.default.contents(atPath: path) {
            utime(path, nil)
            return .cached(data)
        }
        return .toRender(key: file) { [self] in
            let jpeg = Data(try PDFDocument(path: scan).page(at: page - 1).renderJPEG(pixelWidth: snapped, covered: [], upsideDown: false))
            store(jpeg, at: path)
            return jpeg
        }
    }

    /// The cache file's name: the student, page, width, what is covered, which way up, and the scan's
    /// modification time.
    private func name(_ entry: GradeBook.Entry, page: Int, width: Int, covered: [PageRect]) -> String {
        let modified = (try? FileManager.default.attributesOfItem(atPath: project.scanPath(entry))[.modificationDate] as? Date)
            .map { Int($0.timeIntervalSince1970) } ?? 0
        let cover = covered.map { "-c\(Int($0.origin.x))_\(Int($0.origin.y))_\(Int($0.width))_\(Int($0.height))" }.joined()
        let turned = entry.alignment(page: page)?.upsideDown == true ? "-r180" : ""
        return "s\(entry.key.rawValue)-p\(page)-w\(width)\(cover)\(turned)-t\(modified).jpg"
    }

    /// Checks the student's scan once per modification of the file.
    private func verify(_ entry: GradeBook.Entry) throws {
        let modified = try? FileManager.default.attributesOfItem(atPath: project.scanPath(entry))[.modificationDate] as? Date
        if let modified, state.withLock({ $0.verified[entry.key] == modified }) { return }
        try project.verifyScans(of: [entry])
        if let modified { state.withLock { $0.verified[entry.key] = modified } }
    }

    /// Writes an image atomically, then removes the least recently used ones while over the limit;
    /// an image that cannot be written is left out (the page is rendered again when asked for).
    private func store(_ jpeg: Data, at path: String) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try AtomicFile.write(jpeg, to: path)
        } catch {
            return
        }
        let total = state.withLock { state -> Int in
            let total = (state.bytes ?? currentSize()) + jpeg.count
            state.bytes = total
            return total
        }
        if total > limit { evict() }
    }

    private func files() -> [(path: String, size: Int, used: Date)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".jpg") && !$0.hasPrefix(".") }.compactMap { name in
            let path = (folder as NSString).appendingPathComponent(name)
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
            return (path, (attributes[.size] as? Int) ?? 0, (attributes[.modificationDate] as? Date) ?? .distantPast)
        }
    }

    private func currentSize() -> Int { files().reduce(0) { $0 + $1.size } }

    /// Removes the least recently used images until the cache holds at most three quarters of its limit.
    private func evict() {
        var files = files().sorted { $0.used < $1.used }
        var total = files.reduce(0) { $0 + $1.size }
        while total > limit * 3 / 4, !files.isEmpty {
            let oldest = files.removeFirst()
            if unlink(oldest.path) == 0 { total -= oldest.size }
        }
        state.withLock { $0.bytes = total }
    }
}
