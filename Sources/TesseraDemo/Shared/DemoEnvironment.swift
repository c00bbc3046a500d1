import Foundation
import Tessera

// MARK: - DemoEnvironment

/// The app's services, reachable from any scene or component through `scope.demo`.
public struct DemoEnvironment: Sendable {
    /// The current time (tests fix it, so pages with dates and priorities are stable).
    public let now: @Sendable () -> Date
}

extension RequestScope {
    /// The demo app's services.
    var demo: DemoEnvironment {
        site.service(DemoEnvironment.self) ?? DemoEnvironment(now: Date.init)
    }
}
