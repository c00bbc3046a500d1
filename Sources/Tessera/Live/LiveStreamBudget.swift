import Synchronization

// MARK: - LiveStreamBudget

/// How many live streams each viewer holds open in this process, against the site's limits
/// (``SiteConfiguration/maxLiveStreamsPerViewer``, ``SiteConfiguration/maxLiveStreamsPerAddress``).
///
/// A member is counted by their id, however many sessions they sign in with. A visitor is
/// counted by the signed nonce of their `tessera_csrf` cookie when they have one, else by their
/// client address; and since a nonce costs only a page with a form to get, every visitor's
/// stream also counts against their address's larger limit. A stream past either is refused
/// with a `429` before it opens.
final class LiveStreamBudget: Sendable {
    /// Who holds a stream.
    struct Holder: Sendable, Hashable {
        /// The member's id, the visitor's nonce or their address, as one key.
        let viewer: String
        /// The client's address, for a visitor (nil for a member).
        let address: String?
    }

    private let perViewer: Int
    private let perAddress: Int
    private let open = Mutex<[String: Int]>([:])

    /// A budget of `perViewer` streams per viewer and `perAddress` per visitors' address.
    init(perViewer: Int, perAddress: Int) {
        self.perViewer = perViewer
        self.perAddress = perAddress
    }

    /// Counts a stream of `holder` and returns true, or returns false when a limit is reached.
    func claim(_ holder: Holder) -> Bool {
        open.withLock { open in
            guard open[holder.viewer, default: 0] < perViewer else { return false }
            if let address = holder.address {
                guard open["address " + address, default: 0] < perAddress else { return false }
                open["address " + address, default: 0] += 1
            }
            open[holder.viewer, default: 0] += 1
            return true
        }
    }

    /// Gives back a stream ``claim(_:)`` counted.
    func release(_ holder: Holder) {
        open.withLock { open in
            Self.decrement(&open, holder.viewer)
            if let address = holder.address { Self.decrement(&open, "address " + address) }
        }
    }

    private static func decrement(_ open: inout [String: Int], _ key: String) {
        let left = open[key, default: 0] - 1
        open[key] = left > 0 ? left : nil
    }
}
