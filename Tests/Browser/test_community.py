"""The community's newer journeys, in Chromium, with JavaScript on and off, on the shared server.

Each journey checks where focus lands after a fragment swap (JavaScript on), what a person
without JavaScript gets instead, and runs `audit` (axe-core, and HTML saved for the Nu checker)
on the states it visits. Tests touch only the records they make or name, so they can share one
server in any order.
"""
import re

import pytest
from playwright.sync_api import expect

from conftest import audit, sign_in
from test_journeys import assert_no_page_load, mark


def count_in(text):
    return int(re.match(r"\d+", text.strip()).group(0))


def focused_text(page):
    return page.evaluate("document.activeElement && document.activeElement.textContent.trim()")


# MARK: - Comments

def test_comment_on_a_post(page):
    sign_in(page)
    page.goto("/blogs/71")
    audit(page, "blog-with-comments")
    stats = page.locator("[data-component=blog-stats] .comment-count")
    before = count_in(stats.inner_text())
    text = f"Posted from Chromium ({page.mode}) <i>kept as text</i>"
    mark(page)
    page.get_by_label("Add a comment").fill(text)
    page.get_by_role("button", name="Post comment").click()
    comment = page.locator(".comment", has_text=text)
    expect(comment).to_have_count(1)
    expect(stats).to_have_text(f"{before + 1} comments")
    expect(page.locator(".comment-list > li").first).to_contain_text(text)
    if page.mode == "js":
        assert_no_page_load(page)
        expect(comment).to_be_focused()
        expect(page.locator("[data-tessera-live]")).to_have_text("Your comment is posted.")
        expect(page.get_by_label("Add a comment")).to_have_value("")
    else:
        expect(page).to_have_url(re.compile(r"/blogs/71#comment-\d+$"))
    audit(page, "blog-commented")
    page.shot("comment-posted")


def test_comment_refused_keeps_the_text(page):
    sign_in(page)
    page.goto("/blogs/71")
    page.get_by_label("Add a comment").fill("   ")
    page.get_by_role("button", name="Post comment").click()
    field = page.get_by_label("Add a comment")
    expect(field).to_have_attribute("aria-invalid", "true")
    if page.mode == "js":
        expect(page.locator(".error-summary")).to_be_focused()
    audit(page, "comment-error")


def test_comments_load_more_survive_back(page):
    page.goto("/blogs/72")
    comments = page.locator(".comment-list > li")
    expect(comments).to_have_count(5)
    mark(page)
    page.locator("#comments").get_by_role("link", name="Load more").click()
    if page.mode == "js":
        expect(comments).to_have_count(7)
        assert_no_page_load(page)
        expect(page).to_have_url(re.compile(r"/blogs/72\?through=2$"))
        expect(comments.nth(5).get_by_role("link").first).to_be_focused()
    else:
        expect(page).to_have_url(re.compile(r"/blogs/72\?page=2$"))
        expect(comments).to_have_count(2)
        expect(page.get_by_role("link", name="Newer comments")).to_be_visible()
        expect(page.locator("#comments .pager-position")).to_contain_text("Page 2")
    shown = comments.count()
    audit(page, "comments-page-2")
    comments.last.get_by_role("link").first.click()
    expect(page).to_have_url(re.compile(r"/users/\d+$"))
    page.go_back()
    expect(comments).to_have_count(shown)
    page.reload()
    expect(comments).to_have_count(shown)


def test_back_after_load_more_on_a_profile(page):
    page.goto("/users/6")
    items = page.locator("[data-component=blog-list] [data-items] > li")
    expect(items).to_have_count(10)
    page.get_by_role("link", name="Load more").click()
    expected = 12 if page.mode == "js" else 2
    expect(items).to_have_count(expected)
    items.last.get_by_role("link").first.click()
    expect(page).to_have_url(re.compile(r"/blogs/\d+$"))
    page.go_back()
    expect(items).to_have_count(expected)
    page.go_forward()
    expect(page).to_have_url(re.compile(r"/blogs/\d+$"))
    page.go_back()
    expect(items).to_have_count(expected)


