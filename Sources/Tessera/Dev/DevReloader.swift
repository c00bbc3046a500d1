import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import Synchronization

// MARK: - DevReloader

/// The dev server's template watcher: when a file under `Views/` changes it runs the same
/// checks as start-up (templates compiled and validated, every key each template reads checked
/// against its view model, the scenes' compositions), swaps the templates into the site (no
/// restart), and tells every open page to reload over server-sent events. A broken edit — a
/// misspelt `{{nmae}}` as much as an unclosed tag — keeps the last good templates and turns every
/// page into an error page showing `file:line:col` until it is fixed.
///
/// Runs as a service next to the server; it polls the folder's file list and modification times
/// twice a second (portable, and cheap for a views folder).
final class DevReloader: Service, Sendable {
    /// How often the folder is checked; default half a second.
    let interval: Duration
    let site: Site
    let directory: URL
    /// The check run on every change, returning the templates to serve.
    private let check: @Sendable () throws -> TemplateLibrary
    private let state = Mutex<State>(State())

    private struct State {
        var errors: TemplateErrors?
        var listeners: [UUID: AsyncStream<String>.Continuation] = [:]
        var fingerprint: [String: [Double]] = [:]
    }

    /// A watcher for `site`'s views folder that runs `check` on every change: the app's
    /// start-up check (``TesseraApp/check(_:)``, what `serve --dev` passes), or by default the
    /// templates' own compilation and validation alone.
    init(site: Site, interval: Duration = .milliseconds(500), check: (@Sendable () throws -> TemplateLibrary)? = nil) {
        self.site = site
        self.interval = interval
        let directory = URL(fileURLWithPath: site.configuration.viewsDirectory)
        self.directory = directory
        self.check = check ?? { try TemplateLibrary.load(directory: directory) }
        let fingerprint = Self.fingerprint(of: directory)
        state.withLock { $0.fingerprint = fingerprint }
    }

    // MARK: - Service

    /// Checks the folder until the server shuts down, then ends every open event stream.
    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try await Task.sleep(for: self.interval)
                self.checkForChanges()
            }
        }
        endEvents()
    }

    /// Recompiles if any template changed since the last check. Returns whether it reloaded.
    @discardableResult
    func checkForChanges() -> Bool {
        let current = Self.fingerprint(of: directory)
        let changed = state.withLock { state in
            guard state.fingerprint != current else { return false }
            state.fingerprint = current
            return true
        }
        guard changed else { return false }
        do {
            let library = try check()
            site.replaceTemplates(library)
            state.withLock { $0.errors = nil }
            site.logger.info("dev: templates reloaded (\(library.names.count))")
        } catch {
            let errors = Self.diagnostics(of: error)
            state.withLock { $0.errors = errors }
            site.logger.error("dev: the check failed\n\(errors.description)")
        }
        broadcast("reload")
        return true
    }

    /// `error` as diagnostics: a template's own, or start-up problems (each at its template's
    /// `file:line:col` when it has one, else naming its Swift type).
    static func diagnostics(of error: any Error) -> TemplateErrors {
        if let errors = error as? TemplateErrors { return errors }
        guard let startup = error as? StartupErrors else {
            return TemplateErrors(diagnostics: [TemplateDiagnostic(file: "", line: 0, column: 0, message: "\(error)")])
        }
        return TemplateErrors(diagnostics: startup.problems.map { problem in
            let parts = problem.file?.split(separator: ":") ?? []
            let message = (problem.type.isEmpty ? "" : problem.type + ": ") + problem.message
            guard parts.count == 3, let line = Int(parts[1]), let column = Int(parts[2]) else {
                return TemplateDiagnostic(file: "", line: 0, column: 0, message: problem.description)
            }
            return TemplateDiagnostic(file: String(parts[0]), line: line, column: column, message: message)
        })
    }

    // MARK: - Clients

    /// The template errors in force, if the last edit broke something.
    var errors: TemplateErrors? { state.withLock { $0.errors } }

    /// A stream of events for one open page; it ends when the page goes away.
    func events() -> AsyncStream<String> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<String>.makeStream()
        continuation.onTermination = { [weak self] _ in self?.state.withLock { _ = $0.listeners.removeValue(forKey: id) } }
        state.withLock { $0.listeners[id] = continuation }
        return stream
    }

    /// Ends every open event stream (the server is shutting down).
    func endEvents() {
        let listeners = state.withLock { state in
            defer { state.listeners = [:] }
            return Array(state.listeners.values)
        }
        listeners.forEach { $0.finish() }
    }

    private func broadcast(_ event: String) {
        state.withLock { state in state.listeners.values.forEach { $0.yield(event) } }
    }

    // MARK: - Private

    /// Each template's modification time and size: any edit, added or removed file changes it.
    static func fingerprint(of directory: URL) -> [String: [Double]] {
        let keys: Set<URLResourceKey> = [.contentModificationDateKey, .fileSizeKey]
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: Array(keys)) else { return [:] }
        var result: [String: [Double]] = [:]
        for case let file as URL in walker where file.pathExtension == TemplateFiles.fileExtension {
            let values = try? file.resourceValues(forKeys: keys)
            result[file.path] = [
                values?.contentModificationDate?.timeIntervalSince1970 ?? 0, Double(values?.fileSize ?? -1),
            ]
        }
        return result
    }
}
