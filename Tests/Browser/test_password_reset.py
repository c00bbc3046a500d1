"""A forgotten password, end to end in Chromium with JavaScript on and off: the member confirms an
address, signs out, asks for a link, the mail arrives at a real SMTP server (aiosmtpd on
127.0.0.1), the link sets a new password and signs them in; the link then works no more, and an
unknown address gets the same answer and no mail."""
import email
import email.policy
import re
import shutil
import tempfile
import time
import urllib.parse

import pytest
from playwright.sync_api import expect

from conftest import Server, audit, free_port, sign_in

aiosmtpd = pytest.importorskip("aiosmtpd.controller", reason="aiosmtpd is not installed (python3 -m pip install aiosmtpd)")

ADDRESS = "demo@example.test"


class Mailbox:
    """An SMTP server on a free port of 127.0.0.1 keeping each message it receives."""

    def __init__(self):
        self.messages = []
        self.port = free_port()
        self.controller = aiosmtpd.Controller(self, hostname="127.0.0.1", port=self.port)

    async def handle_DATA(self, server, session, envelope):
        self.messages.append((envelope.rcpt_tos, email.message_from_bytes(envelope.content, policy=email.policy.default)))
        return "250 OK"

    def wait_for(self, count, seconds=15):
        deadline = time.monotonic() + seconds
        while len(self.messages) < count:
            assert time.monotonic() < deadline, f"{count} mails expected, {len(self.messages)} arrived"
            time.sleep(0.05)
        return self.messages[count - 1]


@pytest.fixture
def mailbox():
    box = Mailbox()
    box.controller.start()
    yield box
    box.controller.stop()


@pytest.fixture
def site(mailbox):
    folder = tempfile.mkdtemp(prefix="tessera-browser-reset-")
    running = Server(folder, env={"TESSERA_SMTP_URL": f"smtp://127.0.0.1:{mailbox.port}"}).start()
    yield running
    running.stop()
    shutil.rmtree(folder, ignore_errors=True)


def link_in(message):
    text = message.get_body(preferencelist=("plain",)).get_content()
    link = next(line for line in text.splitlines() if line.startswith("http"))
    parts = urllib.parse.urlsplit(link)
    return parts.path + "?" + parts.query


def test_forgotten_password(page, mailbox):
    # A confirmed address first: the member asks, the link's page confirms it.
    sign_in(page)
    page.goto("/settings/security/email")
    page.get_by_label("E-mail address").fill(ADDRESS)
    page.get_by_role("button", name="Mail me a link").click()
    expect(page.locator("[data-tessera-notice]")).to_contain_text(f"A link to confirm {ADDRESS} is on its way")
    recipients, confirmation = mailbox.wait_for(1)
    assert recipients == [ADDRESS] and confirmation["Subject"] == "Confirm your e-mail address"
    page.goto(link_in(confirmation))
    page.get_by_role("button", name="Confirm").click()
    expect(page.locator("[data-tessera-notice]")).to_contain_text(f"Your address {ADDRESS} is confirmed.")
    expect(page.locator("[data-current-email]")).to_have_text(ADDRESS)
    page.get_by_role("button", name="Sign out").click()
    expect(page.get_by_role("navigation", name="Main")).not_to_contain_text("Demo Writer")

    # An unknown address, then the member's: the same answer; one mail, to the member.
    page.goto("/signin")
    page.get_by_role("link", name="Forgot your password?").click()
    expect(page).to_have_url(re.compile(r"/account/forgot$"))
    audit(page, "forgot-password")
    notices = []
    for address in ["nobody@example.test", ADDRESS.upper()]:
        page.goto("/account/forgot")
        page.get_by_label("E-mail address").fill(address)
        page.get_by_role("button", name="Mail me a link").click()
        notice = page.locator("[data-tessera-notice]")
        expect(notice).to_contain_text("a link to choose a new password is on its way")
        notices.append(notice.inner_text().replace(address, "…"))
    assert notices[0] == notices[1]
    recipients, reset = mailbox.wait_for(2)
    assert recipients == [ADDRESS] and reset["Subject"] == "Choose a new password"

    # The link: a new password, signed in, at home.
    link = link_in(reset)
    page.goto(link)
    audit(page, "reset-password")
    page.get_by_label("New password", exact=True).fill("a new demo password")
    page.get_by_label("Confirm the new password").fill("a new demo password")
    page.get_by_role("button", name="Set the new password").click()
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.locator("[data-tessera-notice]")).to_contain_text("Your new password is set and you are signed in.")
    expect(page.get_by_role("navigation", name="Main")).to_contain_text("Demo Writer")
    page.shot("reset-signed-in")

    # Once only; the new password signs in, the old one no more.
    page.goto(link)
    expect(page.locator("[data-link-expired]")).to_be_visible()
    page.get_by_role("button", name="Sign out").click()
    sign_in(page, password="a new demo password")
    expect(page.get_by_role("navigation", name="Main")).to_contain_text("Demo Writer")
    assert len(mailbox.messages) == 2