def test_home_feed_pages(page):
    page.goto("/")
    audit(page, "home")
    if page.mode == "nojs":
        page.get_by_role("link", name="Load more").click()
        expect(page).to_have_url(re.compile(r"/\?page=2$"))
        expect(page.get_by_role("link", name="Newer posts")).to_be_visible()
        audit(page, "home-page-2")
    else:
        mark(page)
        before = page.locator("[data-component=feed] [data-items] > *").count()
        page.get_by_role("link", name="Load more").click()
        expect(page).to_have_url(re.compile(r"/\?through=2$"))
        assert page.locator("[data-component=feed] [data-items] > *").count() > before
        assert_no_page_load(page)
        audit(page, "home-more")


def test_search_survives_load_more(page):
    """A search of the feed is kept by "Load more", appended in place or as the next page."""
    page.goto("/")
    page.get_by_label("Search post titles").fill("#1")
    page.get_by_role("button", name="Search").click()
    expect(page).to_have_url(re.compile(r"/\?q=%231$"))
    audit(page, "home-search")
    titles = page.locator("[data-component=feed] article h3")
    expect(titles).to_have_count(8)
    if page.mode == "nojs":
        page.get_by_role("link", name="Load more").click()
        expect(page).to_have_url(re.compile(r"/\?q=%231&page=2$"))
        expect(page.get_by_role("link", name="Newer posts")).to_have_attribute("href", "/?q=%231")
    else:
        mark(page)
        page.get_by_role("link", name="Load more").click()
        expect(page).to_have_url(re.compile(r"/\?q=%231&through=2$"))
        expect(titles).not_to_have_count(8)
        assert_no_page_load(page)
    shown = titles.all_inner_texts()
    assert shown and all(title.endswith("#1") for title in shown), shown
    expect(page.get_by_label("Search post titles")).to_have_value("#1")


# MARK: - Posts and drafts

def test_edit_a_published_post(page):
    sign_in(page)
    post = "/blogs/19" if page.mode == "js" else "/blogs/43"
    page.goto(post)
    page.get_by_role("link", name="Edit post").click()
    expect(page).to_have_url(re.compile(post + "/edit$"))
    audit(page, "blog-edit")
    page.get_by_label("Title").fill("")
    page.get_by_role("button", name="Save changes").click()
    expect(page.get_by_label("Title")).to_have_attribute("aria-invalid", "true")
    if page.mode == "js":
        expect(page.locator(".error-summary")).to_be_focused()
    audit(page, "blog-edit-error")
    page.get_by_label("Title").fill(f"Edited in Chromium ({page.mode})")
    page.get_by_label("Text").fill("A new first paragraph.\n\nAnd a second.")
    page.get_by_role("button", name="Save changes").click()
    expect(page).to_have_url(re.compile(post + "$"))
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Edited in Chromium ({page.mode})")
    expect(page.get_by_role("status")).to_have_text("Your changes are published.")
    page.reload()
    expect(page.get_by_role("status")).to_have_count(0)


def test_save_then_delete_a_draft(page):
    sign_in(page)
    title = f"A draft to delete ({page.mode})"
    page.goto("/drafts/new")
    page.get_by_label("Title").fill(title)
    page.get_by_role("button", name="Save").click()
    expect(page).to_have_url(re.compile(r"/drafts/\d+/edit$"))
    mark(page)
    page.get_by_label("Text").fill("Some words.")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_role("status")).to_have_text("Saved.")
    if page.mode == "js":
        assert_no_page_load(page)
        expect(page.get_by_role("button", name="Save", exact=True)).to_be_focused()
        expect(page.locator("[data-tessera-live]")).to_have_text("Saved.")
    audit(page, "draft-saved")
    page.get_by_role("button", name="Delete draft").click()
    expect(page).to_have_url(re.compile(r"/users/1$"))
    expect(page.get_by_role("status")).to_contain_text(f"“{title}” was deleted.")
    expect(page.locator("#drafts")).not_to_contain_text(title)
    audit(page, "profile-after-delete")


