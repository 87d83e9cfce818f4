import Foundation
@testable import GraderWeb
import GraderCore
@testable import GraderKit
import GraderStore

/// What each API route reads and answers, named by the Swift types that code it: what the OpenAPI
/// document must describe, field by field. Its routes are checked against the router's, so a route
/// added to the server without a line here fails the test naming it.
///
/// A new route: give its body and reply named Codable types (not a local struct or a dictionary),
/// add its line here, then run `OpenAPIContractTests` and `OpenAPIResponseTests`: each message names
/// the route and field and gives the JSON to put in openapi.json (a schema under
/// `components/schemas`, referenced from the operation, with an `example` valid on the sample project).
enum APIContract {
    /// A response body: JSON written by these examples' type (several, so every optional and array
    /// is seen filled), bytes of a media type, or nothing.
    enum Body {
        case json([any Encodable])
        case media(String)
        case empty
    }

    /// One route: the body type it decodes (nil: it reads none), and its answers by status other than
    /// the `{"error": …}` refusals (ErrorReply) every route may give.
    struct Operation {
        let input: (any Decodable.Type)?
        let replies: [Int: Body]

        init(_ input: any Decodable.Type, _ replies: [Int: Body]) {
            self.input = input
            self.replies = replies
        }

        init(_ replies: [Int: Body]) {
            input = nil
            self.replies = replies
        }
    }

    /// The refusal every route may answer, by its status (4xx, 5xx).
    static var refusal: [any Encodable] { [ErrorReply(error: "That is not a score.")] }

