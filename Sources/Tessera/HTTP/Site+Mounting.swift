import Hummingbird

// MARK: - Mounting

extension Site {
    /// Mounts `scene`'s routes on `router`, all from its declarations:
    ///
    /// - `GET <path>`: the page;
    /// - `GET <path>/_/:component`: any component's fragment;
    /// - `POST <action path>` for each action of each of its ``Scene/componentTypes``.
    public func mount(_ scene: Scene.Type, on router: some RouterMethods<TesseraRequestContext>) {
        let runner = SceneRunner(site: self, sceneType: scene)
        let path = scene.path
        router.get(RouterPath(path)) { request, context in try await runner.page(request, context) }
        router.get(RouterPath(Self.join(path, "_/:" + SceneRunner.componentParameter))) { request, context in
            try await runner.fragment(request, context)
        }
        for componentType in scene.componentTypes {
            for entry in componentType.actions.entries {
                let actionPath = entry.path.hasPrefix("/") ? entry.path : Self.join(path, entry.path)
                router.post(RouterPath(actionPath)) { request, context in
                    try await runner.action(request, context, componentType: componentType, entry: entry)
                }
            }
        }
    }

    /// The standard middleware, outermost first: a log line per request, security headers,
    /// error pages, static files from ``SiteConfiguration/publicDirectory``. Add it before any
    /// route: Hummingbird wraps each route with the middleware present when it is added.
    public func addMiddleware(to router: Router<TesseraRequestContext>) {
        router.add(middleware: RequestLogMiddleware<TesseraRequestContext>(logger: logger))
        router.add(middleware: SecurityHeadersMiddleware<TesseraRequestContext>())
        router.add(middleware: ErrorPageMiddleware(site: self))
        router.add(middleware: StaticFileMiddleware(directory: configuration.publicDirectory))
    }

    /// A group of `router` whose routes have sessions (and so CSRF tokens). Mount every scene
    /// with forms or a signed-in view here; stateless pages (`/fortunes`) may stay outside it.
    public func sessionRoutes(on router: Router<TesseraRequestContext>) -> RouterGroup<TesseraRequestContext> {
        router.group().add(middleware: SessionMiddleware(store: SessionStore(database: database)))
    }

    static func join(_ base: String, _ suffix: String) -> String {
        (base.hasSuffix("/") ? base : base + "/") + suffix
    }
}
