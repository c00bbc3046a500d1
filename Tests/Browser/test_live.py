"""Live pages in two real browsers, through nginx (Docs/nginx.conf) in front of the three-process
cluster of test_cluster.py, on one SQLite file and on PostgreSQL: a comment posted in one browser
appears on the post open in the other, while a half-typed comment there keeps its text, its
caret and selection, and its focus; the like count follows too; with two of the processes killed
or stopped, the pages reconnect to the third and miss nothing. An open home page is told of a
post published elsewhere while its feed stays still, and the header of any open page counts a
message sent from another browser. Without JavaScript the page is as before: no stream is
opened."""
import contextlib
import re

import pytest
from playwright.sync_api import expect

from conftest import sign_in
from test_cluster import Cluster, NGINX  # noqa: F401 (the skip mark below reads NGINX)
import pathlib

pytestmark = pytest.mark.skipif(not pathlib.Path(NGINX).exists(), reason="nginx is not installed (.ci/run installs it)")

POST = "/blogs/1"


def open_tab(browser, base, javascript=True):
    context = browser.new_context(base_url=base, java_script_enabled=javascript, viewport={"width": 1200, "height": 900})
    tab = context.new_page()
    problems = []
    tab.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    tab.on("pageerror", lambda error: problems.append(str(error)))
    tab.problems = problems
    return context, tab


@contextlib.contextmanager
def two_browsers(browser, database):
    """The cluster behind nginx, and two browsers (a reader's and a writer's) on it."""
    with Cluster(database) as cluster:
        base = f"http://127.0.0.1:{cluster.nginx.port}"
        reader_context, reader = open_tab(browser, base)
        writer_context, writer = open_tab(browser, base)
        try:
            yield cluster, reader, writer
        finally:
            reader_context.close()
            writer_context.close()


def test_a_comment_appears_live_in_another_browser_keeping_what_is_typed(browser, database):
    with two_browsers(browser, database) as (cluster, reader, writer):
        sign_in(reader)
        sign_in(writer)
        with reader.expect_request(lambda request: "/_tessera/live?" in request.url):
            reader.goto(POST)
        comments = reader.locator("#comments li article.comment")
        before = comments.count()
        likes = reader.locator("#blog-stats .like-count").inner_text()

        # The reader has half a comment typed, a word selected in it, and the field focused.
        field = reader.locator("#comment-form textarea")
        field.fill("Half-typed thought about this")
        field.evaluate("element => { element.focus(); element.setSelectionRange(5, 10); }")

        writer.goto(POST)
        writer.locator("#comment-form textarea").fill("Arrived live from the other browser")
        writer.get_by_role("button", name="Post comment").click()
        expect(writer.locator("#comments li article.comment").first).to_contain_text("Arrived live")

        expect(comments).to_have_count(before + 1, timeout=10_000)
        expect(comments.first).to_contain_text("Arrived live from the other browser")
        expect(reader.locator("#blog-stats .comment-count")).to_contain_text(f"{before + 1} comment")
        state = field.evaluate(
            "element => [element.value, element.selectionStart, element.selectionEnd, document.activeElement === element]")
        assert state == ["Half-typed thought about this", 5, 10, True], state

        # A like made in the writer's browser changes the reader's count.
        writer.locator("#like-button button").click()
        expect(reader.locator("#blog-stats .like-count")).not_to_have_text(likes, timeout=10_000)

        # Two of the three processes go, one killed and one stopped (SIGTERM ends its streams,
        # so it exits at once). Pages reconnect through nginx to the third, sending the last
        # event's id, and a comment posted while they were away still arrives.
        assert reader.problems == [] and writer.problems == [], reader.problems + writer.problems
        cluster.servers[0].kill()
        cluster.servers[1].process.terminate()
        assert cluster.servers[1].process.wait(timeout=10) == 0, "SIGTERM did not end the process at once"
        writer.locator("#comment-form textarea").fill("Posted while the pages reconnected")
        writer.get_by_role("button", name="Post comment").click()
        expect(comments).to_have_count(before + 2, timeout=15_000)
        expect(comments.first).to_contain_text("Posted while the pages reconnected")
        assert field.input_value() == "Half-typed thought about this"
        # A stream cut by the killed process is the only thing a browser may complain of.
        cut = "net::ERR_INCOMPLETE_CHUNKED_ENCODING"
        assert all(cut in problem for problem in reader.problems + writer.problems), reader.problems + writer.problems


