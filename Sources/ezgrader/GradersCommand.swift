import ArgumentParser
import Foundation
import GraderKit

struct GradersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graders",
        abstract: "Invite TAs by a personal link with a role, list them, revoke a link.",
        discussion: """
            invite NAME --role instructor|grader|viewer prints NAME's personal link for `serve \
            --public`: opening it signs that browser in as NAME, who types no name; history and \
            scores name them. The link's secret is shown only now (the project keeps a hash): send \
            it to NAME alone. Inviting NAME again gives a new link and ends the old one. A grader \
            scores, applies rubric items, writes notes and ink, undoes their own work; a viewer \
            only looks; an instructor may do everything (questions, rubric items, roster, keys, \
            anonymity, exports, invites, another grader's work). list shows who is invited; \
            revoke NAME ends their link and signs their browsers out at their next request.

            Example:
              ezgrader graders exam invite ta-ben --role grader
              ezgrader graders exam revoke ta-ben
            """)
    @OptionGroup var options: ProjectOptions
    @Argument(help: "invite, list or revoke.") var action: String
    @Argument(help: "The grader's name (invite, revoke).") var name: String?
    @Option(help: "What the invited grader may do: instructor, grader or viewer.") var role: String?
    @Option(help: ArgumentHelp("The address `serve --public` prints, which the link starts with (default: https://THIS-HOST:8080).",
                               valueName: "url"))
    var server: String?

    func validate() throws {
        guard ["invite", "list", "revoke"].contains(action) else { throw ValidationError("Say invite, list or revoke, not '\(action)'.") }
        if action != "list", name == nil { throw ValidationError("Name the grader to \(action): ezgrader graders PROJECT \(action) NAME.") }
        if action == "list", let name { throw ValidationError("list takes no name ('\(name)').") }
        if action == "invite" {
            guard let role else { throw ValidationError("Give the invited grader a --role: instructor, grader or viewer.") }
            guard GraderRole(named: role) != nil else { throw ValidationError("--role must be instructor, grader or viewer, not '\(role)'.") }
        } else if let role {
            throw ValidationError("--role is for invite only ('\(role)').")
        }
        if let server, !Self.isServerAddress(server) {
            throw ValidationError("--server must be an https address such as https://grading.example.edu:8443, not '\(server)'.")
        }
    }

    func run() throws {
        try reportingErrors {
            let project = try options.open()
            switch action {
            case "invite": try invite(in: project)
            case "revoke":
                let grader = try Grader(name ?? "")
                try project.revokeInvite(of: grader)
                print("\(grader.name)'s link no longer works; their open browsers are refused from their next request.")
            default: try list(project)
            }
        }
    }

    private func invite(in project: GradingProject) throws {
        let grader = try Grader(name ?? ""), role = GraderRole(named: role ?? "") ?? .viewer
        let secret = try project.invite(grader, role: role)
        let base = server ?? Self.defaultServer
        let link = "\(base.hasSuffix("/") ? String(base.dropLast()) : base)/?invite=\(secret.text)"
        if options.json {
            try printJSON(["grader": grader.name, "role": role.rawValue, "link": link])
            return
        }
        print("""
            \(grader.name) is invited as \(role.rawValue)\(secret.replacedEarlier ? " (their earlier link no longer works)" : ""). Their personal link, shown only now:
              \(link)
            Send it to \(grader.name) alone; `ezgrader graders \(options.project) revoke \(grader.name)` ends it.
            """)
    }

    private func list(_ project: GradingProject) throws {
        let invites = try project.invites()
        if options.json {
            try printJSON(invites.map { ["grader": $0.grader, "role": $0.role.rawValue, "invited": $0.invitedAt, "by": $0.invitedBy,
                                         "revoked": $0.revokedAt ?? ""] })
            return
        }
        guard !invites.isEmpty else { return print("Nobody is invited yet: ezgrader graders \(options.project) invite NAME --role grader.") }
        for invite in invites {
            let state = invite.revokedAt.map { "revoked \($0)" } ?? "active"
            print("\(invite.grader)\t\(invite.role.rawValue)\tinvited \(invite.invitedAt) by \(invite.invitedBy)\t\(state)")
        }
    }

    /// https://THIS-HOST:8080, what `serve --public` listens on by default.
    private static var defaultServer: String { "https://\(ProcessInfo.processInfo.hostName):8080" }

    /// True for `https://host[:port]` with nothing after it but an optional "/".
    private static func isServerAddress(_ text: String) -> Bool {
        guard let url = URL(string: text), url.scheme == "https", let host = url.host, !host.isEmpty else { return false }
        return url.path.isEmpty || url.path == "/" ? url.query == nil && url.fragment == nil : false
    }
}
