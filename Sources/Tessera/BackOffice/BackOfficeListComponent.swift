// MARK: - BackOfficeListComponent

/// A page of a record type's list (template `Tessera/BackOfficeList`): a search over its text
/// columns (`?q=`), a filter per boolean column and per other optional column (whether it holds
/// a value), 25 rows a page (`?page=`) in key order, each
/// linking to its record. Live: another admin's change appears on an open list.
@Component
struct BackOfficeListComponent {
    static var template: String? { "Tessera/BackOfficeList" }
    static var live: Bool { true }

    let office: BackOffice
    let entry: BackOfficeEntry

    func load(_ scope: ComponentScope<Self>) async throws -> Model {
        let filter = try BackOfficeFilter(scope.query, entry: entry)
        let page: Int
        do {
            page = try scope.query.int("page", default: 1, in: 1...Pagination.maxPage)
        } catch {
            throw RequestError.badRequest("There is no such page of this list. Start again from its first page.")
        }
        let size = BackOffice.pageSize
        let (total, records) = try await scope.database.read { db in
            let store = BackOfficeStore(entry: entry, db: db)
            return (try await store.count(filter), try await store.rows(filter, offset: (page - 1) * size, limit: size))
        }
        let pages = max(1, (total + size - 1) / size)
        let listURL = office.url(BackOfficeListScene.self, entry.slug)
        func pageURL(_ number: Int) -> String {
            listURL + URLQuery.encode(filter.query + (number == 1 ? [] : [("page", String(number))]))
        }
        let columns = entry.listedColumns
        return Model(
            label: entry.label, indexURL: office.path, newURL: office.url(BackOfficeNewScene.self, entry.slug), listURL: listURL,
            search: entry.searchedColumns.isEmpty
                ? nil
                : FormField(
                    TextField("q", maxScalars: BackOfficeFilter.maxSearch), label: "Search", type: "search", value: filter.search ?? "",
                    required: false, idPrefix: "back-office-"),
            filters: entry.filteredColumns.map { column in
                FormField.select(
                    column.name, label: BackOfficeLabels.label(of: column), choices: [FormChoice("true", label: "Yes"), FormChoice("false", label: "No")],
                    selected: filter.flags.first { $0.0 == column.name }.map { $0.1 ? "true" : "false" }, prompt: "Any", required: false,
                    idPrefix: "back-office-filter-")
            }
                + entry.presenceColumns.map { column in
                    FormField.select(
                        column.name, label: BackOfficeLabels.label(of: column),
                        choices: [FormChoice(BackOfficeFilter.set, label: "Filled in"), FormChoice(BackOfficeFilter.empty, label: "Empty")],
                        selected: filter.presence.first { $0.0 == column.name }.map { $0.1 ? BackOfficeFilter.set : BackOfficeFilter.empty },
                        prompt: "Any", required: false, idPrefix: "back-office-filter-")
                },
            headers: columns.map { BackOfficeLabels.label(of: $0) },
            rows: records.map { record in
                Row(
                    id: "record-" + record.keyText, url: office.url(BackOfficeRecordScene.self, entry.slug, record.keyText),
                    title: BackOfficeValues.shown(record[columns[0].name]),
                    cells: columns.dropFirst().map { BackOfficeValues.shown(record[$0.name]) })
            },
            total: total, position: "Page \(page) of \(pages)",
            previousURL: page > 1 ? pageURL(min(page - 1, pages)) : nil, nextURL: page < pages ? pageURL(page + 1) : nil,
            query: filter.query + (page == 1 ? [] : [("page", String(page))]))
    }

    func fragmentQuery(for model: Model) -> [(String, String)] { model.query.map { ($0.name, $0.value) } }

    /// What `Tessera/BackOfficeList` reads.
    @TemplateModel
    struct Model {
        let label: String
        let indexURL: String
        let newURL: String
        let listURL: String
        let search: FormField?
        let filters: [FormField]
        let headers: [String]
        let rows: [Row]
        let total: Int
        let position: String
        let previousURL: String?
        let nextURL: String?
        @TemplateIgnored let query: [Pagination.QueryItem]
        var isEmpty: Bool { rows.isEmpty }
        var hasSearch: Bool { search != nil || !filters.isEmpty }

        init(
            label: String, indexURL: String, newURL: String, listURL: String, search: FormField?, filters: [FormField], headers: [String], rows: [Row],
            total: Int, position: String, previousURL: String?, nextURL: String?, query: [(String, String)]
        ) {
            self.label = label
            self.indexURL = indexURL
            self.newURL = newURL
            self.listURL = listURL
            self.search = search
            self.filters = filters
            self.headers = headers
            self.rows = rows
            self.total = total
            self.position = position
            self.previousURL = previousURL
            self.nextURL = nextURL
            self.query = Pagination(otherItems: query).otherItems
        }
    }

    /// A record's row: its key (a link to its page) and its other listed values.
    @TemplateModel
    struct Row {
        let id: String
        let url: String
        let title: String
        let cells: [String]
    }
}