def test_the_home_page_tells_of_a_post_published_elsewhere_without_moving_its_feed(browser, database):
    with two_browsers(browser, database) as (_, reader, writer):
        with reader.expect_request(lambda request: "/_tessera/live?" in request.url):
            reader.goto("/")
        notice = reader.locator("#new-posts")
        expect(notice.get_by_role("link")).to_have_count(0)
        first_post = reader.locator("#feed article.blog-cell").first.inner_text()
        reader.evaluate("window.scrollTo(0, 600)")
        assert reader.evaluate("window.scrollY") > 0
        reading = reader.locator("#feed article.blog-cell").nth(3)
        at = reading.bounding_box()["y"]

        sign_in(writer)
        writer.goto("/drafts/new")
        writer.get_by_label("Title").fill("Published while the home page was open")
        writer.get_by_label("Text").fill("A post the reader hears of.")
        writer.get_by_role("button", name="Save").click()
        # The saved draft's own page, before its Publish button is pressed (a busy machine may
        # still show the new draft's form).
        expect(writer.get_by_role("heading", level=1)).to_have_text("Edit draft")
        writer.get_by_role("button", name="Publish").click()
        expect(writer.get_by_role("heading", level=1)).to_have_text("Published while the home page was open")

        link = notice.get_by_role("link", name="1 new post — show them")
        expect(link).to_be_visible(timeout=10_000)
        assert reader.locator("#feed article.blog-cell").first.inner_text() == first_post, "the feed stayed as it was"
        assert abs(reading.bounding_box()["y"] - at) < 2, "the post being read did not move on the screen"
        link.click()
        expect(reader.locator("#feed article.blog-cell").first).to_contain_text("Published while the home page was open")
        expect(notice.get_by_role("link")).to_have_count(0)
        assert reader.problems == [] and writer.problems == [], reader.problems + writer.problems


def test_the_header_counts_a_message_sent_from_another_browser(browser, database):
    with two_browsers(browser, database) as (_, reader, writer):
        sign_in(reader)
        with reader.expect_request(lambda request: "/_tessera/live?" in request.url):
            reader.goto(POST)
        count = reader.locator("header #awaiting-reply")
        expect(count).to_have_count(1)
        before = count.inner_text().strip()

        # A new member writes to the demo member, through whichever process nginx picks.
        writer.goto("/signup")
        writer.get_by_label("Username").fill("live-writer")
        writer.get_by_label("Display name").fill("Live Writer")
        writer.get_by_label("Password").fill("a long enough password")
        writer.get_by_role("button", name="Create account").click()
        writer.wait_for_url(lambda url: "/signup" not in url)
        writer.goto("/messages/new?to=1")
        writer.get_by_label("Message").fill("Are you reading this post?")
        writer.get_by_role("button", name="Send").click()
        expect(writer.locator(".message-mine", has_text="Are you reading this post?")).to_have_count(1)

        # The reader's header says one more conversation awaits, on the page they are reading.
        expect(count).not_to_have_text(before, timeout=10_000)
        link = count.get_by_role("link")
        expect(link).to_have_text(re.compile(r"^\d+ conversations? awaits? your reply$"))
        link.click()
        expect(reader.locator("#conversations li article").first).to_contain_text("Live Writer")
        assert reader.problems == [] and writer.problems == [], reader.problems + writer.problems


def test_without_javascript_a_page_opens_no_stream(browser, database):
    with Cluster(database) as cluster:
        context, tab = open_tab(browser, f"http://127.0.0.1:{cluster.nginx.port}", javascript=False)
        try:
            streams = []
            tab.on("request", lambda request: streams.append(request.url) if "/_tessera/live" in request.url else None)
            tab.goto(POST)
            expect(tab.locator("#comments[data-tessera-live-since]")).to_have_count(1)
            tab.reload()
            assert streams == []
        finally:
            context.close()
