// MARK: - DevOverlay

/// The development overlay's figures on a component's root element: how long its `load` took,
/// the statements it ran, and its budget (``Component/queryBudget``).
enum DevOverlay {
    /// Writes `figures` and `budget` as `data-tessera-*` attributes, inside the open tag.
    static func writeAttributes(_ figures: LoadFigures, budget: Int, into writer: inout HTMLWriter) {
        writer.writeRaw("\" data-tessera-ms=\"")
        writer.writeEscaped(RequestLogMiddleware<TesseraRequestContext>.milliseconds(figures.duration))
        writer.writeRaw("\" data-tessera-sql=\"")
        writer.writeEscaped(String(figures.queries))
        writer.writeRaw("\" data-tessera-budget=\"")
        writer.writeEscaped(String(budget))
    }
}
