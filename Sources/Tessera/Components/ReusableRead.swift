// MARK: - ReusableRead

/// A read whose value Tessera may hand to later requests instead of reading again, as it
/// reuses components' fragments (``FragmentCaching``): for what a scene's
/// ``Scene/loadData(_:)`` reads on a busy page, which otherwise runs on every request even when
/// all its components are reused.
///
/// The read is a value: its type and every field are the key its value is kept under (a post's
/// id), together with the member for ``FragmentCaching/perUser``. ``read(from:viewerID:)`` gets
/// nothing else of the request — no scope, no session, no cookie — so a value can only carry
/// what its key names: one viewer's data cannot reach another unless the read is `.perUser`.
///
/// A value is reused under the same rules as a fragment: while no process wrote to a table the
/// read read since the request that read it began (Tessera's bookkeeping does not count), and
/// never when fragment reuse is off, in development mode, or in an action (which reads afresh
/// around its writes). What the scene shows from a reused value counts as read by it, so the
/// fragments it hands the value to end with it. At most 4,096 values are kept.
///
/// ```swift
/// struct PostPage: ReusableRead {
///     static let caching = FragmentCaching.perUser   // it says whether the viewer likes it
///     let postID: Int64
///     func read(from database: CountingDatabase, viewerID: Int64?) async throws -> BlogPost? {
///         try await BlogStore(database: database).page(postID, viewerID: viewerID)
///     }
/// }
/// // in the scene's loadData:
/// post = try await scope.read(PostPage(postID: postID))
/// ```
public protocol ReusableRead: Hashable, Sendable {
    /// What the read returns.
    associatedtype Value: Sendable

    /// Who may be handed a value read for another request: ``FragmentCaching/shared`` (everyone;
    /// the read gets no viewer), ``FragmentCaching/perUser`` (each member their own, visitors
    /// one between them), or ``FragmentCaching/never`` (read on every request).
    static var caching: FragmentCaching { get }

    /// Reads the value from `database`. `viewerID` is the signed-in member's id (nil: a
    /// visitor), always nil for a ``FragmentCaching/shared`` read.
    func read(from database: CountingDatabase, viewerID: Int64?) async throws -> Value
}

// MARK: - Reading

extension RequestScope {
    /// `read`'s value: one kept for an equal read (and, for ``FragmentCaching/perUser``, the
    /// same viewer) if it is still valid, otherwise read now on this request's database — and
    /// kept, when reuse is on and nothing was written since this request began.
    public func read<Read: ReusableRead>(_ read: Read) async throws -> Read.Value {
        let caching = Read.caching
        let viewerID = caching == .shared ? nil : userID
        guard caching != .never, let start = reuseStart else { return try await read.read(from: database, viewerID: viewerID) }
        let key = FragmentCache.ReadKey(read: read, userID: viewerID)
        // Unwrapped first: a missing entry cast to an optional `Value` would succeed, as nil.
        if let kept = start.cache.reusedValue(for: key), let value = kept.value as? Read.Value {
            database.counter.record(kept.reads)
            return value
        }
        let counted = database.child()
        let value = try await read.read(from: counted, viewerID: viewerID)
        // What the scope shows from the value depends on what the read read.
        database.counter.record(counted.counter.reads)
        start.cache.store(value, for: key, reads: counted.counter.reads, from: start)
        return value
    }
}

extension ReusableRead {
    /// Whether `other` is a read of this type with equal fields (a kept value's key).
    func isEqual(to other: any ReusableRead) -> Bool {
        (other as? Self) == self
    }
}

extension ComponentScope {
    /// `read`'s value, reused as ``RequestScope/read(_:)`` says, for the viewer this
    /// component may see (none for a ``FragmentCaching/shared`` component).
    public func read<Read: ReusableRead>(_ read: Read) async throws -> Read.Value {
        try await request.read(read)
    }
}
