import Logging
import NIOCore
import NIOHTTPTypes

// MARK: - ConnectionGuard

/// One connection's guard, in its pipeline after the HTTP decoder (Hummingbird's
/// `additionalChannelHandlers`):
///
/// - **the cap:** when the connection becomes active it is admitted into the server's
///   ``OpenConnections``, or, with the cap reached, closed at once (nothing is written: the
///   client sees the connection end) while the open ones go on being served;
/// - **the head deadline:** a request head must arrive whole within `headDeadline` of the
///   connection's opening, or of the end of its last response being written. The deadline is
///   not moved by the bytes of a head trickling in, only by a whole head; while a request is
///   answered (and its body read, which Hummingbird's idle timeout bounds) none runs. A
///   connection whose head is late is closed.
/// - **a stream's end:** while an event stream (`text/event-stream`, a live page) is answered,
///   a client that stops sending (its end of the connection closed) has left: the connection
///   is closed at once, so the stream's work ends with it (`StreamExit`) rather than at its
///   next write.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let connections: OpenConnections
    private let headDeadline: TimeAmount
    private let logger: Logger
    private var admitted = false
    /// Heads read whose response's end has not been written yet (more than one when pipelined).
    private var unanswered = 0
    private var deadline: Scheduled<Void>?
    /// Whether the response being written is an event stream.
    private var streaming = false

    /// A guard counting into `connections`, closing a connection whose head is `headDeadline`
    /// late; refusals and late heads are logged to `logger`.
    init(connections: OpenConnections, headDeadline: TimeAmount, logger: Logger) {
        self.connections = connections
        self.headDeadline = headDeadline
        self.logger = logger
    }

    // MARK: - Opening and closing

    func channelActive(context: ChannelHandlerContext) {
        guard connections.admit() else {
            report(connections.refused(now: NIODeadline.now().uptimeNanoseconds))
            context.close(promise: nil)
            return
        }
        admitted = true
        startDeadline(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        release()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        release()
    }

    /// Cancels the deadline and gives the connection's place back, once.
    private func release() {
        deadline?.cancel()
        deadline = nil
        if admitted {
            admitted = false
            connections.release()
            report(connections.dueReport(now: NIODeadline.now().uptimeNanoseconds))
        }
    }

    /// Logs `refused` connections closed at the cap since the last report, if any.
    private func report(_ refused: Int?) {
        guard let refused, refused > 0 else { return }
        logger.warning(
            "at the cap of \(connections.cap) open connections, closed \(refused) new connection\(refused == 1 ? "" : "s") at once since the last report (--max-connections)"
        )
    }

    // MARK: - The head deadline

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) {
            unanswered += 1
            deadline?.cancel()
            deadline = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head):
            streaming = head.headerFields[.contentType]?.hasPrefix("text/event-stream") == true
        case .end:
            streaming = false
            unanswered = max(0, unanswered - 1)
            if unanswered == 0, admitted { startDeadline(context) }
        case .body: break
        }
        context.write(data, promise: promise)
    }

    // MARK: - A stream's end

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if streaming, let event = event as? ChannelEvent, event == .inputClosed {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    /// Closes the connection `headDeadline` from now unless a head arrives first.
    private func startDeadline(_ context: ChannelHandlerContext) {
        deadline?.cancel()
        let loopBound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: headDeadline) {
            let (handler, context) = loopBound.value
            handler.deadline = nil
            handler.logger.debug("closing a connection whose request head did not arrive in time")
            context.close(promise: nil)
        }
    }
}

@available(*, unavailable)
extension ConnectionGuard: Sendable {}
