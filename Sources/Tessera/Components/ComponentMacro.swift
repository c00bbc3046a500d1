// MARK: - @Component

/// Makes a type a ``Component`` whose actions and kinds of child are each declared once, as
/// `static let`s:
///
/// ```swift
/// @Component
/// struct ShelfComponent {
///     static let finish = Action("finish", path: "books/:book/finish", ShelfComponent.finish)
///     static let cover = ChildSlot("cover") { (shelf: ShelfComponent, bookID: Int64) in CoverComponent(bookID: bookID) }
///     …
/// }
/// ```
///
/// Every `static let` made by `Action(…)` is one of its ``Component/actions``, in order (each a
/// route of every scene holding the component); every one made by `ChildSlot(…)` is one of its
/// ``Component/children``. Every cell renderer a data source's closure in its body lists
/// (`SectionedDataSource(sections: …) { BookCell(…) }`) is one of its ``Component/cellTypes``, whose templates start-up
/// checks. The macro writes the lists in an extension, unless the type declares them itself.
@attached(extension, conformances: Component, names: named(actions), named(children), named(cellTypes))
public macro Component() = #externalMacro(module: "TesseraMacros", type: "ComponentMacro")