    /// Every route, "METHOD /path" as the router names it, with examples from `fixture`'s project
    /// (scored, with rubric items, a note and strokes, so every list has an element); `fixture` needs
    /// students whose names start with Anna and Ben.
    static func operations(_ fixture: WebFixture) throws -> [String: Operation] {
        let project = fixture.project
        let (anna, ben, q1) = (StudentKey(try fixture.key("Anna")), StudentKey(try fixture.key("Ben")), QuestionID(try fixture.question("Q1")))
        _ = try project.addRubricItem(question: q1, text: "Sign error", points: Points("-1")!, group: "method")
        let units = try project.addRubricItem(question: q1, text: "Units", points: Points("-0.5")!)
        _ = try project.applyRubricItems(student: ben, question: q1, add: [1])
        // A note and strokes by ann (who the tests act as), where the document's examples touch them.
        let ann = project.acting(as: try Grader("ann"))
        _ = try ann.addNote(student: anna, page: 1, at: PagePosition(PagePoint(x: 100, y: 200)), text: "Show the limit step.")
        _ = try ann.addInk(student: anna, page: 1, points: [PagePosition(PagePoint(x: 110, y: 262)), PagePosition(PagePoint(x: 160, y: 276))],
                           pressures: [0.2, 0.9])
        _ = try ann.placeStamp(item: units.id, question: q1, student: anna, page: 1, at: PagePosition(PagePoint(x: 300, y: 500)))
        _ = try ann.addInk(student: anna, page: 1, points: [PagePosition(PagePoint(x: 100, y: 400)), PagePosition(PagePoint(x: 150, y: 410))])
        // Anna's copy left for review by her handwritten number, as `match --roster` leaves one (the document's example confirms it).
        try ProjectStore.open(project.folder, grader: try Grader("owner")).change("leave Anna's copy for review") { writer in
            try writer.replaceIDReviews(with: [IDBoxReview(student: anna, copy: nil, read: "2026104?", candidates: [
                .init(student: Student(name: "Schmidt, Anna", rosterID: "20261048", email: "anna.schmidt@example.edu"), probability: 0.91),
            ])])
        }
        // Anna's address, so the Return examples have her message to show.
        guard let annaNow = try project.gradeBook().students.first(where: { $0.key == anna })?.student else { throw GradingError.unknownStudent("Anna") }
        try ProjectStore.open(project.folder, grader: try Grader("owner")).change("give Anna an address") { writer in
            try writer.renameStudent(anna, to: Student(name: annaNow.name, rosterID: annaNow.rosterID, email: "anna.schmidt@example.edu"))
        }
        // Ben's answer in a confirmed group, so the groups example shows one beside the suggestions.
        try ann.confirmAnswerGroup(question: q1, kind: "alike", students: [ben])
        let json = { (examples: [any Encodable]) in Body.json(examples) }
        let id = json([IDReply(id: 4)]), number = json([NumberReply(number: 2)]), score = json([ScoreReply(score: "3.5")])
        let step = json([StepReply(step: "score Ben Q1"), StepReply(step: nil)])
        let ids = json([GradingAPI.IDsReply(ids: [4])])
        let placed = json([try GradingAPI.Placed(q1, in: project)])
        let me = GradingAPI.Me(grader: "ann", project: "exam", pages: 2, students: 3, anonymous: true, images: "1",
                               role: "grader", may: ["score", "applyRubric"], nameFixed: true, nameRegions: [.init(page: 1, x: 40, y: 60, width: 300, height: 40)],
                               questions: [.init(id: 1, name: "Q1", heading: "Q1 (page 1)", page: 1, max: "4")], graders: ["ann", "ben"], views: ["ids"])
        return [
            "GET /api/me": Operation([200: json([me, GradingAPI.Me(grader: nil, project: "exam", pages: 2, students: 3, anonymous: false,
                                                                    images: "1", role: "instructor", may: [], nameFixed: false, nameRegions: [], questions: [], graders: [], views: [])])]),
            "POST /api/me": Operation(GradingAPI.GraderBody.self, [200: json([GradingAPI.GraderReply(grader: "ann")])]),
            "GET /api/look": Operation([200: json([GradeLayerLook.standard])]),
            "POST /api/undo": Operation(GradingAPI.UndoBody.self, [200: step, 409: json([GradingAPI.BlockedUndo(error: "Ben built on it.", grader: "ben")])]),
            "POST /api/redo": Operation([200: step]),
            "GET /api/overview": Operation([200: json([try project.classOverview()])]),
            "GET /api/questions/{question}/card": Operation([200: json([
                try project.answerCard(question: q1, from: ben, move: .here), try project.answerCard(question: q1, from: anna, move: .here),
            ])]),
            "PUT /api/claim": Operation(GradingAPI.ClaimBody.self, [
                200: json([GradingAPI.ClaimReply(taken: true, heldBy: [], error: nil)]),
                409: json([GradingAPI.ClaimReply(taken: false, heldBy: ["ben"], error: "ben is grading this answer.")]),
            ]),
            "DELETE /api/claim": Operation([204: .empty]),
            "PUT /api/scores/{student}/{question}": Operation(GradingAPI.ScoreBody.self, [200: score]),
            "POST /api/scores/{student}/{question}/items": Operation(GradingAPI.ItemsBody.self, [200: score]),
            "POST /api/questions/{question}/written-score": Operation(GradingAPI.WrittenScoreBody.self, [200: json([
                GradingAPI.WrittenScoreReply(read: "3", confidence: 0.98, score: "3", max: "4", message: "3 — tap to give 3/4"),
                GradingAPI.WrittenScoreReply(read: "12", confidence: 0.97, score: nil, max: "4",
                                             message: "Read 12, but Q1 takes 0 to 4 in steps of 0.25: write the score again."),
            ])]),
            "GET /api/pages/{student}/{page}": Operation([200: json([
                try project.pageLayer(student: anna, page: 1), try project.pageLayer(student: anna, page: 2),
            ])]),
            "GET /api/pages/{student}/{page}/image": Operation([200: .media("image/jpeg")]),
            "GET /api/reference/{page}/image": Operation([200: .media("image/jpeg")]),
            "POST /api/pages/{student}/{page}/notes": Operation(GradingAPI.NoteBody.self, [201: id]),
            "POST /api/pages/{student}/{page}/ink": Operation(GradingAPI.InkBody.self, [201: id]),
            "POST /api/pages/{student}/{page}/stamps": Operation(GradingAPI.StampBody.self, [201: json([GradingAPI.StampPlaced(id: 4, score: "3")])]),
            "POST /api/pages/{student}/{page}/alignment": Operation(GradingAPI.HandAlignmentBody.self, [200: json([
                GradingAPI.PageAligned(degrees: 1.5, scale: 1, x: 2.4, y: -16.1),
            ])]),
            "POST /api/pages/{student}/{page}/erase": Operation(GradingAPI.EraseBody.self, [200: json([GradingAPI.Erased(removed: [3], step: 7)])]),
            "POST /api/pages/{student}/{page}/lasso": Operation(GradingAPI.LassoBody.self, [200: ids]),
            "PATCH /api/annotations": Operation(GradingAPI.MoveAnnotationsBody.self, [200: ids]),
            "DELETE /api/annotations": Operation([200: ids]),
            "PATCH /api/annotations/{id}": Operation(GradingAPI.AnnotationEditBody.self, [200: id]),
            "DELETE /api/annotations/{id}": Operation([200: id]),
            "POST /api/questions": Operation(GradingAPI.NewQuestionBody.self, [201: placed]),
            "PATCH /api/questions/{question}": Operation(GradingAPI.QuestionEditBody.self, [200: placed]),
            "DELETE /api/questions/{question}": Operation([200: id]),
            "GET /api/questions/{question}/rubric": Operation([200: json([[GradingAPI.ItemLine(number: 1, text: "Sign error", points: "-1", students: 2)]])]),
            "POST /api/questions/{question}/rubric": Operation(GradingAPI.NewItemBody.self, [201: number]),
            "PATCH /api/questions/{question}/rubric/{number}": Operation(GradingAPI.ItemEditBody.self, [200: number]),
            "DELETE /api/questions/{question}/rubric/{number}": Operation([200: number]),
            "POST /api/roster": Operation(GradingAPI.RosterBody.self, [200: json([GradingAPI.RosterReply(students: 3)])]),
            "GET /api/id-reviews": Operation([200: json([[GradingAPI.IDReviewLine.example]])]),
            "POST /api/id-reviews/{student}": Operation(GradingAPI.IDConfirmBody.self, [200: json([
                GradingAPI.IDConfirmed(name: "Schmidt, Anna", rosterID: "20261048"),
            ])]),
            "PUT /api/anonymity": Operation(GradingAPI.AnonymityBody.self, [200: json([GradingAPI.AnonymityReply(on: true)])]),
            "GET /api/downloads/table": Operation([200: .media("text/csv")]),
            "GET /api/downloads/graded/{student}": Operation([200: .media("application/pdf")]),
            "GET /api/events": Operation([200: .media("text/event-stream")]),
            "GET /api/openapi.json": Operation([200: .media("application/json")]),
            "POST /api/capture": Operation(GradingAPI.CaptureBody.self, [
                201: json([CapturedSheet(outcome: .added, student: "Ben Okafor", likely: [], candidates: [], idRead: "2000002", handwrittenRead: nil,
                                         score: "1", maxPoints: "2",
                                         questions: [.init(label: "mc1-1", mark: .right, points: "1", maxPoints: "1", read: "A", x: 0.14, y: 0.37),
                                                     .init(label: "mc1-2", mark: .flagged, points: nil, maxPoints: "1", read: "uncertain: light mark on B",
                                                           x: nil, y: nil)],
                                         problems: ["q46: the block could not be placed"], outline: [0.1, 0.05, 0.8, 0.9])]),
                200: json([CapturedSheet(outcome: .needsStudent, student: nil,
                                         likely: [.init(name: "Ben Okafor", rosterID: "20263391", probability: 0.61),
                                                  .init(name: "Anna Schmidt", rosterID: "20261048", probability: 0.2)],
                                         candidates: ["Ben Okafor", "Anna Schmidt"], idRead: nil, handwrittenRead: "20263317", score: "0",
                                         maxPoints: "1", questions: [.init(label: "mc1-1", mark: .wrong, points: "0", maxPoints: "1", read: "blank", x: 0.14, y: 0.37)],
                                         problems: [], outline: nil)]),
            ]),
            "GET /api/return": Operation([200: json([GradingAPI.ReturnOverview(students: ReturnExamples.lines, serverPassword: true, run: ReturnExamples.statuses[1])])]),
            "POST /api/return/preview/{student}": Operation(GradingAPI.ReturnBody.self, [200: json(ReturnExamples.previews)]),
            "POST /api/return/send": Operation(GradingAPI.ReturnBody.self, [202: json([ReturnExamples.statuses[1]])]),
            "GET /api/return/run": Operation([200: json(ReturnExamples.statuses)]),
            "POST /api/return/stop": Operation([200: json(ReturnExamples.statuses)]),
            "GET /api/questions/{question}/groups": Operation([200: json([try project.answerGroupsView(question: q1)])]),
            "POST /api/questions/{question}/groups": Operation(GradingAPI.GroupConfirmBody.self, [201: id]),
            "PATCH /api/groups/{id}": Operation(GradingAPI.GroupChangeBody.self, [200: id]),
            "DELETE /api/groups/{id}": Operation([200: id]),
            "POST /api/groups/{id}/grade": Operation(GradingAPI.GroupGradeBody.self, [200: json([GradingAPI.GroupGraded(scores: [.init(student: 2, score: "2")])])]),
        ]
    }
}