def test_trash_with_undo(page):
    sign_in(page)
    post = "/blogs/25" if page.mode == "js" else "/blogs/49"
    page.goto(post)
    title = page.get_by_role("heading", level=1).inner_text()
    page.get_by_role("button", name="Move to trash").click()
    expect(page).to_have_url(re.compile(r"/users/1$"))
    notice = page.get_by_role("status")
    expect(notice).to_contain_text(f"“{title}” was moved to the trash.")
    audit(page, "trashed-with-undo")
    page.shot("trashed-with-undo")
    notice.get_by_role("button", name="Undo").click()
    expect(page).to_have_url(re.compile(post + "$"))
    expect(page.get_by_role("heading", level=1)).to_have_text(title)
    expect(page.get_by_role("status")).to_have_text("Undone: the post is back.")
    page.reload()
    expect(page.get_by_role("status")).to_have_count(0)


def test_restore_moves_focus_to_the_notice(page):
    sign_in(page)
    post = "/blogs/55" if page.mode == "js" else "/blogs/61"
    page.goto(post)
    title = page.get_by_role("heading", level=1).inner_text()
    page.get_by_role("button", name="Move to trash").click()
    expect(page).to_have_url(re.compile(r"/users/1$"))  # posted in place: wait for its redirect
    page.goto("/trash")
    mark(page)
    page.locator("[data-component=trash-list] li", has_text=title).get_by_role("button", name="Restore").click()
    notice = page.get_by_role("status")
    expect(notice).to_have_text("The post is back on your profile.")
    if page.mode == "js":
        assert_no_page_load(page)
        expect(notice).to_be_focused()
        expect(page.locator("[data-tessera-live]")).to_have_text("The post is back on your profile.")
    audit(page, "trash-restored")


