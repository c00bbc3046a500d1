import Hummingbird

// MARK: - DatabaseFreshnessMiddleware

/// Before a request reads anything, looks whether any connection committed since the last look
/// (`TesseraDatabase.refreshFromOtherConnections`): a page served after a write was
/// acknowledged — by this process or another on the same database — shows it, reused snapshots
/// and fragments included. On SQLite, one atomic read of the processes' commit count, and a
/// `PRAGMA data_version` when it moved (``SkippableLook``); on PostgreSQL, one statement reading the app data's generation (added only when
/// fragments are reused: PostgreSQL's reads are otherwise fresh by themselves).
struct DatabaseFreshnessMiddleware<Context: RequestContext>: RouterMiddleware {
    let database: TesseraDatabase

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try await database.refreshFromOtherConnections()
        return try await next(request, context)
    }
}
