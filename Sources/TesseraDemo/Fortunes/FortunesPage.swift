import Tessera

// MARK: - FortunesPage

/// The Fortunes page's template and model, shared by ``FortunesScene`` and the benchmark so
/// both render through the same data source and cell.
public enum FortunesPage {
    /// The page's template.
    public static let template = "Fortunes/FortunesScene"

    /// The page's model: the rows as an ``ArrayDataSource`` drawn by ``FortuneCell``.
    public static func model(_ fortunes: [Fortune]) -> FortunesPageModel {
        FortunesPageModel(rows: ArrayDataSource(items: fortunes, cell: FortuneCell()))
    }

    /// The sorted rows of the benchmark, made in memory (for the benchmark and tests).
    public static func sampleFortunes() -> [Fortune] {
        var fortunes = FortuneStore.seed.enumerated().map { Fortune(id: $0.offset + 1, message: $0.element) }
        fortunes.append(.additional)
        return fortunes.sorted { $0.message < $1.message }
    }
}

// MARK: - FortunesPageModel

/// The page's one value: `rows`.
@TemplateModel
public struct FortunesPageModel {
    let rows: ArrayDataSource<FortuneCell>
}
