import Foundation
import Synchronization

// MARK: - SharedRenders

/// The renders a process's live streams share: one per followed URL's key, viewer and data
/// generation, however many open pages follow it.
///
/// After a write, every stream following a component wakes at once and asks for its render at
/// the new generation; the first starts it, the others wait for the same one, and a stream
/// asking later at that generation takes the finished one. A render nobody waits for any more
/// (every stream that asked has gone) is cancelled, and one the server failed (a 5xx, a 429) is
/// not kept. Renders of an older generation are dropped as soon as one of a newer generation is
/// asked for. At most a few run at once (``Turns``): the rest wait their turn.
final class SharedRenders: Sendable {
    /// What makes two renders the same: the URL's key (`LiveRoutes.Resolved.key`), the member
    /// it is rendered for (nil: a visitor), and the generation it begins at.
    struct Key: Hashable, Sendable {
        let url: String
        let viewer: Int64?
        let generation: UInt64
    }

    private struct Entry {
        let task: Task<LiveHub.Render, any Error>
        var waiting: Int
        /// Waiters whose task was cancelled while waiting.
        var abandoned = 0
        var done = false
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var newest: UInt64 = 0
    }

    private let state = Mutex(State())
    /// The process's budget for renders (``Turns``).
    private let turns: Turns

    /// Shared renders, at most `width` running at once (default twice the cores).
    init(width: Int = 2 * ProcessInfo.processInfo.activeProcessorCount) {
        turns = Turns(width: max(1, width))
    }

    /// The render for `key`: a finished or running one, or a new one made by `make` in a task of
    /// its own (a render's frames go deep; a stream's task keeps the memory its frames ever
    /// took, so it never renders itself).
    func render(_ key: Key, _ make: @escaping @Sendable () async throws -> LiveHub.Render) async throws -> LiveHub.Render {
        let task = state.withLock { state -> Task<LiveHub.Render, any Error> in
            if var entry = state.entries[key] {
                entry.waiting += 1
                state.entries[key] = entry
                return entry.task
            }
            if key.generation > state.newest {
                state.newest = key.generation
                state.entries = state.entries.filter { $0.key.generation >= key.generation }
            }
            let task = Task { [self] in
                do {
                    let render = try await turns.run { try await make() }
                    finish(key, keeping: !LiveStream.isServerFault(render.status))
                    return render
                } catch {
                    finish(key, keeping: false)
                    throw error
                }
            }
            state.entries[key] = Entry(task: task, waiting: 1)
            return task
        }
        return try await withTaskCancellationHandler {
            defer { leave(key) }
            return try await task.value
        } onCancel: {
            abandon(key)
        }
    }

    /// Keeps `render`, finished, for `key` too, unless one is kept or runs there already: a
    /// render whose URL turned out to read fewer query items than it carried also answers the
    /// key without them.
    func keep(_ render: LiveHub.Render, for key: Key) {
        state.withLock { state in
            guard state.entries[key] == nil, key.generation >= state.newest else { return }
            state.entries[key] = Entry(task: Task { render }, waiting: 0, done: true)
        }
    }

    // MARK: - Private

    /// Marks `key`'s render finished, `keeping` it for later streams or not (one the server
    /// failed, or that was cancelled, is forgotten: the next stream asks again).
    private func finish(_ key: Key, keeping: Bool) {
        state.withLock { state in
            guard var entry = state.entries[key] else { return }
            if !keeping || entry.task.isCancelled {
                state.entries[key] = nil
            } else {
                entry.done = true
                state.entries[key] = entry
            }
        }
    }

    /// One waiter of `key`'s render is done waiting.
    private func leave(_ key: Key) {
        state.withLock { state in
            guard var entry = state.entries[key] else { return }
            entry.waiting = max(0, entry.waiting - 1)
            if Task.isCancelled { entry.abandoned = max(0, entry.abandoned - 1) }
            state.entries[key] = entry
        }
    }

    /// One waiter of `key`'s render was cancelled: when every waiter was and the render still
    /// runs, it is cancelled and forgotten.
    private func abandon(_ key: Key) {
        let cancelled = state.withLock { state -> Task<LiveHub.Render, any Error>? in
            guard var entry = state.entries[key] else { return nil }
            entry.abandoned += 1
            if entry.abandoned >= entry.waiting, !entry.done {
                state.entries[key] = nil
                return entry.task
            }
            state.entries[key] = entry
            return nil
        }
        cancelled?.cancel()
    }
}
