import Hummingbird

// MARK: - Mounting

extension Site {
    /// Mounts `scene`'s routes on `router`, all from its declarations:
    ///
    /// - `GET <path>`: the page (and `HEAD`, its headers);
    /// - `GET <path>/_/:component`: any component's fragment (and `HEAD`);
    /// - `POST <path>/<action path>` for each action of each component type of its
    ///   ``Scene/composition`` and of the layout's (``SiteConfiguration/layoutComposition``;
    ///   action paths are relative to the scene).
    public func mount(_ scene: Scene.Type, on router: some RouterMethods<TesseraRequestContext>) {
        mount(ScenePlan(scene, layoutComposition: configuration.layoutComposition), on: router)
    }

    /// Mounts the routes of `plan` on `router`.
    func mount(_ plan: ScenePlan, on router: some RouterMethods<TesseraRequestContext>) {
        let pipeline = RequestPipeline(site: self, plan: plan)
        router.get(RouterPath(plan.path)) { request, context in try await pipeline.respond(to: request, context, .page) }
        router.head(RouterPath(plan.path)) { request, context in try await pipeline.respond(to: request, context, .page).createHeadResponse() }
        let fragment = RouterPath(plan.fragmentPath)
        router.get(fragment) { request, context in try await pipeline.respond(to: request, context, .fragment(RequestPipeline.componentID(in: context))) }
        router.head(fragment) { request, context in
            try await pipeline.respond(to: request, context, .fragment(RequestPipeline.componentID(in: context))).createHeadResponse()
        }
        for action in plan.actions {
            router.post(RouterPath(action.path)) { request, context in try await pipeline.respond(to: request, context, .action(action)) }
        }
    }

    /// Mounts `GET /_tessera/live` (``LiveStream``): the event stream a page with live
    /// components follows. Its renders go through the app's own router, which the hub is handed
    /// once the router is built (``LiveHub/attach(_:)``), so each passes every guard and
    /// middleware a fragment does.
    ///
    /// Mount it before ``addMiddleware(to:)``: the stream itself passes through none, and opens
    /// in a synchronous handler. A stream stays open as long as its page, and its task keeps the
    /// memory its deepest call ever took; the middleware chain would double what an open page
    /// costs. So it writes its own log line, refuses a bad request with a plain-text 400 naming
    /// the fault (an `EventSource` shows no page), and reads the viewer's session from its cookie
    /// (used only to match the tab's own actions; see ``LiveInboxes``).
    func mountLiveStreams(on router: some RouterMethods<TesseraRequestContext>) {
        let (hub, logger) = (liveHub, self.logger)
        let (clientAddressHeader, secure) = (configuration.clientAddressHeader, configuration.usesTLS)
        let open: @Sendable (Request, TesseraRequestContext) throws -> Response = { request, context in
            let stream: LiveStream
            do {
                stream = try LiveStream(
                    request, remoteAddress: context.remoteAddress, sessionID: SessionMiddleware.sessionID(in: request, secure: secure) ?? "",
                    clientAddressHeader: clientAddressHeader)
            } catch {
                logger.info("GET \(LiveStream.path) \((error as? RequestError)?.status.code ?? 400): \(error)")
                throw error
            }
            logger.info("GET \(LiveStream.path) 200: following \(stream.fragments.count)")
            var headers: HTTPFields = [.contentType: "text/event-stream", .cacheControl: "no-store"]
            headers[LiveStream.proxyBuffering] = "no"
            return Response(status: .ok, headers: headers, body: ResponseBody { writer in
                try await stream.run(on: hub, into: &writer)
                try await writer.finish(nil)
            })
        }
        router.get(RouterPath(LiveStream.path)) { request, context in try open(request, context) }
    }

    /// The standard middleware, outermost first: a log line per request, `304`s for pages the
    /// client already has (`ConditionalGetMiddleware`), security headers
    /// (with HSTS when ``SiteConfiguration/usesTLS``), gzip for public text responses
    /// (`CompressionMiddleware`, unless ``SiteConfiguration/compressesResponses`` is off),
    /// error pages, static files from the public folder, then a look at what other processes
    /// committed (`DatabaseFreshnessMiddleware`). Add it before any route: Hummingbird wraps each route with the
    /// middleware present when it is added.
    public func addMiddleware(to router: Router<TesseraRequestContext>) {
        router.add(middleware: RequestLogMiddleware<TesseraRequestContext>(logger: logger))
        router.add(middleware: ConditionalGetMiddleware<TesseraRequestContext>())
        router.add(middleware: SecurityHeadersMiddleware<TesseraRequestContext>(strictTransportSecurity: configuration.usesTLS))
        if configuration.compressesResponses { router.add(middleware: CompressionMiddleware<TesseraRequestContext>()) }
        router.add(middleware: ErrorPageMiddleware(site: self))
        router.add(middleware: StaticFileMiddleware(files: staticFiles))
        // On PostgreSQL every statement reads what is committed: the look matters only to
        // reused fragments, so without them it would be a round trip for nothing.
        if database.dialect == .sqlite || fragmentCache != nil {
            router.add(middleware: DatabaseFreshnessMiddleware<TesseraRequestContext>(database: database))
        }
    }

    /// A group of `router` whose routes have sessions (and so CSRF tokens). Mount every scene
    /// with forms or a signed-in view here; stateless pages (`/fortunes`) may stay outside it.
    /// Reading a page here writes nothing (see `SessionMiddleware`).
    public func sessionRoutes(on router: Router<TesseraRequestContext>) -> RouterGroup<TesseraRequestContext> {
        router.group().add(
            middleware: SessionMiddleware(store: SessionStore(database: database, members: memberAccounts), tokens: csrfTokens, secure: configuration.usesTLS))
    }

    /// `base` and `suffix` with one `/` between them; `base` alone for an empty suffix.
    static func join(_ base: String, _ suffix: String) -> String {
        suffix.isEmpty ? base : (base.hasSuffix("/") ? base : base + "/") + suffix
    }
}
