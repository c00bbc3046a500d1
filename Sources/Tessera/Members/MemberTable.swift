import Foundation

// MARK: - MemberTable

/// The app's own table of members, as ``Members`` reads and writes it: its name and the columns
/// holding the id, the username (stored lowercase), the bcrypt hash and, optionally, the name
/// shown on pages and the member's confirmed e-mail address. Other columns are the app's; a new member's row gets `newRowValues` for
/// any the app needs filled. Start-up checks that the table and columns exist.
public struct MemberTable: Sendable {
    /// The table's name; default `member`.
    package let name: String
    /// The integer primary key; default `id`.
    package let id: String
    /// The unique username; default `username`.
    package let username: String
    /// The bcrypt hash; default `passwordHash`.
    package let passwordHash: String
    /// The name shown on pages, asked for at sign-up; default `displayName`, nil for none.
    package let displayName: String?
    /// The member's e-mail address, stored lowercase and only once confirmed (a link sent to it
    /// was followed), unique; default `email`, nil for none (then there is no "forgot your
    /// password" and no address page).
    package let email: String?
    /// Values for the app's other columns of a new member's row, given the time of sign-up
    /// (say `[("createdAt", date), ("bio", "")]`); default none.
    package let newRowValues: @Sendable (Date) -> [(String, any SQLValueConvertible)]

    /// A member table; every name must be a plain SQL identifier (letters, digits, `_`).
    public init(
        _ name: String = "member", id: String = "id", username: String = "username", passwordHash: String = "passwordHash",
        displayName: String? = "displayName", email: String? = "email",
        newRowValues: @escaping @Sendable (Date) -> [(String, any SQLValueConvertible)] = { _ in [] }
    ) {
        for identifier in [name, id, username, passwordHash] + [displayName, email].compactMap({ $0 }) {
            precondition(Self.isIdentifier(identifier), "MemberTable: '\(identifier)' is not a plain SQL identifier")
        }
        self.name = name
        self.id = id
        self.username = username
        self.passwordHash = passwordHash
        self.displayName = displayName
        self.email = email
        self.newRowValues = newRowValues
    }

    /// Registers the migrations of the default `member` table: `tessera.members.v1` creates it
    /// with `id`, a unique `username`, `displayName`, `passwordHash` and `createdAt` (the time of
    /// sign-up, filled by the database); `tessera.members.v2-email` adds a unique `email`. Apps
    /// with a table of their own skip it.
    public static func registerMigration(in migrations: inout Migrations) {
        migrations.register("tessera.members.v1") { db in
            try await db.execute(
                """
                CREATE TABLE member (id \(db.dialect.autoIncrementPrimaryKey), username TEXT NOT NULL UNIQUE,
                  displayName TEXT NOT NULL, passwordHash TEXT NOT NULL, createdAt \(db.dialect.timestamp) NOT NULL DEFAULT CURRENT_TIMESTAMP)
                """)
        }
        migrations.register("tessera.members.v2-email") { db in
            try await db.execute("ALTER TABLE member ADD COLUMN email TEXT")
            try await db.execute("CREATE UNIQUE INDEX member_email ON member (email)")
        }
    }

    // MARK: - Checking

    /// What is missing from `db` for this table: the table, or each column by name.
    func problems(in db: SQLConnection) async throws -> [String] {
        let sql =
            switch db.dialect {
            case .sqlite: "SELECT name FROM pragma_table_info(?)"
            case .postgres: "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?"
            }
        let columns = Set(try await db.fetchValues(String.self, sql, [name.lowercased()]).map { $0.lowercased() })
        guard !columns.isEmpty else { return ["the member table '\(name)' does not exist"] }
        let wanted = [id, username, passwordHash] + [displayName, email].compactMap { $0 }
        return wanted.filter { !columns.contains($0.lowercased()) }.map { column in
            let problem = "the member table '\(name)' has no column '\(column)'"
            guard column == email else { return problem }
            return problem + ": add one (TEXT, unique) in a migration for confirmed addresses and password resets, "
                + "or pass `email: nil` to MemberTable to go without"
        }
    }

    private static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.utf8.first, !(0x30...0x39).contains(first) else { return false }
        return text.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7a) || ($0 >= 0x41 && $0 <= 0x5a) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5f }
    }
}
