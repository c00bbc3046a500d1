import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - ChildProcess

/// Runs an executable to its end with `posix_spawn`, its standard output and error in one pipe.
///
/// Not Foundation's `Process`: on Linux its `run()` walks `/proc/self/fd` copying each entry's
/// whole 256-byte `d_name`, which reads past `readdir`'s buffer now and then and crashes the
/// test process (swift-corelibs-foundation #5472, in Swift 6.3.1). A test process holds
/// thousands of descriptors, which makes it likely: it crashed one CI run.
enum ChildProcess {
    /// Runs `executable` with `arguments` and returns its exit status (128 plus the signal if
    /// one ended it) and everything it wrote to standard output and error.
    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        // Neither end stays open in the child but as its output: the read end would keep it
        // from seeing its output's reader go, the write end would keep ours from seeing the end.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 2)
        // The environment as `KEY=value` strings, from Foundation: `environ` is not visible on Darwin.
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        close(ends[1])
        defer { close(ends[0]) }
        guard spawned == 0 else { throw POSIXError(.init(rawValue: spawned) ?? .EIO) }
        let output = FileHandle(fileDescriptor: ends[0], closeOnDealloc: false).readDataToEndOfFile()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (exit, String(decoding: output, as: UTF8.self))
    }
}
