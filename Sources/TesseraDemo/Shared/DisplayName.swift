import Tessera

// MARK: - DisplayName

/// A member's display name read beside a record across a join
/// (`SELECT blog.…, "user".displayName`): `row.records(Blog.self, DisplayName.self)`. Nil when
/// a `LEFT JOIN` found no member (an account that is gone).
@SQLRecord
struct DisplayName: Sendable {
    var displayName: String?
}
