// MARK: - TemplateModel

/// A view model with declared keys: what its template may read, each with its shape, so that
/// start-up and `tessera validate` check every key a template reads against the Swift type.
///
/// Declare each key once, with the closure that reads it; the key's shape comes from the
/// closure's Swift type (``TemplateReadable``). `value(forKey:)` is provided: it walks the
/// table (a few string comparisons, like a `switch`; no reflection, no dictionary, nothing
/// allocated).
///
/// ```swift
/// struct FortuneCellModel: TemplateModel {
///     let id: Int
///     let message: String
///     static let templateKeys: [TemplateKey<Self>] = [
///         TemplateKey("id") { $0.id },
///         TemplateKey("message") { $0.message },
///     ]
/// }
/// ```
///
/// A model may keep private stored properties and compute its keys lazily in the closures
/// (a cell model holding its item). A model without values uses ``EmptyModel``.
///
/// A hand-written conformance stays possible: implement `value(forKey:)` yourself (say, a
/// `switch`) and still declare `templateKeys` for the checks; each key your `value(forKey:)`
/// answers must be in the table, or the checker will refuse templates that read it.
public protocol TemplateModel: ViewModel, TemplateReadable {
    /// The keys templates may read, in order, with how to read them.
    static var templateKeys: [TemplateKey<Self>] { get }
}

extension TemplateModel {
    /// The value of the declared key `key`, or nil (the lookup goes on outwards). Names of
    /// another length are passed over without comparing them.
    @inlinable
    public func value(forKey key: String) -> TemplateValue? {
        let length = key.utf8.count
        return Self.templateKeys.withUnsafeBufferPointer { keys in
            var index = 0
            while index < keys.count {
                if keys[index].name.utf8.count == length, keys[index].name == key { return keys[index].read(self) }
                index += 1
            }
            return nil
        }
    }

    /// A nested model: sections push it, dotted names read into it.
    public static var templateShape: TemplateShape { .model(Self.self) }
    /// `.object(self)`.
    @inlinable
    public var templateValue: TemplateValue { .object(self) }

    /// The declared keys' names and shapes, for the checker.
    package static var declaredKeys: [(name: String, shape: TemplateShape)] { templateKeys.map { ($0.name, $0.shape) } }
}

// MARK: - TemplateKey

/// One key of a ``TemplateModel``: its name, its shape, and how to read it.
public struct TemplateKey<Model>: Sendable {
    /// The name templates use.
    public let name: String
    /// The Swift type the key reads, whose shape the checker uses (a metatype: copying a key
    /// while rendering retains nothing for it).
    @usableFromInline let type: any TemplateReadable.Type
    /// What the key holds, for the checker.
    public var shape: TemplateShape { type.templateShape }
    /// Reads the value from a model.
    public let read: @Sendable (Model) -> TemplateValue

    /// The key `name`, read by `read`; its shape comes from `Value`'s ``TemplateReadable``.
    @inlinable
    public init<Value: TemplateReadable>(_ name: String, _ read: @escaping @Sendable (Model) -> Value) {
        self.name = name
        self.type = Value.self
        self.read = { read($0).templateValue }
    }

    /// The key `name` holding rendered markup of a type known only at run time (a component,
    /// a fragment): written in place, never checked inside.
    @inlinable
    public static func markup(_ name: String, _ read: @escaping @Sendable (Model) -> any HTMLFragment) -> TemplateKey {
        TemplateKey(name: name, type: OpaqueMarkup.self, read: { .fragment(read($0)) })
    }

    /// The keys of the model `read` returns, offered as this model's own (a pager's keys in a
    /// list's model, so a shared partial reads them directly).
    @inlinable
    public static func including<Inner: TemplateModel>(_ read: @escaping @Sendable (Model) -> Inner) -> [TemplateKey] {
        Inner.templateKeys.map { key in TemplateKey(name: key.name, type: key.type, read: { key.read(read($0)) }) }
    }

    @usableFromInline
    init(name: String, type: any TemplateReadable.Type, read: @escaping @Sendable (Model) -> TemplateValue) {
        self.name = name
        self.type = type
        self.read = read
    }
}

// MARK: - OpaqueMarkup

/// The type of a key holding markup whose type is known only at run time.
@usableFromInline
enum OpaqueMarkup: TemplateReadable {
    @usableFromInline static var templateShape: TemplateShape { .markup([]) }
    @usableFromInline var templateValue: TemplateValue { .null }
}

// MARK: - EmptyModel

/// The model of a template that reads no values of its own (only built-ins and globals).
public struct EmptyModel: TemplateModel, Sendable {
    /// No keys.
    public static let templateKeys: [TemplateKey<EmptyModel>] = []
    /// The empty model.
    public init() {}
}
