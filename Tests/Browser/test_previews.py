"""Previews, the dev overlay and lazy components, in a real browser.

The previews and the overlay exist only with `--dev`, so those tests run their own dev server;
the lazy priorities are checked on the ordinary server, with JavaScript on and off.
"""
import re
import shutil
import tempfile

import pytest

from conftest import Server, sign_in


@pytest.fixture(scope="module")
def dev_server():
    folder = tempfile.mkdtemp(prefix="tessera-browser-dev-")
    running = Server(folder, dev=True).start()
    yield running
    running.stop()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def dev_page(browser, dev_server):
    """A page on the dev server with JavaScript on; fails on console errors or CSP reports."""
    context = browser.new_context(base_url=dev_server.base, viewport={"width": 1200, "height": 900})
    tab = context.new_page()
    problems = []
    tab.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    tab.on("pageerror", lambda error: problems.append(str(error)))
    yield tab
    context.close()
    assert problems == [], f"console errors or CSP violations: {problems}"


def test_every_preview_renders_in_the_layout_and_bare(dev_page):
    dev_page.goto("/_tessera/previews")
    links = dev_page.eval_on_selector_all("a[data-tessera-preview-link]", "nodes => nodes.map(n => n.getAttribute('href'))")
    assert len(links) >= 50
    for link in links:
        response = dev_page.goto(link)
        assert response.status == 200, link
        assert dev_page.locator("[data-tessera-preview-failure]").count() == 0, link
        assert dev_page.locator("[data-tessera-preview-fragment] [data-component]").count() >= 1, link
        assert re.fullmatch(r"\d+", dev_page.locator("[data-tessera-preview-queries]").inner_text()), link
        assert dev_page.locator("[data-tessera-preview-url]").inner_text().startswith("/"), link
    bare = dev_page.goto(links[0] + "?frame=bare")
    assert bare.status == 200
    assert dev_page.locator("body.tessera-preview [data-component]").count() >= 1


def test_overlay_toggle_shows_each_components_sql_count(dev_page):
    dev_page.goto("/users/2")
    toggle = dev_page.locator("button[data-tessera-overlay-toggle]")
    assert dev_page.locator("[data-tessera-overlay-label]").count() == 0
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    label = dev_page.locator("#blog-list > [data-tessera-overlay-label]")
    text = label.inner_text()
    match = re.search(r"blog-list · [\d.]+ ms · (\d+) SQL", text)
    assert match, text
    assert match.group(1) == dev_page.locator("#blog-list").get_attribute("data-tessera-sql")
    assert int(match.group(1)) >= 1
    toggle.click()
    assert dev_page.locator("[data-tessera-overlay-label]").count() == 0


def test_production_pages_have_no_overlay(page):
    page.goto("/users/2")
    assert page.locator("[data-tessera-sql]").count() == 0
    assert page.locator("button[data-tessera-overlay-toggle]").count() == 0
    assert page.request.get(page.base + "/_tessera/previews").status == 404


def test_lazy_priorities_load_on_scroll_or_by_their_link(page):
    sign_in(page)
    # A phone's viewport: the priorities stack below the feed, out of sight.
    page.set_viewport_size({"width": 390, "height": 640})
    page.goto("/")
    placeholder = page.locator("#priorities")
    if page.mode == "js":
        page.wait_for_load_state("networkidle")
        assert page.locator("#priorities[data-tessera-lazy]").count() == 1, "out of sight, not loaded yet"
        page.evaluate("document.getElementById('priorities').scrollIntoView()")
        page.locator("#priorities:not([data-tessera-lazy])").wait_for()
        assert "Your priorities" in page.locator("#priorities").inner_text()
        assert page.url.endswith("/")
    else:
        assert page.locator("#priorities[data-tessera-lazy]").count() == 1
        assert "Your priorities" not in placeholder.inner_text()
        placeholder.get_by_role("link").click()
        page.wait_for_load_state()
        assert page.url.endswith("/_/priorities")
        assert "Your priorities" in page.locator("main #priorities").inner_text()
        assert page.locator("#feed").count() == 0
