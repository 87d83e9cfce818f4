import Foundation

/// What an invited grader may do in a project: the instructor everything, a grader their own
/// grading, a viewer nothing but look. The one place the rule is written (`may`); the façade asks
/// it before every change, front ends only show what it allows.
public enum GraderRole: String, Sendable, CaseIterable, Codable {
    /// The course's owner: questions, rubric, roster, keys, anonymity, exports, invites, overrides.
    case instructor
    /// A teaching assistant: scores, rubric items applied, notes and ink, their own undo, their place.
    case grader
    /// Someone who only looks (a second marker checking, an auditor).
    case viewer

    /// A role by its name as typed ("instructor", "grader", "viewer"; any case), nil for anything else.
    public init?(named name: String) { self.init(rawValue: name.lowercased()) }

    /// True when this role may take `action`.
    public func may(_ action: GradingAction) -> Bool {
        switch self {
        case .instructor: true
        case .grader: GradingAction.graders.contains(action)
        case .viewer: false
        }
    }

    /// Every action this role may take, in declaration order (what a front end shows).
    public var allowedActions: [GradingAction] { GradingAction.allCases.filter(may) }
}

/// A kind of change (or export) a role may or may not make.
public enum GradingAction: String, Sendable, CaseIterable, Codable {
    /// Enter, change or clear a score (one nobody else gave).
    case score
    /// Apply or take off rubric items on an answer.
    case applyRubric
    /// Add, edit, move or remove notes, ink and stamps (one's own, or nobody's).
    case annotate
    /// Undo or redo one's own latest change.
    case undoOwn
    /// Keep a place in the grading order and hold the answer open (claims, order).
    case keepPlace
    /// Add, edit, move or remove rubric items; how a question's rubric counts.
    case editRubric
    /// Add, move, resize, relabel or remove questions; change a maximum; name the exam.
    case editQuestions
    /// Set the roster, add or remove students, sort bulk scans.
    case editRoster
    /// Set answer keys and read bubbles.
    case editKeys
    /// Turn anonymous grading on or off, cover names.
    case setAnonymity
    /// Download or write grade tables, graded PDFs and statistics; import scores.
    case export
    /// E-mail each student their graded PDF and feedback.
    case returnWork
    /// Invite, list and revoke graders.
    case invite
    /// Replace another grader's score or note, or undo their work with one's own (`--overwrite`, `--force`).
    case override
    /// Add a photographed bubble sheet as a student's scan (replacing theirs when asked).
    case captureSheet
    /// Confirm a question's answer groups, take answers out, merge groups or move an answer.
    case groupAnswers

    /// What a grader may do.
    static let graders: Set<GradingAction> = [.score, .applyRubric, .annotate, .undoOwn, .keepPlace, .captureSheet, .groupAnswers]

    /// The action in words, for a refusal ("change questions").
    public var phrase: String {
        switch self {
        case .score: "enter scores"
        case .applyRubric: "apply rubric items"
        case .annotate: "write notes or ink"
        case .undoOwn: "undo or redo"
        case .keepPlace: "hold answers or keep a place"
        case .editRubric: "change rubric items"
        case .editQuestions: "change questions"
        case .editRoster: "change the roster or the students"
        case .editKeys: "change answer keys or read bubbles"
        case .setAnonymity: "change anonymous grading"
        case .export: "download or export grades"
        case .returnWork: "e-mail graded work to students"
        case .invite: "invite or revoke graders"
        case .override: "replace another grader's work"
        case .captureSheet: "add photographed answer sheets"
        case .groupAnswers: "confirm or change answer groups"
        }
    }
}

/// A change the grader's role does not allow, refused before anything was written.
public struct RoleRefusal: LocalizedError, Equatable, Sendable, CustomStringConvertible {
    /// Who tried.
    public let grader: String
    /// Their role.
    public let role: GraderRole
    /// What they tried.
    public let action: GradingAction

    /// A refusal of `action` to `grader` in `role`.
    public init(grader: String, role: GraderRole, action: GradingAction) {
        self.grader = grader
        self.role = role
        self.action = action
    }

    public var description: String {
        let who = role == .viewer ? "a viewer, who can only look" : "a \(role.rawValue)"
        return "\(grader) is \(who), and may not \(action.phrase): ask the instructor. Nothing was changed."
    }

    public var errorDescription: String? { description }
}

extension RoleRefusal: CategorizedError {
    public var category: ErrorCategory { .notAllowed }
}
