"""The journeys a person takes through the demo, in Chromium, with JavaScript on and off.

With JavaScript on, fragment links and forms must update the page in place (no page load:
a marker set on `window` survives); with it off, the same journeys work through full page
loads. Every test fails on console errors or CSP violations (see conftest.py).
"""
import re
import struct
import zlib

import pytest
from playwright.sync_api import expect

from conftest import sign_in


def mark(page):
    """Sets a marker that a page load would wipe (JavaScript mode only)."""
    if page.mode == "js":
        page.evaluate("window.__stayed = true")


def assert_no_page_load(page):
    if page.mode == "js":
        assert page.evaluate("window.__stayed === true"), "the page was reloaded instead of updated in place"


def test_sign_in(page):
    sign_in(page)
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_role("navigation", name="Main")).to_contain_text("Demo Writer")
    page.shot("home-signed-in")


def test_home_to_profile_and_load_more(page):
    sign_in(page)
    page.goto("/")
    page.shot("home")
    page.locator("article").get_by_role("link", name="Alan Kay").first.click()
    expect(page).to_have_url(re.compile(r"/users/6$"))
    items = page.locator("[data-component=blog-list] [data-items] > li")
    expect(items).to_have_count(10)
    page.shot("profile")
    mark(page)
    page.get_by_role("link", name="Load more").click()
    if page.mode == "js":
        expect(items).to_have_count(12)
        expect(page).to_have_url(re.compile(r"/users/6\?through=2$"))
        expect(page.get_by_role("link", name="Load more")).to_have_count(0)
        assert_no_page_load(page)
        # Focus moves to the first new item, and the page says so to screen readers.
        expect(items.nth(10).get_by_role("link").first).to_be_focused()
        expect(page.locator("[data-tessera-live]")).to_have_text("2 more items loaded.")
    else:
        expect(page).to_have_url(re.compile(r"/users/6\?page=2$"))
        expect(items).to_have_count(2)
        expect(page.get_by_role("link", name="Newer posts")).to_have_attribute("href", "/users/6")
        expect(page.locator(".pager-position")).to_contain_text("Page 2")
    page.shot("profile-more")


def test_like_updates_in_place(page):
    sign_in(page)
    page.goto("/blogs/2")
    count = page.locator(".like-count")
    expect(count).to_have_count(1)
    expect(count).to_have_text("0 likes")
    # The button sits inside the post's card.
    expect(page.locator(".blog-card [data-component=like-button] button")).to_have_count(1)
    mark(page)
    page.get_by_role("button", name="Like", exact=True).click()
    expect(count).to_have_text("1 like")
    unlike = page.get_by_role("button", name="Unlike")
    expect(unlike).to_have_count(1)
    expect(page.locator("[data-component=like-button]")).to_contain_text("You like this post.")
    assert_no_page_load(page)
    if page.mode == "js":
        expect(unlike).to_be_focused()
    page.shot("blog-liked")
    unlike.click()
    expect(count).to_have_text("0 likes")
    expect(page.get_by_role("button", name="Like", exact=True)).to_have_count(1)
    assert_no_page_load(page)


def test_write_save_and_publish_a_draft(page):
    sign_in(page)
    page.goto("/drafts/new")
    page.shot("draft-new")
    page.get_by_label("Title").fill("Written in a real browser")
    page.get_by_label("Text").fill("First paragraph.\n\nSecond <b>paragraph</b>.")
    page.get_by_role("button", name="Save").click()
    expect(page).to_have_url(re.compile(r"/drafts/\d+/edit"))
    page.get_by_label("Text").fill("First paragraph, edited.\n\nSecond <b>paragraph</b>.")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_role("status")).to_have_text("Saved.")
    expect(page.get_by_label("Text")).to_have_value("First paragraph, edited.\n\nSecond <b>paragraph</b>.")
    page.shot("draft-saved")
    page.get_by_role("button", name="Publish").click()
    expect(page).to_have_url(re.compile(r"/blogs/\d+$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Written in a real browser")
    expect(page.locator(".blog-detail")).to_contain_text("Second <b>paragraph</b>.")
    page.shot("draft-published")


def test_draft_errors_keep_the_input(page):
    sign_in(page)
    page.goto("/drafts/new")
    # maxlength stops a title that is too long; one letter with 16 stacked accents gets past it.
    zalgo = "T" + "\u0301" * 16
    page.get_by_label("Title").fill(zalgo)
    page.get_by_label("Text").fill("Kept text")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_label("Title")).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_label("Title")).to_have_value(zalgo)
    expect(page.locator("#draft-title-error")).to_contain_text("more than 15 accents or marks")
    expect(page.locator(".error-summary a[href='#draft-title']")).to_be_visible()
    if page.mode == "js":
        expect(page.locator(".error-summary")).to_be_focused()
    expect(page.get_by_label("Text")).to_have_value("Kept text")
    page.shot("draft-error")


