// MARK: - BackOfficeIndexComponent

/// The back office's first page (template `Tessera/BackOfficeIndex`): its record types, each a
/// link to its list.
@Component
struct BackOfficeIndexComponent {
    static var template: String? { "Tessera/BackOfficeIndex" }

    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        let entries = scope.site.configuration.backOffice?.entries ?? []
        return Model(types: entries.map { Kind(label: $0.label, url: BackOfficeListScene.link($0.slug)) })
    }

    /// What `Tessera/BackOfficeIndex` reads.
    @TemplateModel
    struct Model {
        let types: [Kind]
        var isEmpty: Bool { types.isEmpty }
    }

    /// A record type, as a link.
    @TemplateModel
    struct Kind {
        let label: String
        let url: String
    }
}
