// MARK: - WriteClaim

/// A row written inside the first write transaction of a request, before the request's own
/// statements, so the two commit together or not at all (Tessera's one-time form tokens).
package protocol WriteClaim: Sendable {
    /// Writes the claim in `db`'s open write transaction, unless an earlier transaction of the
    /// same request committed it; throws to roll the transaction back.
    func claim(in db: SQLConnection) async throws

    /// Notes that the transaction holding the claim committed.
    func didCommit()
}
