import Foundation
@testable import GraderKit
import Testing
import TestSupport

/// Graders as people: a personal link's secret is shown once and kept only hashed; it signs in
/// its grader with their role until revoked; inviting again replaces it; access is not history.
@Suite struct InviteTests {
    @Test func aLinkSignsInItsGraderWithTheirRoleUntilRevokedAndOnlyItsHashIsKept() throws {
        let folder = TemporaryFolder()
        let project = try TestProject.project(in: folder, names: ["Anna"])
        let ben = try project.invite(try Grader("ta-ben"), role: .grader)
        #expect(ben.text.count == 32 && ben.text.allSatisfy(\.isHexDigit) && !ben.replacedEarlier)
        let viv = try project.invite(try Grader("viv"), role: .viewer)
        #expect(ben.text != viv.text)
        let signedIn = try #require(try project.invitedGrader(secret: ben.text))
        #expect(signedIn.grader.name == "ta-ben" && signedIn.role == .grader)
        #expect(try project.invitedGrader(secret: viv.text)?.role == .viewer)
        let database = try Data(contentsOf: URL(fileURLWithPath: folder.file("project.sqlite")))
        #expect(database.range(of: Data(ben.text.utf8)) == nil, "the secret itself is never stored")

        try project.revokeInvite(of: try Grader("ta-ben"))
        #expect(try project.invitedGrader(secret: ben.text) == nil)
        #expect(try project.invitedGrader(secret: viv.text) != nil, "revoking one leaves the others")
        let list = try project.invites()
        #expect(list.map(\.grader) == ["ta-ben", "viv"] && list[0].revokedAt != nil && list[1].revokedAt == nil)
        #expect(list.allSatisfy { $0.invitedBy == "tester" })
        #expect(throws: InviteError.notInvited("ta-ben", invited: ["viv"])) { try project.revokeInvite(of: try Grader("ta-ben")) }
    }

    @Test func invitingAgainGivesANewLinkAndEndsTheOldOne() throws {
        let folder = TemporaryFolder()
        let project = try TestProject.project(in: folder, names: ["Anna"])
        let first = try project.invite(try Grader("ta-ben"), role: .viewer)
        let second = try project.invite(try Grader("ta-ben"), role: .grader)
        #expect(second.replacedEarlier)
        #expect(try project.invitedGrader(secret: first.text) == nil)
        #expect(try project.invitedGrader(secret: second.text)?.role == .grader)
        #expect(try project.invites().count == 1)
    }

    @Test func hostileSecretsSignInNobody() throws {
        let folder = TemporaryFolder()
        let project = try TestProject.project(in: folder, names: ["Anna"])
        let real = try project.invite(try Grader("ta-ben"), role: .grader).text
        for hostile in ["", real.uppercased(), real + "0", String(real.dropLast()), "' OR 1=1 --", String(repeating: "a", count: 100_000),
                        "ŝ" + String(real.dropFirst()), real.replacingOccurrences(of: real.prefix(1), with: "g")] {
            #expect(try project.invitedGrader(secret: hostile) == nil, "\(hostile.prefix(40))")
        }
    }

    @Test func invitesAreAccessNotHistoryAnUndoNeverGivesARevokedLinkBack() throws {
        let folder = TemporaryFolder()
        let project = try TestProject.project(in: folder, names: ["Anna"])
        let before = try project.history(limit: 100).count
        let link = try project.invite(try Grader("ta-ben"), role: .grader)
        try project.revokeInvite(of: try Grader("ta-ben"))
        #expect(try project.history(limit: 100).count == before)
        _ = try? project.undo()
        #expect(try project.invitedGrader(secret: link.text) == nil)
    }
}
