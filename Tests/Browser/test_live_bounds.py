"""Live streams past a viewer's share, in a real browser: a tab whose stream is refused (429,
the member already holds their share open) backs off and opens it again once another tab
closes, then follows the page as the others do."""
import shutil
import tempfile

import pytest
from playwright.sync_api import expect

from conftest import Server, sign_in

POST = "/blogs/1"


@pytest.fixture
def two_stream_server():
    """A server of its own on which each viewer holds at most two open streams."""
    folder = tempfile.mkdtemp(prefix="tessera-browser-bounds-")
    running = Server(folder, env={"TESSERA_LIVE_STREAMS_PER_VIEWER": "2"}).start()
    yield running
    running.stop()
    shutil.rmtree(folder, ignore_errors=True)


def is_stream(response):
    return "/_tessera/live?" in response.url


def test_a_refused_stream_backs_off_and_follows_once_a_tab_closes(browser, two_stream_server):
    context = browser.new_context(base_url=two_stream_server.base)
    try:
        first = context.new_page()
        sign_in(first)
        tabs = [first, context.new_page()]
        for tab in tabs:
            with tab.expect_response(lambda response: is_stream(response) and response.status == 200):
                tab.goto(POST)
        third = context.new_page()
        with third.expect_response(lambda response: is_stream(response) and response.status == 429):
            third.goto(POST)

        # A tab closes: the refused one opens its stream at its next try (5 s after the refusal).
        with third.expect_response(lambda response: is_stream(response) and response.status == 200, timeout=20000):
            tabs[0].close()

        # Followed like the others: a comment posted from the second tab appears in the third.
        tabs[1].locator("#comment-form textarea").fill("Heard after backing off")
        tabs[1].get_by_role("button", name="Post comment").click()
        expect(third.locator("#comments li article.comment", has_text="Heard after backing off")).to_have_count(1, timeout=10000)
    finally:
        context.close()
