// MARK: - @SQLRecord

/// Makes a struct an ``SQLRecord`` whose columns are its stored properties, each named once:
///
/// ```swift
/// @SQLRecord
/// struct Book: Sendable {
///     var id: Int64
///     var title: String
///     var author: String
/// }
///
/// let books = try await db.fetchAll(Book.self, "SELECT \(Book.columns) FROM book ORDER BY title")
/// ```
///
/// Every stored instance property declared in the struct's body is a column of the same name,
/// in order (a `let` with a value is not: no row can set it); computed properties are not. The
/// macro writes ``SQLRecord/columnNames`` and an ``SQLRecord/init(row:)`` reading them by
/// position, in an extension, so the struct keeps its memberwise initializer.
@attached(extension, conformances: SQLRecord, names: named(columnNames), named(init(row:)))
public macro SQLRecord() = #externalMacro(module: "TesseraMacros", type: "SQLRecordMacro")