def test_trash_and_restore(page):
    sign_in(page)
    page.goto("/blogs/1")
    title = page.get_by_role("heading", level=1).inner_text()
    page.get_by_role("button", name="Move to trash").click()
    expect(page).to_have_url(re.compile(r"/users/1$"))
    page.goto("/trash")
    row = page.locator("[data-component=trash-list] li", has_text=title)
    expect(row).to_have_count(1)
    page.shot("trash")
    mark(page)
    row.get_by_role("button", name="Restore").click()
    expect(page.locator("[data-component=trash-list] li", has_text=title)).to_have_count(0)
    assert_no_page_load(page)
    page.goto("/blogs/1")
    expect(page.get_by_role("heading", level=1)).to_have_text(title)


def tiny_png():
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0)
    pixels = zlib.compress(b"\x00\xff\x00\x00\x00\x00\xff\x00" + b"\x00\x00\x00\xff\xff\xff\xff\x00")
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")


def test_send_text_and_image_messages(page, tmp_path):
    sign_in(page)
    page.goto("/messages")
    page.shot("conversations")
    page.goto("/messages/1")
    mark(page)
    page.get_by_label("Message").fill("Hello from Chromium <script>alert(1)</script>")
    page.get_by_role("button", name="Send").click()
    expect(page.locator(".message-mine").last).to_contain_text("Hello from Chromium <script>alert(1)</script>")
    assert_no_page_load(page)
    image = tmp_path / "dot.png"
    image.write_bytes(tiny_png())
    page.get_by_label("Message").fill("A tiny picture")
    page.get_by_label("Image (optional)").set_input_files(str(image))
    page.get_by_role("button", name="Send").click()
    picture = page.locator(".message-mine img").last
    expect(picture).to_have_attribute("src", re.compile(r"^/uploads/[0-9a-f]{32}\.png$"))
    page.mouse.wheel(0, 10000)
    page.shot("conversation", full_page=False)


@pytest.mark.own_server
def test_change_password(page):
    sign_in(page)
    page.goto("/settings/security/password")
    page.get_by_label("Current password").fill("tessera-demo")
    page.get_by_label("New password", exact=True).fill("a much longer passphrase")
    page.get_by_label("Confirm the new password").fill("a different passphrase")
    page.get_by_role("button", name="Change password").click()
    expect(page.get_by_label("Confirm the new password")).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_label("New password", exact=True)).to_have_value("")
    page.shot("password-error")
    page.get_by_label("Current password").fill("tessera-demo")
    page.get_by_label("New password", exact=True).fill("a much longer passphrase")
    page.get_by_label("Confirm the new password").fill("a much longer passphrase")
    page.get_by_role("button", name="Change password").click()
    expect(page.get_by_role("status")).to_have_text("Your password was changed.")
    page.shot("password-changed")
    page.get_by_role("button", name="Sign out").click()
    sign_in(page, password="a much longer passphrase")
    expect(page.get_by_role("navigation", name="Main")).to_contain_text("Demo Writer")


def test_every_scene_renders(page):
    """A screenshot of each scene, signed out and in; each must answer 200 without errors."""
    for path in ["/", "/photos", "/blogs/4", "/users/2", "/signin"]:
        response = page.goto(path)
        assert response.status == 200, path
        page.shot("visitor" + path.replace("/", "-"))
    sign_in(page)
    for path in ["/", "/users/1", "/trash", "/messages", "/messages/2", "/drafts/1/edit", "/settings/security/password"]:
        response = page.goto(path)
        assert response.status == 200, path
        page.shot("member" + path.replace("/", "-"))
