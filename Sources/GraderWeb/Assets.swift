import Foundation
import GraderKit
import Hummingbird

/// The grading page's files, shipped inside the package: only these names are served, from the
/// bundle, so no part of a URL ever reaches the file system.
enum Assets {
    /// Served name → content type.
    static let files: [String: String] = [
        "index.html": "text/html; charset=utf-8", "app.css": "text/css; charset=utf-8",
        "app.js": "text/javascript; charset=utf-8", "api.js": "text/javascript; charset=utf-8",
        "grade.js": "text/javascript; charset=utf-8", "pageview.js": "text/javascript; charset=utf-8",
        "overview.js": "text/javascript; charset=utf-8", "ink.js": "text/javascript; charset=utf-8",
        "course.js": "text/javascript; charset=utf-8", "gradepad.js": "text/javascript; charset=utf-8", "lasso.js": "text/javascript; charset=utf-8",
        "stamps.js": "text/javascript; charset=utf-8", "capture.js": "text/javascript; charset=utf-8",
        "align.js": "text/javascript; charset=utf-8",
        "idreview.js": "text/javascript; charset=utf-8", "penscore.js": "text/javascript; charset=utf-8",
        "return.js": "text/javascript; charset=utf-8", "groups.js": "text/javascript; charset=utf-8",
        "openapi.json": "application/json; charset=utf-8",
    ]

    /// The files' bytes, read once.
    private static let contents: [String: Data] = {
        var contents: [String: Data] = [:]
        for name in files.keys {
            guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Assets"),
                  let data = try? Data(contentsOf: url) else { continue }
            contents[name] = data
        }
        return contents
    }()

    /// The names of files missing from the bundle (a broken install); empty when whole.
    static var missing: [String] { files.keys.filter { contents[$0] == nil }.sorted() }

    static func addRoutes(to router: Router<WebContext>) {
        router.get("/") { _, _ in try serve("index.html") }
        router.get("/assets/{name}") { _, context in try serve(context.parameters.get("name") ?? "") }
        router.get("/api/openapi.json") { _, _ in try serve("openapi.json") }
    }

    private static func serve(_ name: String) throws -> Response {
        guard let type = files[name], let data = contents[name] else { throw HTTPError(.notFound) }
        return Reply.bytes(data, type: type)
    }
}
