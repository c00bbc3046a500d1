// MARK: - AssetURLs

/// The `assets` template global: `{{assets.css/app.css}}` is the fingerprinted URL of
/// `Public/css/app.css` (`/css/app.<hash>.css`), cached by browsers for a year.
///
/// Mustache splits names at dots, so the lookup walks the parts: `css/app` names no file but
/// starts one, so it answers a nested level that completes `css/app` + `.css`. A name that is
/// no file gives nothing (an empty URL). The levels are built once per scan of the files
/// (``AssetNames``), so a page's asset URLs cost one dictionary lookup per part.
struct AssetURLs: ViewModel {
    let files: StaticFiles

    func value(forKey key: String) -> TemplateValue? {
        files.assetNames.value(forKey: key)
    }
}

// MARK: - AssetNames

/// One level of the `assets` names: each next dot-separated part of a file's URL path (without
/// its leading `/`), answering the file's fingerprinted URL where the path ends, or the next
/// level where it goes on. Where a path both ends and goes on (`app.css` beside `app.css.map`),
/// the file wins, as a file's own name should.
final class AssetNames: ViewModel, Sendable {
    private enum Entry: Sendable {
        case url(String)
        case level(AssetNames)
    }

    private let entries: [String: Entry]

    /// The levels for `urls`: each file's URL path (leading `/`) and the URL to answer for it.
    convenience init(urls: [(path: String, url: String)]) {
        self.init(parts: urls.map { (Array($0.path.dropFirst().split(separator: ".", omittingEmptySubsequences: false))[...], $0.url) })
    }

    private init(parts: [(rest: ArraySlice<Substring>, url: String)]) {
        var files: [String: String] = [:]
        var longer: [String: [(rest: ArraySlice<Substring>, url: String)]] = [:]
        for (rest, url) in parts {
            guard let head = rest.first.map(String.init) else { continue }
            if rest.count == 1 { files[head] = url } else { longer[head, default: []].append((rest.dropFirst(), url)) }
        }
        var entries = longer.mapValues { Entry.level(AssetNames(parts: $0)) }
        for (name, url) in files { entries[name] = .url(url) }
        self.entries = entries
    }

    /// The URL or next level for `key`; `.null` (not nil: the lookup ends here) for no file.
    func value(forKey key: String) -> TemplateValue? {
        switch entries[key] {
        case .url(let url): .string(url)
        case .level(let level): .object(level)
        case nil: .null
        }
    }
}
