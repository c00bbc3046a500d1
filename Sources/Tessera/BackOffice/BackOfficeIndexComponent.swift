// MARK: - BackOfficeIndexComponent

/// The back office's first page (template `Tessera/BackOfficeIndex`): its record types, each a
/// link to its list.
@Component
struct BackOfficeIndexComponent {
    static var template: String? { "Tessera/BackOfficeIndex" }

    let office: BackOffice

    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        Model(types: office.entries.map { Kind(label: $0.label, url: office.url(BackOfficeListScene.self, $0.slug)) })
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
