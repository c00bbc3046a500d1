"""The demo's back office (`/admin`) in Chromium, JavaScript on and off, as Ada, the seeded admin:
the posts' list searched and filtered, a post created (a refused form first, keeping what was
typed), edited and deleted after a confirmation, its change log on its page; axe-core finds no
violation on any of these pages. A visitor is sent to sign in, and the demo member, who has no
role, is refused (403) on every page and post."""
import re

import pytest
from playwright.sync_api import expect

from conftest import audit, sign_in

ADMIN = ("ada", "tessera-admin")


def sign_in_as(tab, username, password):
    tab.goto("/signin")
    tab.get_by_label("Username").fill(username)
    tab.get_by_label("Password").fill(password)
    tab.get_by_role("button", name="Sign in").click()
    tab.wait_for_url(lambda url: "/signin" not in url)
    tab.wait_for_load_state()


def office(tab):
    """The back office's part of the page (the layout around it has links and forms of its own)."""
    return tab.locator(".back-office")


def submit(tab, button, url=None):
    """Clicks `button` and waits for the answer: with JavaScript a post in place (and the
    redirect it may answer with), without a new page; then for `url` when given."""
    if tab.mode == "js":
        with tab.expect_response(lambda response: response.request.method == "POST"):
            office(tab).get_by_role("button", name=button, exact=True).click()
        expect(tab.locator("form[aria-busy=true]")).to_have_count(0)
    else:
        office(tab).get_by_role("button", name=button, exact=True).click()
    if url:
        tab.wait_for_url(url)
    tab.wait_for_load_state()


def search(tab):
    """Sends the list's search form (a plain GET, with or without JavaScript)."""
    office(tab).get_by_role("button", name="Search", exact=True).click()
    tab.wait_for_load_state()


