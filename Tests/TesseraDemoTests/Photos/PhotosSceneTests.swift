import Foundation
import HTTPTypes
import TesseraTesting
import Testing

import Tessera
@testable import TesseraDemo

/// The photo gallery.
@Suite("Photos")
struct PhotosSceneTests {
    @Test("the gallery shows all twelve photos as figures with alt text and captions, newest first")
    func gallery() async throws {
        try await TestSite().test { client in
            let response = try await client.get("/photos")
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains("<title>Photos · Tessera Community</title>"))
            #expect(ContentFixtures.occurrences(of: "<figure class=\"photo-cell\">", in: html) == 12)
            #expect(html.contains("<img src=\"/photos/photo-12.svg\" alt=\"Lighthouse\""))
            #expect(html.contains("<figcaption><p>Lighthouse</p>"))
            let newest = try #require(html.range(of: "photo-12.svg"))
            let oldest = try #require(html.range(of: "photo-1.svg"))
            #expect(newest.lowerBound < oldest.lowerBound)
            Snapshot.expectMatch(html, named: "gallery")
        }
    }

    @Test("with no photos the gallery shows its empty state")
    func emptyGallery() async throws {
        let site = try await TestSite()
        try await site.test { client in
            try await ContentFixtures.execute("DELETE FROM photo", in: site)
            let response = try await client.get("/photos")
            #expect(response.status == .ok)
            #expect(response.text.contains("<p class=\"empty-state\">No photos yet.</p>"))
            #expect(!response.text.contains("class=\"gallery\""))
            Snapshot.expectMatch(response.text, named: "gallery-empty")
        }
    }

    @Test("the gallery loads in one query")
    func oneQuery() async throws {
        let site = try await TestSite()
        try await site.test { _ in
            // A first load warms GRDB's schema cache (its PRAGMAs would count once).
            _ = try await site.app.render(GalleryComponent(photoURL: DemoURLs.photo), id: "gallery", sceneURL: "/photos")
            let gallery = try await site.app.render(GalleryComponent(photoURL: DemoURLs.photo), id: "gallery", sceneURL: "/photos")
            #expect(gallery.loadError == nil)
            #expect(gallery.queryCount == 1)
        }
    }
}
