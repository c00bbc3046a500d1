// MARK: - @TemplateModel

/// Makes a type a ``TemplateModel`` whose keys are its properties: each key is named once, by
/// the property that holds or computes it.
///
/// ```swift
/// @TemplateModel
/// struct Model {
///     let title: String
///     let books: [BookCellModel]
///     var isEmpty: Bool { books.isEmpty }
/// }
/// ```
///
/// Every instance property declared in the type's body, stored or computed, becomes a key of
/// the same name, in order, with its shape taken from its Swift type; `private` and
/// `fileprivate` properties, and those marked ``TemplateIgnored()``, are kept for Swift alone. A
/// property typed `any HTMLFragment` is markup (a component or fragment written in place). The
/// macro writes ``TemplateModel/templateKeys`` (what start-up and `tessera validate` check
/// templates against) and a `value(forKey:)` answering with a `switch`; properties added in
/// extensions are not keys.
@attached(member, names: named(templateKeys), named(value))
@attached(extension, conformances: TemplateModel)
public macro TemplateModel() = #externalMacro(module: "TesseraMacros", type: "TemplateModelMacro")

// MARK: - @TemplateIgnored

/// Keeps a property of a ``TemplateModel()`` type out of its template keys, without making it
/// private.
@attached(peer)
public macro TemplateIgnored() = #externalMacro(module: "TesseraMacros", type: "TemplatePropertyMark")

// MARK: - @TemplateIncluded

/// Offers the keys of a property holding a ``TemplateModel`` as its ``TemplateModel()`` type's
/// own (a pager's keys in a list's model, so a shared partial reads them directly). The
/// property itself is not a key.
@attached(peer)
public macro TemplateIncluded() = #externalMacro(module: "TesseraMacros", type: "TemplatePropertyMark")
