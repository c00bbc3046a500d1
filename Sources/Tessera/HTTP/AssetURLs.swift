// MARK: - AssetURLs

/// The `assets` template global: `{{assets.css/app.css}}` is the fingerprinted URL of
/// `Public/css/app.css` (`/css/app.<hash>.css`), cached by browsers for a year.
///
/// Mustache splits names at dots, so the lookup walks the parts: `css/app` names no file but
/// starts one, so it answers a nested model that completes `css/app` + `.css`. A name that is
/// no file gives nothing (an empty URL).
struct AssetURLs: ViewModel {
    let files: StaticFiles
    /// The parts seen so far, joined by dots (empty at the top).
    var prefix = ""

    func value(forKey key: String) -> TemplateValue? {
        let path = "/" + (prefix.isEmpty ? key : prefix + "." + key)
        if let url = files.url(for: path) { return .string(url) }
        guard files.hasPaths(startingWith: path + ".") else { return .null }
        return .object(AssetURLs(files: files, prefix: String(path.dropFirst())))
    }
}
