import Foundation

#if canImport(Glibc)
import Glibc
#endif

// MARK: - ChildProcess

/// A program run with `posix_spawnp`, for the tests' helper servers and tools. Foundation's
/// `Process.run()` on Linux (Swift 6.3.1) sometimes crashes reading `/proc/self/fd`
/// (swift-corelibs-foundation PR 5472: `findMaximumOpenFromProcSelfFD` copies a whole `d_name`
/// past the end of `readdir`'s buffer), which took the whole test run down.
struct ChildProcess {
    /// The child's process id.
    let pid: pid_t

    /// Starts `arguments` (the first found on `PATH`), its standard error to `/dev/null` when
    /// `quiet`.
    init(_ arguments: [String], quiet: Bool = false) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if quiet { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL) }
        self.pid = pid
    }

    /// Runs `arguments` to their end; returns the exit status (-1 when it did not start or
    /// exit normally).
    @discardableResult
    static func run(_ arguments: [String], quiet: Bool = false) -> Int32 {
        guard let child = try? ChildProcess(arguments, quiet: quiet) else { return -1 }
        return child.waitUntilExit()
    }

    /// Waits for the child to end; its exit status (-1 when it did not exit normally).
    @discardableResult
    func waitUntilExit() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
    }

    /// Ends the child with `SIGKILL` and waits for it.
    func kill() {
        _ = Glibc.kill(pid, SIGKILL)
        waitUntilExit()
    }
}
