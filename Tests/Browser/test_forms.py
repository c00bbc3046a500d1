"""The demo's profile form, one field of every kind drawn by Tessera's `Tessera/Field`, in
Chromium with JavaScript on and off: a refusal answers with an error summary (focused with
JavaScript, first in the form without), "Error: " before the title, each message beside its
field, every value kept but the file, and no axe violation; then a corrected form saves, and
the picture it sent is served back through the framework's file route."""
import base64

import pytest
from playwright.sync_api import expect

from conftest import audit, sign_in

# A 1 × 1 PNG.
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")


def submit_and_wait(tab):
    """Clicks Save and waits for the answer: a swap in place with JavaScript, a new page without."""
    if tab.mode == "js":
        with tab.expect_response(lambda response: response.request.method == "POST"):
            tab.get_by_role("button", name="Save profile").click()
        # A locator waits by polling from Playwright's side: a string predicate would be
        # evaluated in the page, which the site's CSP (no 'unsafe-eval') refuses.
        expect(tab.locator("form[aria-busy=true]")).to_have_count(0)
    else:
        tab.get_by_role("button", name="Save profile").click()
        tab.wait_for_load_state()


@pytest.mark.own_server
def test_every_kind_of_field_refuses_keeps_values_and_saves(page):
    tab = page
    sign_in(tab)
    tab.goto("/users/1/edit")
    audit(tab, "profile-form")

    # Values a browser lets through that the server refuses.
    tab.get_by_label("Bio").fill("Reads a lot.")
    tab.get_by_label("Website", exact=True).fill("ftp://example.com")
    tab.get_by_label("Birthday", exact=True).fill("2990-01-01")
    tab.get_by_label("Pronouns", exact=True).select_option("they")
    tab.locator("input[name=shown][value=birthday]").check()
    tab.locator("input[name=audience][value=members]").check()
    tab.get_by_label("Members may send me messages").uncheck()
    tab.get_by_label("Posts per page").fill("500")
    tab.get_by_label("Picture").set_input_files({"name": "notes.png", "mimeType": "image/png", "buffer": b"not an image"})
    submit_and_wait(tab)

    assert tab.title().startswith("Error: ")
    summary = tab.locator(".error-summary")
    assert summary.is_visible()
    links = summary.locator("li a")
    assert links.evaluate_all("links => links.map(a => a.getAttribute('href'))") == [
        "#profile-website", "#profile-birthday", "#profile-postsPerPage", "#profile-avatar"]
    if tab.mode == "js":
        assert tab.evaluate("document.activeElement.matches('[data-tessera-error-summary]')"), "the summary has focus"
    else:
        first = tab.evaluate("document.querySelector('form[action=\"/users/1/edit\"] input[type=hidden] ~ *:not(input)').className")
        assert first == "error-summary", "the summary comes first in the form"
    for field in ["website", "birthday", "postsPerPage", "avatar"]:
        assert tab.locator(f"#profile-{field}").get_attribute("aria-invalid") == "true"
        assert tab.locator(f"#profile-{field}-error").is_visible()
    assert tab.get_by_label("Bio").input_value() == "Reads a lot."
    assert tab.get_by_label("Website", exact=True).input_value() == "ftp://example.com"
    assert tab.locator("#profile-birthday").input_value() == "2990-01-01"
    assert tab.get_by_label("Pronouns", exact=True).input_value() == "they"
    assert tab.locator("input[name=shown][value=birthday]").is_checked()
    assert tab.locator("input[name=shown][value=website]").is_checked()
    assert tab.locator("input[name=audience][value=members]").is_checked()
    assert not tab.get_by_label("Members may send me messages").is_checked()
    assert tab.get_by_label("Posts per page").input_value() == "500"
    assert tab.get_by_label("Picture").input_value() == "", "a browser is never given a file back"
    tab.shot("refused")
    audit(tab, "profile-form-refused")

    # Following a summary link reaches its field.
    links.first.click()
    assert tab.evaluate("document.activeElement.id") == "profile-website"

    tab.get_by_label("Website", exact=True).fill("https://example.com/dee")
    tab.locator("#profile-birthday").fill("1990-03-04")
    tab.get_by_label("Posts per page").fill("5")
    tab.get_by_label("Picture").set_input_files({"name": "dee.png", "mimeType": "image/png", "buffer": PNG})
    tab.get_by_role("button", name="Save profile").click()
    tab.wait_for_url("**/users/1")
    tab.wait_for_load_state()
    assert not tab.title().startswith("Error: ")
    picture = tab.locator("img.avatar-picture")
    assert picture.get_attribute("src").startswith("/avatars/")
    assert tab.evaluate("document.querySelector('img.avatar-picture').complete && "
                        "document.querySelector('img.avatar-picture').naturalWidth") == 1
    assert tab.locator(".website a").get_attribute("href") == "https://example.com/dee"
    assert tab.locator("#blog-list [data-items] > li").count() == 5
    audit(tab, "profile-with-details")


@pytest.mark.own_server
def test_a_refused_comment_keeps_its_text_and_names_the_control_character(page):
    tab = page
    sign_in(tab)
    tab.goto("/blogs/1")
    box = tab.get_by_label("Add a comment")
    box.fill("Before\fafter")
    with tab.expect_response(lambda response: response.request.method == "POST"):
        tab.get_by_role("button", name="Post comment").click()
    tab.wait_for_load_state()
    error = tab.locator("#comment-text-error")
    error.wait_for()
    assert "U+000C (a form feed)" in error.inner_text()
    assert tab.get_by_label("Add a comment").input_value() == "Beforeafter"
    assert tab.locator(".error-summary a[href='#comment-text']").count() == 1
    audit(tab, "comment-refused")
