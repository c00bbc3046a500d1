import ArgumentParser
import Foundation

// MARK: - RolesCommand

/// `roles`: the members' roles (``MemberRoles``) that ``Policy/role(_:)`` policies require.
/// `roles grant MEMBER ROLE` and `roles revoke MEMBER ROLE` name a member by id or, when the app
/// has ``TesseraApp/members``, by username; `roles list` prints every member's roles.
struct RolesCommand<App: TesseraApp>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "roles", abstract: "Grant, revoke and list members' roles (such as admin).",
            subcommands: [Grant.self, Revoke.self, List.self])
    }

    // MARK: - grant, revoke

    /// `roles grant MEMBER ROLE`.
    struct Grant: AsyncParsableCommand {
        static var configuration: CommandConfiguration { CommandConfiguration(abstract: "Give a member a role.") }

        @OptionGroup var options: AppOptions
        @Argument(help: "The member: their id, or their username.") var member: String
        @Argument(help: "The role, such as admin.") var role: String

        func run() async throws {
            try await RolesCommand.change(member: member, role: role, options: options) { roles, memberID, role in
                try await roles.grant(role, to: memberID)
                return "granted \(role) to member \(memberID)"
            }
        }
    }

    /// `roles revoke MEMBER ROLE`.
    struct Revoke: AsyncParsableCommand {
        static var configuration: CommandConfiguration { CommandConfiguration(abstract: "Take a role from a member.") }

        @OptionGroup var options: AppOptions
        @Argument(help: "The member: their id, or their username.") var member: String
        @Argument(help: "The role, such as admin.") var role: String

        func run() async throws {
            try await RolesCommand.change(member: member, role: role, options: options) { roles, memberID, role in
                try await roles.revoke(role, from: memberID)
                    ? "revoked \(role) from member \(memberID)" : "member \(memberID) did not have \(role)"
            }
        }
    }

    // MARK: - list

    /// `roles list`: one line per member with a role: their id and roles.
    struct List: AsyncParsableCommand {
        static var configuration: CommandConfiguration { CommandConfiguration(abstract: "List every member's roles.") }

        @OptionGroup var options: AppOptions

        func run() async throws {
            let database = try await App().openDatabase(try options.configuration())
            defer { database.close() }
            for entry in try await MemberRoles(database: database).all() {
                print("\(entry.memberID)\t\(entry.roles.map(\.name).joined(separator: " "))")
            }
        }
    }

    // MARK: - Private

    /// Finds `member`, checks `role`, runs `change` and prints what it says; a member or role
    /// that is not one fails with a sentence and a non-zero exit.
    private static func change(
        member: String, role name: String, options: AppOptions,
        _ change: (MemberRoles, Int64, Role) async throws -> String
    ) async throws {
        let role = Role(name)
        guard role.isValid else { throw ValidationError(RoleError.invalidName(name).description) }
        let database = try await App().openDatabase(try options.configuration())
        defer { database.close() }
        guard let memberID = try await memberID(member, in: database) else {
            throw ValidationError("no member '\(member)'" + (App().members == nil ? " (name a member by id)" : ""))
        }
        print(try await change(MemberRoles(database: database), memberID, role))
    }

    /// The id of the member `text` names: their id, or their username in the members' table.
    private static func memberID(_ text: String, in database: TesseraDatabase) async throws -> Int64? {
        guard let table = App().members?.table else { return Int64(text).flatMap { $0 > 0 ? $0 : nil } }
        let quoted = database.dialect.quoted
        let (column, value): (String, any SQLValueConvertible) =
            if let id = Int64(text) { (table.id, id) } else { (table.username, text.lowercased()) }
        return try await database.read { db in
            try await db.fetchValue(
                Int64.self, "SELECT \(quoted(table.id)) FROM \(quoted(table.name)) WHERE \(quoted(column)) = ?", [value])
        }
    }
}