@pytest.mark.own_server
def test_the_admin_searches_creates_edits_and_deletes_a_post(page):
    tab = page
    sign_in_as(tab, *ADMIN)
    tab.goto("/admin")
    expect(office(tab).locator("h1")).to_have_text("Back office")
    audit(tab, "back-office-index")
    tab.locator(".back-office-types a").filter(has_text=re.compile(r"^Blog$")).click()
    tab.wait_for_url(re.compile(r"/admin/blog$"))
    expect(tab.locator("table.back-office-table tbody tr")).to_have_count(25)
    total = int(tab.locator("[data-total]").inner_text())
    audit(tab, "back-office-list")

    # Search over the text columns, and filter by whether a post is in the trash.
    tab.locator("#back-office-q").fill("bicycles")
    tab.locator("#back-office-filter-trashedAt").select_option("empty")
    search(tab)
    tab.wait_for_url(re.compile(r"q=bicycles"))
    expect(tab.locator("[data-total]")).to_have_text("6")
    assert tab.locator("#back-office-q").input_value() == "bicycles", "the search stays in its field"
    assert tab.locator("#back-office-filter-trashedAt").input_value() == "empty"
    tab.locator("#back-office-q").fill("")
    search(tab)
    tab.wait_for_url(re.compile(r"/admin/blog\?q=&trashedAt=empty$"))
    published = int(tab.locator("[data-total]").inner_text())
    tab.locator("#back-office-filter-trashedAt").select_option("set")
    search(tab)
    tab.wait_for_url(re.compile(r"trashedAt=set"))
    # The seed's two trashed posts, unless the hourly purge took them (they are months old).
    expect(tab.locator("[data-total]")).to_have_text(str(total - published))
    expect(tab.locator("table.back-office-table tbody tr")).to_have_count(total - published)
    audit(tab, "back-office-list-filtered")

    # A refused form keeps what was typed and says what is wrong beside each field.
    tab.goto("/admin/blog")
    office(tab).get_by_role("link", name="New record").click()
    tab.wait_for_url(re.compile(r"/admin/blog/new$"))
    audit(tab, "back-office-new")
    # A title longer than a post's (120 characters): a browser sends it, the model refuses it.
    long_title = "A title far too long for a post " * 4
    tab.locator("#record-userID").select_option("1")
    tab.locator("#record-title").fill(long_title)
    tab.locator("#record-body").fill("Written in the back office.")
    tab.locator("#record-likeCount").fill("3")
    tab.locator("#record-createdAt").fill("2026-02-01T10:30")
    submit(tab, "Create")
    expect(tab.locator(".error-summary")).to_be_visible()
    assert tab.locator("#record-title").get_attribute("aria-invalid") == "true"
    expect(tab.locator("#record-title-error")).to_be_visible()
    assert tab.locator("#record-title").input_value() == long_title
    assert tab.locator("#record-likeCount").input_value() == "3"
    assert tab.locator("#record-body").input_value() == "Written in the back office."
    assert tab.locator("#record-createdAt").input_value() == "2026-02-01T10:30"
    assert tab.locator("#record-userID").input_value() == "1"
    tab.shot("refused")
    audit(tab, "back-office-new-refused")

    # Corrected, it is created, and its page shows it with its log.
    tab.locator("#record-title").fill("From the back office")
    submit(tab, "Create", re.compile(r"/admin/blog/\d+$"))
    new_id = int(tab.url.rsplit("/", 1)[1])
    assert new_id > 72
    expect(office(tab).locator("h1")).to_have_text(f"Blog {new_id}")
    expect(tab.locator(".back-office-change")).to_have_count(1)
    assert tab.locator(".back-office-change").get_attribute("data-action") == "create"
    expect(tab.locator(".back-office-change [data-field=title] .after")).to_have_text("From the back office")
    audit(tab, "back-office-record")
    assert tab.request.get(f"{tab.base}/blogs/{new_id}").status == 200, "a published post, on the site"

    # Edited: the log gains the update, newest first, with the title before and after.
    office(tab).get_by_role("link", name="Edit", exact=True).click()
    tab.wait_for_url(re.compile(rf"/admin/blog/{new_id}/edit$"))
    assert tab.locator("#record-title").input_value() == "From the back office"
    audit(tab, "back-office-edit")
    tab.locator("#record-title").fill("From the back office, edited")
    submit(tab, "Save", re.compile(rf"/admin/blog/{new_id}$"))
    latest = tab.locator(".back-office-change").first
    assert latest.get_attribute("data-action") == "update"
    expect(latest.locator("[data-field=title] .before")).to_have_text("From the back office")
    expect(latest.locator("[data-field=title] .after")).to_have_text("From the back office, edited")
    expect(tab.locator(".back-office-change")).to_have_count(2)

    # Deleted after a confirmation; asking changes nothing.
    office(tab).get_by_role("link", name="Delete", exact=True).click()
    tab.wait_for_url(re.compile(rf"/admin/blog/{new_id}/delete$"))
    expect(office(tab).locator("h1")).to_have_text(f"Delete blog {new_id}?")
    audit(tab, "back-office-delete")
    assert tab.request.get(f"{tab.base}/admin/blog/{new_id}").status == 200, "asking to confirm deletes nothing"
    submit(tab, "Delete", re.compile(r"/admin/blog$"))
    expect(tab.locator("[data-total]")).to_have_text(str(total))
    assert tab.request.get(f"{tab.base}/admin/blog/{new_id}").status == 404
    assert tab.request.get(f"{tab.base}/blogs/{new_id}").status == 404


def test_a_visitor_signs_in_first_and_a_member_without_the_role_is_refused(page):
    tab = page
    tab.goto("/admin/blog")
    tab.wait_for_url(re.compile(r"/signin\?next=%2Fadmin%2Fblog$"))
    sign_in(tab)
    for path in ["/admin", "/admin/blog", "/admin/blog?q=tea", "/admin/blog/1", "/admin/blog/new", "/admin/blog/1/edit",
                 "/admin/blog/1/delete", "/admin/comment"]:
        assert tab.request.get(tab.base + path).status == 403, path
    token = tab.locator("input[name=_csrf]").first.get_attribute("value")
    for path in ["/admin/blog/new", "/admin/blog/1/edit", "/admin/blog/1/delete"]:
        answer = tab.request.post(tab.base + path, form={"_csrf": token, "title": "Taken over"})
        assert answer.status == 403, path
    assert tab.request.get(tab.base + "/blogs/1").status == 200, "the post is still there, as it was"
