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
    package func mount(_ scene: Scene.Type, on router: some RouterMethods<TesseraRequestContext>) {
        mount(ScenePlan(scene, layoutComposition: configuration.layoutComposition), on: router)
    }

    /// Mounts the routes of `plan` on `router`.
    func mount(_ plan: ScenePlan, on router: some RouterMethods<TesseraRequestContext>) {
        let pipeline = RequestPipeline(site: self, plan: plan)
        liveHub.routes.add(plan)
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

    /// Mounts `GET /_tessera/live` (`LiveStream`): the event stream a page with live
    /// components follows. Its renders go through the app's own router, which the hub is handed
    /// once the router is built (`LiveHub.attach`), so each passes every guard and
    /// middleware a fragment does.
    ///
    /// Mount it before ``addMiddleware(to:)``: the stream itself passes through none. A stream
    /// stays open as long as its page, and its task keeps the memory its deepest call ever took;
    /// the middleware chain would double what an open page costs. So it writes its own log line,
    /// refuses a bad request with a plain-text 400 naming the fault (an `EventSource` shows no
    /// page) and a viewer past their share of streams with a 429 (``LiveStreamBudget``), and
    /// reads the viewer's session from its cookie itself (``liveViewer(of:_:session:)``).
    func mountLiveStreams(on router: some RouterMethods<TesseraRequestContext>) {
        let (hub, logger, database) = (liveHub, self.logger, self.database)
        let secure = configuration.usesTLS
        let open: @Sendable (Request, TesseraRequestContext, Session?) throws -> Response = { [self] request, context, session in
            let stream: LiveStream
            do {
                stream = try LiveStream(
                    request, routes: hub.routes, remoteAddress: context.remoteAddress, sessionID: session?.id ?? "",
                    clientAddressHeader: configuration.clientAddressHeader)
            } catch {
                logger.info("GET \(LiveStream.path) \((error as? RequestError)?.status.code ?? 400): \(error)")
                throw error
            }
            let viewer = liveViewer(of: request, context, session: session)
            guard hub.budget.claim(viewer.holder) else {
                logger.info("GET \(LiveStream.path) 429: \(viewer.holder.viewer) holds its share of live streams")
                return Response(
                    status: .tooManyRequests, headers: [.contentType: "text/plain; charset=utf-8", .retryAfter: "30"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: "Too many live pages are open: close a tab, or wait.\n")))
            }
            logger.info("GET \(LiveStream.path) 200: following \(stream.targets.count)")
            let exit = StreamExit()
            exit.watch(context.connectionClosed)
            var headers: HTTPFields = [.contentType: "text/event-stream", .cacheControl: "no-store"]
            headers[LiveStream.proxyBuffering] = "no"
            return Response(status: .ok, headers: headers, body: ResponseBody { writer in
                defer { hub.budget.release(viewer.holder) }
                try await stream.run(on: hub, for: viewer, exit: exit, into: &writer)
                try await writer.finish(nil)
            })
        }
        // Opened in a synchronous function, the session read (with a session cookie only) in a
        // function of its own: an open stream's task keeps the memory its frames ever took, and
        // a route closure that awaited with the request and its context in hand would cost every
        // open page a frame that size.
        router.get(RouterPath(LiveStream.path)) { request, context in
            guard let id = SessionMiddleware.sessionID(in: request, secure: secure) else { return try open(request, context, nil) }
            return try await Self.openingWithSession(id, in: database, request, context, open)
        }
    }

    /// Reads the session `id` names, then opens the stream with it (``mountLiveStreams(on:)``).
    private static func openingWithSession(
        _ id: String, in database: TesseraDatabase, _ request: Request, _ context: TesseraRequestContext,
        _ open: (Request, TesseraRequestContext, Session?) throws -> Response
    ) async throws -> Response {
        try open(request, context, try await SessionStore(database: database).find(id))
    }

    /// Who a live stream's `request` is for: the member its stored `session` is signed in as, or a
    /// visitor (known by their stored session, their signed `tessera_csrf` nonce, or else their
    /// address).
    func liveViewer(of request: Request, _ context: TesseraRequestContext, session: Session?) -> LiveStream.Viewer {
        let secure = configuration.usesTLS
        let address = ClientAddress.subject(
            headers: request.headers, peer: context.remoteAddress?.ipAddress, header: configuration.clientAddressHeader)
        if let session {
            if let userID = session.userID {
                return LiveStream.Viewer(
                    userID: userID, csrfToken: session.csrfToken, holder: LiveStreamBudget.Holder(viewer: "member \(userID)", address: nil))
            }
            return LiveStream.Viewer(
                userID: nil, csrfToken: session.csrfToken,
                holder: LiveStreamBudget.Holder(viewer: "session " + SessionStore.storedKey(session.id), address: address))
        }
        if let nonce = request.cookieValue(SessionMiddleware.cookieName(CSRFTokens.cookieName, secure: secure)), csrfTokens.isIssued(nonce) {
            return LiveStream.Viewer(
                userID: nil, csrfToken: csrfTokens.token(forNonce: nonce), holder: LiveStreamBudget.Holder(viewer: "visitor " + nonce, address: address))
        }
        return LiveStream.Viewer(userID: nil, csrfToken: "", holder: LiveStreamBudget.Holder(viewer: "from " + address, address: address))
    }

    /// The standard middleware, outermost first: `Connection: close` on every answer while the
    /// process drains (`DrainingMiddleware`), a log line per request, the request's metrics and
    /// span when either is on (`TelemetryMiddleware`), `304`s for pages the
    /// client already has (`ConditionalGetMiddleware`), security headers
    /// (with HSTS when ``SiteConfiguration/usesTLS``), gzip for public text responses
    /// (`CompressionMiddleware`, unless ``SiteConfiguration/compressesResponses`` is off),
    /// error pages, static files from the public folder, then a look at what other processes
    /// committed (`DatabaseFreshnessMiddleware`). Add it before any route: Hummingbird wraps each route with the
    /// middleware present when it is added.
    package func addMiddleware(to router: Router<TesseraRequestContext>) {
        router.add(middleware: DrainingMiddleware<TesseraRequestContext>(health: health))
        router.add(middleware: RequestLogMiddleware<TesseraRequestContext>(logger: logger, format: configuration.logFormat, reporter: errorReporting))
        if let telemetry { router.add(middleware: TelemetryMiddleware<TesseraRequestContext>(telemetry: telemetry)) }
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
    package func sessionRoutes(on router: Router<TesseraRequestContext>) -> RouterGroup<TesseraRequestContext> {
        router.group().add(
            middleware: SessionMiddleware(store: SessionStore(database: database, members: memberAccounts), tokens: csrfTokens, secure: configuration.usesTLS))
    }

    /// `base` and `suffix` with one `/` between them; `base` alone for an empty suffix.
    static func join(_ base: String, _ suffix: String) -> String {
        suffix.isEmpty ? base : (base.hasSuffix("/") ? base : base + "/") + suffix
    }
}