def test_delete_forever_asks_first(page):
    sign_in(page)
    post = "/blogs/31" if page.mode == "js" else "/blogs/37"
    page.goto(post)
    title = page.get_by_role("heading", level=1).inner_text()
    page.get_by_role("button", name="Move to trash").click()
    expect(page).to_have_url(re.compile(r"/users/1$"))
    page.goto("/trash")
    row = page.locator("[data-component=trash-list] li", has_text=title)
    row.get_by_role("link", name="Delete forever…").click()
    expect(page).to_have_url(re.compile(r"/trash/\d+/delete$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Delete this post forever?")
    audit(page, "trash-confirm")
    page.shot("trash-confirm")
    page.get_by_role("link", name="Cancel, keep it in the trash").click()
    expect(page).to_have_url(re.compile(r"/trash$"))
    expect(row).to_have_count(1)
    row.get_by_role("link", name="Delete forever…").click()
    page.get_by_role("button", name="Delete forever").click()
    expect(page).to_have_url(re.compile(r"/trash$"))
    expect(page.get_by_role("status")).to_have_text("The post was deleted forever.")
    expect(row).to_have_count(0)
    assert page.request.get(page.base + post).status == 404


# MARK: - Profiles and photos

@pytest.mark.own_server
def test_edit_your_profile(page):
    sign_in(page)
    page.goto("/users/1")
    page.get_by_role("link", name="Edit profile").click()
    expect(page).to_have_url(re.compile(r"/users/1/edit$"))
    audit(page, "profile-edit")
    page.get_by_label("Display name").fill("Dee Writer <3")
    page.get_by_label("Bio").fill("Long walks, short tools.")
    page.get_by_role("button", name="Save profile").click()
    expect(page).to_have_url(re.compile(r"/users/1$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Dee Writer <3")
    expect(page.get_by_role("status")).to_have_text("Your profile is saved.")
    expect(page.get_by_role("navigation", name="Main")).to_contain_text("Dee Writer <3")
    expect(page.locator(".bio")).to_have_text("Long walks, short tools.")


def test_photo_page_names_its_author(page):
    page.goto("/photos")
    first = page.locator(".gallery .photo-cell").first
    alt = first.get_by_role("img").get_attribute("alt")
    first.get_by_role("link").click()
    expect(page).to_have_url(re.compile(r"/photos/\d+$"))
    expect(page.get_by_role("heading", level=1)).to_have_text(alt)
    author = page.locator(".photo-detail .blog-cell-meta a")
    name = author.inner_text()
    audit(page, "photo")
    author.click()
    expect(page).to_have_url(re.compile(r"/users/\d+$"))
    expect(page.get_by_role("heading", level=1)).to_have_text(name)


def test_photo_strip_is_reachable_by_keyboard(page):
    page.goto("/")
    strip = page.get_by_role("region", name="Recent photos")
    expect(strip).to_have_attribute("tabindex", "0")
    strip.focus()
    expect(strip).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.locator(".strip a").first).to_be_focused()


# MARK: - Messages

def test_start_a_conversation_from_a_profile(page):
    sign_in(page)
    page.goto("/users/5")
    page.get_by_role("link", name="Message", exact=True).click()
    expect(page).to_have_url(re.compile(r"/messages/new\?to=5$"))
    expect(page.get_by_label("To")).to_have_value("5")
    audit(page, "message-new")
    text = f"Hello Margaret, from a profile ({page.mode})"
    page.get_by_label("Message").fill(text)
    page.get_by_role("button", name="Send").click()
    expect(page).to_have_url(re.compile(r"/messages/\d+$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Margaret Hamilton")
    expect(page.locator(".message-mine", has_text=text)).to_have_count(1)


def test_start_a_conversation_from_messages(page):
    sign_in(page)
    page.goto("/messages")
    page.get_by_role("link", name="New message").click()
    expect(page).to_have_url(re.compile(r"/messages/new$"))
    # "To" is required (the browser says so); an empty message is the server's to refuse.
    page.get_by_label("To").select_option(label="Linus Pauling")
    page.get_by_role("button", name="Send").click()
    expect(page.get_by_label("Message")).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_label("To")).to_have_value(page.get_by_label("To").input_value())
    expect(page.locator(".error-summary a[href='#new-message-text']")).to_be_visible()
    if page.mode == "js":
        expect(page.locator(".error-summary")).to_be_focused()
    audit(page, "message-new-error")
    text = f"Hello Linus ({page.mode})"
    page.get_by_label("Message").fill(text)
    page.get_by_role("button", name="Send").click()
    expect(page).to_have_url(re.compile(r"/messages/\d+$"))
    expect(page.locator(".message-mine", has_text=text)).to_have_count(1)
    mark(page)
    second = f"And a second line ({page.mode})"
    page.get_by_label("Message").fill(second)
    page.get_by_role("button", name="Send").click()
    expect(page.locator(".message-mine", has_text=second)).to_have_count(1)
    if page.mode == "js":
        assert_no_page_load(page)
        expect(page.get_by_label("Message")).to_be_focused()
        expect(page.locator("[data-tessera-live]")).to_have_text("Message sent.")
    audit(page, "conversation-sent")


# MARK: - Impatience

def test_double_click_creates_exactly_one_record(page):
    """A double-click on each submit that creates something: one comment, one message, one
    conversation message, one draft."""
    sign_in(page)
    mode = page.mode

    page.goto("/blogs/70")
    comment = f"Double-clicked comment ({mode})"
    page.get_by_label("Add a comment").fill(comment)
    page.get_by_role("button", name="Post comment").dblclick()
    expect(page.locator(".comment", has_text=comment)).to_have_count(1)
    page.goto("/blogs/70?through=5")
    expect(page.locator(".comment", has_text=comment)).to_have_count(1)

    page.goto("/messages/2")
    message = f"Double-clicked message ({mode})"
    page.get_by_label("Message").fill(message)
    page.get_by_role("button", name="Send").dblclick()
    expect(page.locator(".message-mine", has_text=message)).to_have_count(1)
    page.goto("/messages/2")
    expect(page.locator(".message-mine", has_text=message)).to_have_count(1)

    page.goto("/messages/new?to=6")
    first = f"Double-clicked first message ({mode})"
    page.get_by_label("Message").fill(first)
    page.get_by_role("button", name="Send").dblclick()
    expect(page).to_have_url(re.compile(r"/messages/\d+$"))
    expect(page.locator(".message-mine", has_text=first)).to_have_count(1)

    page.goto("/drafts/new")
    draft = f"Double-clicked draft ({mode})"
    page.get_by_label("Title").fill(draft)
    page.get_by_role("button", name="Save", exact=True).dblclick()
    expect(page).to_have_url(re.compile(r"/drafts/\d+/edit$"))
    page.goto("/users/1")
    expect(page.locator("#drafts li", has_text=draft)).to_have_count(1)


# MARK: - Details

def test_navigation_shows_the_current_page(page):
    sign_in(page)
    page.goto("/photos")
    nav = page.get_by_role("navigation", name="Main")
    expect(nav.get_by_role("link", name="Photos")).to_have_attribute("aria-current", "page")
    expect(nav.get_by_role("link", name="Home")).not_to_have_attribute("aria-current", "page")
    page.goto("/messages/1")
    expect(nav.get_by_role("link", name="Messages")).to_have_attribute("aria-current", "page")


def test_phone_menu_is_one_row_until_opened(page):
    page.set_viewport_size({"width": 390, "height": 844})
    sign_in(page)
    nav = page.get_by_role("navigation", name="Main")
    menu = nav.locator("summary", has_text="Menu")
    expect(menu).to_be_visible()
    expect(nav.get_by_role("link", name="Photos")).to_be_hidden()
    header = page.locator(".site-header").bounding_box()
    assert header["height"] < 80, header
    page.shot("phone-menu-closed", full_page=False)
    menu.click()
    expect(nav.get_by_role("link", name="Photos")).to_be_visible()
    audit(page, "phone-menu-open")
    page.shot("phone-menu-open", full_page=False)
    nav.get_by_role("link", name="Photos").click()
    expect(page).to_have_url(re.compile(r"/photos$"))


def test_sign_in_page_says_when_you_are_signed_in(page):
    sign_in(page)
    page.goto("/signin")
    expect(page.get_by_role("status")).to_contain_text("You are already signed in as Demo Writer.")
    audit(page, "signin-signed-in")


def test_sign_out_says_so_once(page):
    sign_in(page)
    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_role("status")).to_have_text("You are signed out.")
    page.reload()
    expect(page.get_by_role("status")).to_have_count(0)


