import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: - MigrationLock

/// An exclusive lock on a file beside the database (`<database>-migrations.lock`, `flock`),
/// held while a process migrates, seeds and installs its triggers: processes started together on
/// one new database take turns, and each after the first finds the work done. (Processes on one
/// SQLite file share a host, which is what `flock` covers.)
enum MigrationLock {
    /// Runs `body` holding the lock for the database at `path`, waiting for another holder.
    static func holding<T>(for path: String, _ body: () async throws -> T) async throws -> T {
        let lockPath = path + "-migrations.lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT, 0o644)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }  // closing releases the lock
        // Tried without blocking, and waited for asleep: a thread blocked here could be one the
        // holder (another task of this process, suspended inside `body`) needs to finish.
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            try await Task.sleep(for: .milliseconds(5))
        }
        return try await body()
    }
}
