"""The client script follows only same-origin redirects: a fragment answer whose
X-Tessera-Redirect names another site sends the browser home instead."""
import re

import pytest
from playwright.sync_api import expect

from conftest import sign_in


@pytest.mark.parametrize("target, landing", [
    ("https://evil.example/", r"127\.0\.0\.1:\d+/$"),
    ("//evil.example/x", r"127\.0\.0\.1:\d+/$"),
    ("/photos", r"127\.0\.0\.1:\d+/photos$"),
])
def test_script_follows_only_same_origin_redirects(page, target, landing):
    if page.mode != "js":
        pytest.skip("only the client script reads X-Tessera-Redirect")
    sign_in(page)
    page.goto("/drafts/new")

    def answer(route):
        if route.request.method == "POST":
            route.fulfill(status=200, headers={"X-Tessera-Redirect": target}, body="")
        else:
            route.continue_()

    page.route("**/drafts/new", answer)
    page.get_by_label("Title").fill("Going somewhere")
    page.get_by_role("button", name="Save").click()
    expect(page).to_have_url(re.compile(landing))
