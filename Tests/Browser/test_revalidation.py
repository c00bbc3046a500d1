"""Reloading a page: unchanged, the server answers `304 Not Modified` and the browser shows the
copy it kept; changed meanwhile, the page comes back whole and shows the change. Statuses are the
raw ones on the wire (Chrome's DevTools protocol), since a revalidated page reports 200 to scripts.
"""
import pytest
from playwright.sync_api import expect

from conftest import sign_in


class WireStatuses:
    """The raw HTTP status of every document the tab loads, in order."""

    def __init__(self, tab):
        self.tab = tab
        self.statuses = {}
        self.order = []
        session = tab.context.new_cdp_session(tab)
        session.send("Network.enable")
        session.on("Network.requestWillBeSent", self._request)
        session.on("Network.responseReceivedExtraInfo", self._raw)

    def _request(self, event):
        if event.get("type") == "Document":
            self.order.append(event["requestId"])

    def _raw(self, event):
        self.statuses[event["requestId"]] = event["statusCode"]

    def last(self):
        """The status of the last document loaded, waiting (up to 5 s) for its raw headers, which
        the protocol may report just after the page's load event."""
        for _ in range(250):
            if self.order and self.order[-1] in self.statuses:
                return self.statuses[self.order[-1]]
            self.tab.wait_for_timeout(20)
        return None


@pytest.mark.own_server
def test_reload_revalidates_and_shows_changes(page, browser):
    wire = WireStatuses(page)
    page.goto("/blogs/2")
    count = page.locator(".like-count")
    expect(count).to_have_text("0 likes")
    assert wire.last() == 200

    page.reload()
    expect(page.get_by_role("heading", level=1)).not_to_be_empty()
    expect(count).to_have_text("0 likes")
    assert wire.last() == 304, "an unchanged page is revalidated, not sent again"

    # Someone else likes the post meanwhile.
    other = browser.new_context(base_url=page.base)
    member = other.new_page()
    sign_in(member)
    member.goto("/blogs/2")
    member.get_by_role("button", name="Like", exact=True).click()
    expect(member.locator(".like-count")).to_have_text("1 like")
    other.close()

    page.reload()
    expect(count).to_have_text("1 like")
    assert wire.last() == 200, "a changed page comes back whole"
