import Foundation

// MARK: - PreviewRunner

/// Renders an app's previews, each on a database of its own so the app's database never
/// changes: a new temporary SQLite file with the app's migrations (not its seed), the preview's
/// fixtures in one transaction, then the component loaded and rendered as a page would (same
/// loading, same query counting, same templates, services and globals as `site`), then the file
/// deleted.
public struct PreviewRunner: Sendable {
    /// The app's site: templates, configuration, services and globals the previews render with.
    package let site: Site
    /// The previewable types' groups, in the app's order.
    public let groups: [PreviewGroup]
    let migrations: @Sendable (inout Migrations) -> Void

    /// The runner for `app`'s ``TesseraApp/previews`` on `site`.
    public init<App: TesseraApp>(app: App, site: Site) {
        self.site = site
        groups = app.previews.map(PreviewGroup.init)
        migrations = { app.migrations(&$0) }
    }

    /// The preview `preview` of the group `group` (both by slug), or nil.
    public func find(group: String, preview: String) -> (PreviewGroup, Preview)? {
        guard let found = groups.first(where: { $0.slug == group }),
            let match = found.previews.first(where: { $0.slug == preview })
        else { return nil }
        return (found, match)
    }

    // MARK: - Rendering

    /// Renders `preview` alone: its fragment, query count and fragment URL, or why it failed.
    /// Never throws: a failure is part of the answer.
    public func render(_ preview: Preview) async -> StandaloneRender {
        await render(preview, page: nil)
    }

    /// Renders `preview`; with `page`, the answer's `html` is what `page` writes around the
    /// fragment with the preview's own site (for the dev page, which shows the app's layout).
    func render(
        _ preview: Preview,
        page: (@Sendable (Site, RequestScope, StandaloneRender) async throws -> String)?
    ) async -> StandaloneRender {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-preview-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let component = preview.makeComponent()
        let id = preview.componentID ?? type(of: component).componentName
        let fragmentURL = ComponentURLs.fragmentURL(sceneURL: preview.sceneURL, id: id, query: [])
        let database: TesseraDatabase
        let previewSite: Site
        do {
            database = try await TesseraDatabase.open(path: folder.appendingPathComponent("preview.sqlite").path, migrations: migrations)
            try await database.write { db in try await preview.fixtures(db) }
            previewSite = try await site.using(database)
        } catch {
            return Self.failed(fragmentURL, "Its fixtures failed: \(error)")
        }
        let scope = RequestScope.standalone(site: previewSite, query: preview.query, userID: preview.userID)
        do {
            let rendered = try await previewSite.renderAlone(component, id: id, sceneURL: preview.sceneURL, scope: scope)
            guard let page else { return rendered }
            let html = try await page(previewSite, scope, rendered)
            return StandaloneRender(html: html, queryCount: rendered.queryCount, fragmentURL: rendered.fragmentURL, loadError: rendered.loadError)
        } catch {
            return Self.failed(fragmentURL, "Loading refused the request: \(error)")
        }
    }

    private static func failed(_ fragmentURL: String, _ reason: String) -> StandaloneRender {
        StandaloneRender(html: "", queryCount: 0, fragmentURL: fragmentURL, loadError: nil, failure: reason)
    }
}

// MARK: - Site

extension Site {
    /// A site like this one on `database`: same configuration, templates, logger, services and
    /// globals.
    func using(_ database: TesseraDatabase) async throws -> Site {
        try await Site(
            configuration: configuration, templates: templates, database: database, logger: logger,
            services: Array(services.values), globals: globals)
    }
}
