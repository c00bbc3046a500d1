import Foundation

// MARK: - MemberRoles

/// The roles granted to members, kept in the `member_roles` table (one row per member and role,
/// with when it was granted), which Tessera creates with its own tables. ``Policy/role(_:)``
/// reads it; `tessera roles grant|revoke|list` and an app's own code write it.
///
/// It is the app's data, not Tessera's bookkeeping: a grant or a revocation is a change like any
/// other, so a page or fragment that read a member's roles is not reused after it.
///
/// ```swift
/// try await MemberRoles(database: site.database).grant(.admin, to: memberID)
/// ```
public struct MemberRoles: Sendable {
    static let table = "member_roles"

    let database: TesseraDatabase

    /// The roles kept in `database`.
    public init(database: TesseraDatabase) { self.database = database }

    static func registerMigration(in migrations: inout Migrations) {
        migrations.register("tessera.member-roles.v1") { db in
            try await db.execute(
                """
                CREATE TABLE \(table) (memberID BIGINT NOT NULL, role TEXT NOT NULL, grantedAt \(db.dialect.timestamp) NOT NULL,
                  PRIMARY KEY (memberID, role))
                """)
            try await db.execute("CREATE INDEX \(table)_on_role ON \(table) (role)")
        }
    }

    // MARK: - Granting

    /// Gives `role` to member `memberID` (nothing changes when they have it). A role whose name
    /// is not one (``Role``) throws `RoleError.invalidName(_:)`.
    public func grant(_ role: Role, to memberID: Int64) async throws {
        try await database.write { db in try await Self.grant(role, to: memberID, in: db) }
    }

    /// Gives `role` to member `memberID` in `db`'s transaction (a seed, a migration, an action's
    /// write); nothing changes when they have it. A role whose name is not one throws
    /// `RoleError.invalidName(_:)`.
    public static func grant(_ role: Role, to memberID: Int64, in db: SQLConnection) async throws {
        guard role.isValid else { throw RoleError.invalidName(role.name) }
        _ = try await db.execute(
            "INSERT INTO \(table) (memberID, role, grantedAt) VALUES (?, ?, ?) ON CONFLICT (memberID, role) DO NOTHING",
            [memberID, role.name, Date()])
    }

    /// Takes `role` from member `memberID`; whether they had it.
    @discardableResult
    package func revoke(_ role: Role, from memberID: Int64) async throws -> Bool {
        try await database.write { db in
            try await db.execute("DELETE FROM \(Self.table) WHERE memberID = ? AND role = ?", [memberID, role.name]) > 0
        }
    }

    // MARK: - Reading

    /// Member `memberID`'s roles.
    package func roles(of memberID: Int64) async throws -> Set<Role> {
        try await database.read { db in try await Self.roles(of: memberID, in: db) }
    }

    /// Every member's roles, by member id, members in order (`tessera roles list`).
    package func all() async throws -> [(memberID: Int64, roles: [Role])] {
        let rows = try await database.read { db in
            try await db.fetchAll("SELECT memberID, role FROM \(Self.table) ORDER BY memberID, role") {
                (memberID: try $0[0] as Int64, role: Role(try $0[1] as String))
            }
        }
        var result: [(memberID: Int64, roles: [Role])] = []
        for row in rows {
            if result.last?.memberID == row.memberID { result[result.count - 1].roles.append(row.role) } else {
                result.append((row.memberID, [row.role]))
            }
        }
        return result
    }

    /// Member `memberID`'s roles, read on `db` (a request's counted connection: the read is
    /// noted like any other).
    static func roles(of memberID: Int64, in db: SQLConnection) async throws -> Set<Role> {
        Set(try await db.fetchValues(String.self, "SELECT role FROM \(table) WHERE memberID = ?", [memberID]).map { Role($0) })
    }
}

// MARK: - RoleError

/// A role that cannot be granted.
package enum RoleError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The name is not a role's (``Role``): lowercase letters, digits, `-` and `_`, starting with a letter.
    case invalidName(String)

    /// In words.
    package var description: String {
        switch self {
        case .invalidName(let name): "'\(name)' is not a role's name: lowercase letters, digits, '-' and '_', starting with a letter"
        }
    }
}
