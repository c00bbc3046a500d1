import Foundation

// MARK: - AppSources

/// Where an app's sources are, found from the package's folder (where `generate` runs, as
/// `swift run App generate …` does): the file declaring the app's type and its target's folder.
struct AppSources {
    /// The package's folder.
    let root: String
    /// The file declaring the app, relative to `root`: `Sources/BookClub/BookClubApp.swift`.
    let appFile: String
    /// The app's target, its sources' folder under `Sources/`: `BookClub`.
    let module: String
    /// The app's type: `BookClubApp`.
    let appType: String

    /// The sources of `App` in the package at `root`.
    static func find<App>(_ app: App.Type, in root: String) throws(GenerateError) -> AppSources {
        let root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        let appType = String(describing: App.self)
        guard FileManager.default.fileExists(atPath: root + "/Package.swift") else {
            throw GenerateError("run generate in the app's package folder, the one holding Package.swift (swift run \(appType.dropLastApp) generate …)")
        }
        guard let found = TypeLocator.file(declaring: appType, under: root + "/Sources") else {
            throw GenerateError("no file under \(root)/Sources declares \(appType)")
        }
        let file = "Sources" + found.dropFirst(root.count + "/Sources".count)
        let parts = file.split(separator: "/")
        guard parts.count >= 3 else { throw GenerateError("\(file) is not in a target's folder under Sources/") }
        return AppSources(root: root, appFile: file, module: String(parts[1]), appType: appType)
    }

    /// `path`, relative to the package, as a path from the working directory.
    func absolute(_ path: String) -> String { root == "." ? path : root + "/" + path }
}

extension String {
    /// `BookClubApp` → `BookClub`: the executable an app's type is usually named after.
    fileprivate var dropLastApp: String { hasSuffix("App") ? String(dropLast(3)) : self }
}
