import Tessera
import Testing

@testable import TesseraDemo

/// The app's check finds the template of each scene, component and cell once, and the library
/// it hands the site keeps them: rendering looks none up by name.
@Suite("Templates found once")
struct TemplateResolutionTests {
    @Test("every component of every scene, and the cells their models draw, have their template kept")
    func everyTypeIsKept() throws {
        var configuration = TesseraConfiguration()
        configuration.viewsDirectory = TestSite.repository.appendingPathComponent("Views").path
        let app = DemoApp()
        let library = try app.check(configuration)
        let components = (app.allScenes + app.statelessScenes).flatMap(\.componentTypes)
        #expect(components.count > 20)
        for component in components {
            #expect(library.typeTemplates[ObjectIdentifier(component)] != nil, "\(component)")
        }
        // The cells the feed and a conversation register, as `@Component` lists them.
        let registered = FeedComponent.cellTypes + MessageListComponent.cellTypes
        #expect(registered.map { "\($0)" } == ["BlogCell", "PhotoCell", "PhotoStripCell", "FeedHeaderCell", "FeedFooterCell", "TextMessageCell", "ImageMessageCell"])
        for cell in registered {
            #expect(library.typeTemplates[ObjectIdentifier(cell)] != nil, "\(cell)")
        }
        // Drawn through a data source in a model, not listed in any `cellTypes`.
        #expect(library.typeTemplates[ObjectIdentifier(FortuneCell.self)] != nil)
        #expect(library.typeTemplates[ObjectIdentifier(FortunesScene.self)] != nil)
        // A library built without the app's check keeps nothing and looks templates up instead.
        let bare = try TemplateLibrary.load(directory: TestSite.repository.appendingPathComponent("Views"))
        #expect(bare.typeTemplates.isEmpty)
        #expect(bare.compiledTemplate(of: FortuneCell.self, declared: nil) != nil)
    }
}
