// MARK: - DevOverlay

/// The dev overlay's figures on each component's root element, in development mode only:
/// `data-tessera-ms` (its load time), `data-tessera-sql` (the statements its `load` ran) and
/// `data-tessera-budget` (its type's ``Component/queryBudget``) — the figures the request
/// log has. The client script shows them when the overlay is toggled on; app templates need no
/// change, and a production page carries none of them.
enum DevOverlay {
    /// Writes the attributes, starting by closing the attribute `writer` is inside and leaving
    /// the last one's value open (the way component root writes its root).
    static func writeAttributes(of component: MountedComponent, into writer: inout HTMLWriter) {
        writer.writeRaw("\" data-tessera-ms=\"")
        writer.writeEscaped(RequestLogMiddleware<TesseraRequestContext>.milliseconds(component.loadDuration))
        writer.writeRaw("\" data-tessera-sql=\"")
        writer.writeEscaped(String(component.queryCount))
        writer.writeRaw("\" data-tessera-budget=\"")
        writer.writeEscaped(String(component.type.queryBudget))
    }
}
