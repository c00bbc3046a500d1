import NIOPosix
import Synchronization

// MARK: - EventLoopGroups

/// The process's event loop groups, one per thread count, made when first asked for and kept
/// for the life of the process (like NIO's own singleton group), so servers started again in
/// one process (tests) reuse their threads instead of leaking them.
enum EventLoopGroups {
    private static let groups = Mutex<[Int: MultiThreadedEventLoopGroup]>([:])

    /// The group of `threads` event loops.
    static func shared(threads: Int) -> MultiThreadedEventLoopGroup {
        groups.withLock { groups in
            if let group = groups[threads] { return group }
            let group = MultiThreadedEventLoopGroup(numberOfThreads: threads)
            groups[threads] = group
            return group
        }
    }
}