def test_favicon_is_served(page):
    page.goto("/")
    for href in page.eval_on_selector_all("link[rel=icon]", "links => links.map(l => l.href)") \
            if page.mode == "js" else ["/favicon.ico", "/favicon.svg"]:
        response = page.request.get(href if href.startswith("http") else page.base + href)
        assert response.ok, href
    assert page.request.get(page.base + "/favicon.ico").ok


# MARK: - Every page, audited

VISITOR_PAGES = ["/", "/?page=2", "/photos", "/photos/3", "/blogs/72", "/blogs/72?page=2", "/users/2",
                 "/users/6?page=2", "/signin"]
MEMBER_PAGES = ["/", "/users/1", "/users/3", "/users/1/edit", "/trash", "/messages", "/messages/new",
                "/messages/1", "/drafts/new", "/drafts/2/edit", "/blogs/1", "/blogs/1/edit",
                "/settings/security/password", "/photos/1"]


def test_every_page_passes_axe_and_is_saved_for_nu(page):
    for path in VISITOR_PAGES:
        assert page.goto(path).status == 200, path
        audit(page, "visitor" + path)
    sign_in(page)
    for path in MEMBER_PAGES:
        assert page.goto(path).status == 200, path
        audit(page, "member" + path)
    page.goto("/trash")
    link = page.get_by_role("link", name="Delete forever…").first
    if link.count():
        link.click()
        audit(page, "member-trash-confirm")


# MARK: - Like buttons in the feed (child components)

def test_like_from_the_home_feed(page):
    """Each post in the feed carries its own like button: it acts alone, in place with
    JavaScript, through a page load without; liking twice gives the post back as it was."""
    sign_in(page)
    page.goto("/")
    button_box = page.locator("#feed [data-component=like-button]").first
    button_id = button_box.get_attribute("id")
    button = page.locator(f"#{button_id} button")
    before = button.inner_text().strip()
    after = "Unlike" if before == "Like" else "Like"
    mark(page)
    button.click()
    expect(page.locator(f"#{button_id} button")).to_have_text(after)
    if page.mode == "js":
        assert_no_page_load(page)
        expect(page.locator(f"#{button_id} button")).to_be_focused()
    else:
        expect(page).to_have_url(re.compile(r"/$"))
    audit(page, "feed-liked")
    page.locator(f"#{button_id} button").click()
    expect(page.locator(f"#{button_id} button")).to_have_text(before)
    assert_no_page_load(page)
