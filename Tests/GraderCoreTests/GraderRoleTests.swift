import GraderCore
import Testing

/// The role rule itself: an instructor may do everything, a viewer nothing, a grader their own grading.
@Suite struct GraderRoleTests {
    @Test func eachRoleMayDoExactlyItsShare() {
        #expect(GraderRole.instructor.allowedActions == GradingAction.allCases)
        #expect(GraderRole.viewer.allowedActions.isEmpty)
        #expect(GraderRole.grader.allowedActions == [.score, .applyRubric, .annotate, .undoOwn, .keepPlace, .captureSheet, .groupAnswers])
    }

    @Test func aRoleIsNamedAsTypedInAnyCaseAndNothingElse() {
        #expect(GraderRole(named: "Grader") == .grader && GraderRole(named: "VIEWER") == .viewer)
        #expect(GraderRole(named: "admin") == nil && GraderRole(named: "") == nil)
    }
}
