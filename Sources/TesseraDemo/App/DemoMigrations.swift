import Tessera

// MARK: - DemoMigrations

/// The app's schema migrations, in order (the seed runs after them: ``DemoApp/seed(_:)``). The
/// identifiers are the ones existing SQLite files recorded; each step's SQL runs on SQLite and
/// PostgreSQL alike (the few types that differ come from ``SQLDialect``).
enum DemoMigrations {
    /// Registers every migration of the app.
    static func register(_ migrations: inout Migrations) {
        FortuneStore.registerMigration(in: &migrations)
        migrations.register("demo.community.v1") { db in
            for statement in DemoSchema.community(db.dialect) { try await db.execute(statement) }
        }
        // Notices were the demo's own until Tessera kept them (`tessera_notices`): the table
        // is made and then dropped, so databases of either age end the same.
        migrations.register("demo.notices.v1") { db in
            try await db.execute("CREATE TABLE notice (sessionID TEXT PRIMARY KEY NOT NULL, message TEXT NOT NULL)")
        }
        CommentStore.registerMigration(in: &migrations)
        // Lists come newest first: the gallery and the feed's photos, a profile's posts. Without
        // these indexes each list sorted its rows in a temporary b-tree. (The rowid, every
        // list's tie-break, is in each index; the profile's index also finds a member's posts.)
        migrations.register("demo.list-order.v2") { db in
            try await db.execute("CREATE INDEX photo_on_createdAt ON photo (createdAt)")
            try await db.execute("CREATE INDEX blog_on_userID_createdAt ON blog (userID, createdAt)")
            try await db.execute("DROP INDEX blog_on_userID")
        }
        migrations.register("demo.notices.v2-framework") { db in try await db.execute("DROP TABLE notice") }
        ProfileDetailsStore.registerMigration(in: &migrations)
        // Uploads are kept in their route's folder (`uploads/…`, ``MessageUploads/route``).
        migrations.register("demo.uploads.v2-folder") { db in
            try await db.execute("UPDATE tessera_files SET name = 'uploads/' || name WHERE name NOT LIKE '%/%'")
        }
        // Members may keep a confirmed address (``MemberTable/email``), for password resets.
        migrations.register("demo.members.v2-email") { db in
            try await db.execute("ALTER TABLE \(db.dialect.quoted("user")) ADD COLUMN email TEXT")
            try await db.execute("CREATE UNIQUE INDEX user_email ON \(db.dialect.quoted("user")) (email)")
        }
        // Blogs and comments are models (``Blog``, ``Comment``): `<table>_on_<column>` names the
        // indexes their columns ask for, so the two-column indexes take other names, which
        // `migrate --plan` leaves alone. The same indexes, renamed (SQLite renames none).
        migrations.register("demo.models.v1-index-names") { db in
            try await db.execute("DROP INDEX blog_on_userID_createdAt")
            try await db.execute("CREATE INDEX blog_by_userID_createdAt ON blog (userID, createdAt)")
            try await db.execute("DROP INDEX comment_on_blog")
            try await db.execute("CREATE INDEX comment_by_blogID_createdAt ON comment (blogID, createdAt)")
        }
    }
}
