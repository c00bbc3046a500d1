// MARK: - SceneViewModel

/// What a scene's template reads: its own model, plus `components` by id.
struct SceneViewModel: ViewModel {
    let model: any ViewModel
    let components: [LoadedComponent]

    func value(forKey key: String) -> TemplateValue? {
        if let value = model.value(forKey: key) { return value }
        return key == "components" ? .object(ComponentMap(components: components)) : nil
    }
}

// MARK: - LayoutViewModel

/// What a layout reads: `title`, `documentTitle` (the title, then the site's name unless the
/// title is that name), `bodyClass`, `content` (the scene's body, written in place), and the
/// site's globals below it.
struct LayoutViewModel: TemplateModel {
    let head: PageHead
    let content: any HTMLFragment
    let siteName: String

    init(head: PageHead, content: any HTMLFragment, siteName: String = "") {
        self.head = head
        self.content = content
        self.siteName = siteName
    }

    static let templateKeys: [TemplateKey<LayoutViewModel>] = [
        TemplateKey("title") { $0.head.title },
        TemplateKey("documentTitle") { model in
            model.siteName.isEmpty || model.head.title == model.siteName
                ? model.head.title : model.head.title + " · " + model.siteName
        },
        TemplateKey("bodyClass") { $0.head.bodyClass },
        .markup("content") { $0.content },
    ]
}

// MARK: - LayoutPage

/// What a layout holding components reads: the ``LayoutViewModel``'s keys, plus the layout's
/// components by id (`{{components.<id>}}`, ``SiteConfiguration/layoutComposition``).
struct LayoutPage: ViewModel {
    let layout: LayoutViewModel
    let components: [LoadedComponent]

    func value(forKey key: String) -> TemplateValue? {
        key == "components" ? .object(ComponentMap(components: components)) : layout.value(forKey: key)
    }
}

// MARK: - SceneBody

/// A scene's body as a fragment: its template (declared, or named like the scene) with its
/// model and components, or its components one after another when it has no template.
struct SceneBody: HTMLFragment {
    let scene: Scene
    /// Its components, loaded.
    let components: [LoadedComponent]

    func write(into writer: inout HTMLWriter, renderer: TemplateRenderer) {
        if let template = scene.declaredTemplate {
            renderer.render(template, SceneViewModel(model: scene.anyViewModel, components: components), into: &writer)
        } else if !type(of: scene).rendersComponentsInOrder,
            let template = renderer.library.compiledTemplate(of: type(of: scene), declared: nil)
        {
            renderer.render(template, SceneViewModel(model: scene.anyViewModel, components: components), into: &writer)
        } else {
            FragmentList(components: components).write(into: &writer, renderer: renderer)
        }
    }
}

// MARK: - FragmentList

/// The components of a scene with no template, one after another.
struct FragmentList: HTMLFragment {
    let components: [LoadedComponent]

    func write(into writer: inout HTMLWriter, renderer: TemplateRenderer) {
        for component in components { component.write(into: &writer, renderer: renderer) }
    }
}
