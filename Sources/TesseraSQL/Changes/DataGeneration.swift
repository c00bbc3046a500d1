import GRDB
import Synchronization

// MARK: - DataGeneration

/// How fresh this process's view of a SQLite database is, across processes sharing the file.
///
/// - **Any commit** by any connection — this process's writer, another server process, a
///   migration, the `sqlite3` shell — changes `PRAGMA data_version` as seen from this watcher's
///   own connection. ``refresh(committed:)`` reads it before a request reads anything (when the
///   commit bell's count moved: ``SkippableLook``), so page snapshots begun before another process's
///   commit are not reused after it.
/// - **The app's data** has versions (``DataVersions``), kept by ``ChangeTriggers`` in the
///   writing transaction: after a commit, the look reads the generation and the tables changed
///   since the last look, so an analytics batch or a throttle row changes none.
final class DataGeneration: Sendable {
    private let connection: DatabaseQueue
    private let catalog: TableCatalog
    /// The last `data_version` seen (only read and written on ``connection``'s queue).
    private let dataVersion = Mutex<Int64>(-1)
    private let versions = LatestVersions()
    /// Raised by each look that found a commit.
    let commits = CommitSignal()

    /// A watcher on its own read-only connection to the database at `path`, naming tables by
    /// `catalog` (``refresh(committed:)`` first once it is migrated and its triggers are in).
    init(path: String, configuration: Configuration, catalog: TableCatalog) throws {
        var readOnly = configuration
        readOnly.readonly = true
        connection = try DatabaseQueue(path: path, configuration: readOnly)
        self.catalog = catalog
    }

    /// The app data's versions as of the last ``refresh(committed:)``.
    var current: DataVersions { versions.current }

    /// The rows' changes as of the last ``refresh(committed:)``.
    var rows: RowChanges { versions.rows }

    /// Looks whether any connection committed since the last look; if one did, calls
    /// `committed` (which ends page snapshots) and only then publishes the app data's new
    /// versions — so a fragment labelled with them was read from a snapshot that began after the
    /// look. Returns whether anything was committed.
    @discardableResult
    func refresh(committed: () -> Void = {}) throws -> Bool {
        try connection.inDatabase { db in
            let version = try Int64.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0
            guard dataVersion.withLock({ $0 }) != version else { return false }
            committed()
            let arguments = ChangeTriggers.changesSinceArguments(known: versions.current.generation, rows: versions.rows)
            let rows = try Row.fetchAll(
                db.cachedStatement(sql: ChangeTriggers.changesSince), arguments: StatementArguments(arguments))
            versions.raise(ChangeTriggers.look(rows.map { ($0[0] as Int64, $0[1] as String, $0[2] as Int64) }, catalog))
            dataVersion.withLock { $0 = version }
            commits.raise()
            return true
        }
    }
}