/// Returning work as the Return page sees it: students in every state, previews, runs idle, going and ended.
enum ReturnExamples {
    static let lines = [
        WorkReturn.Line(student: 2, name: "Okafor, Ben", address: "ben.okafor@example.edu", state: .sent, reason: nil,
                        sentAt: "2026-11-27T13:02:11Z", sentBy: "ann"),
        WorkReturn.Line(student: 3, name: "Cy", address: nil, state: .noAddress, reason: "no e-mail address in the roster", sentAt: nil, sentBy: nil),
    ]
    static let previews = [
        WorkReturn.Preview(from: "Dr. Ada Lovelace <ada@example.edu>", to: "Okafor, Ben <ben.okafor@example.edu>", replyTo: "office@example.edu",
                           subject: "Exam: your graded copy", text: "Dear Ben Okafor,\n\nYou scored 3 out of 4 (75%).\n",
                           attachment: "Okafor, Ben.pdf", attachmentBytes: 48213, state: .new),
        WorkReturn.Preview(from: "ada@example.edu", to: "Anna <anna@example.edu>", replyTo: nil, subject: "Exam", text: "Dear Anna,\n",
                           attachment: "Anna.pdf", attachmentBytes: 40112, state: .sent),
    ]
    static let statuses = [
        ReturnRun.Status.idle,
        ReturnRun.Status(phase: "sending", done: 12, total: 40, refused: [.init(student: "Cy", reason: "refused by the server (550): 5.1.1 mailbox unavailable")],
                         stopping: true),
        ReturnRun.Status(phase: "finished", done: 40, total: 40, refused: [], stopping: false, report: WorkReturn.Report(
            sent: ["Anna"], changed: ["Anna"], unchanged: ["Okafor, Ben"], leftOut: [.init(student: "Cy", reason: "no e-mail address in the roster")],
            refused: [.init(student: "Dee", reason: "refused by the server (550): 5.1.1 mailbox unavailable")], stopped: "stopped on request",
            notSent: ["Eve"], files: ["mail/Anna.eml"]), failure: nil),
        ReturnRun.Status(phase: "finished", done: 0, total: 0, refused: [], stopping: false, report: nil,
                         failure: "smtp://localhost:587 refused the user name 'teacher' or its password: check them."),
    ]
}

extension GradingAPI.IDReviewLine {
    /// A copy left for review as the sample project would list it.
    static let example = GradingAPI.IDReviewLine(IDBoxReviewCard(
        review: IDBoxReview(student: StudentKey(7), copy: 12, read: "2026?048", candidates: [
            .init(student: Student(name: "Schmidt, Anna", rosterID: "20261048"), probability: 0.91),
            .init(student: Student(name: "Okafor, Ben", rosterID: "20261046"), probability: 0.06),
        ]),
        name: "copy 12", page: 1, region: PageRect(origin: PagePoint(x: 286, y: 82), width: 209, height: 54), pageSize: PageSize(width: 612, height: 792)))
}
