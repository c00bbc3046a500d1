"""Becoming a member in Chromium, with JavaScript on and off: from the sign-in page to the
sign-up form, a refused attempt that keeps what was typed, then a new member signed in."""
import re

from playwright.sync_api import expect


def test_sign_up(page):
    page.goto("/signin")
    page.get_by_role("link", name="Create an account").click()
    expect(page).to_have_url(re.compile(r"/signup$"))
    page.shot("sign-up")

    # A taken username: the form comes back with the problem and what was typed.
    page.get_by_label("Username").fill("demo")
    page.get_by_label("Display name").fill("Zoë Écrivain 👩🏽‍💻")
    page.get_by_label("Password").fill("a long enough password")
    page.get_by_role("button", name="Create account").click()
    expect(page.locator("#sign-up-username-error")).to_have_text("Someone already has this username. Choose another.")
    expect(page.get_by_label("Display name")).to_have_value("Zoë Écrivain 👩🏽‍💻")
    expect(page.get_by_label("Username")).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_label("Password")).to_have_value("")
    page.shot("sign-up-taken")

    username = "zoe-" + page.mode
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill("a long enough password")
    page.get_by_role("button", name="Create account").click()
    expect(page).to_have_url(re.compile(r"/users/\d+$"))
    expect(page.get_by_role("navigation", name="Main")).to_contain_text("Zoë Écrivain 👩🏽‍💻")
    page.shot("signed-up")

    # Signed out and back in with the new account.
    page.get_by_role("button", name="Sign out").click()
    page.goto("/signin")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill("a long enough password")
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("navigation", name="Main")).to_contain_text("Zoë Écrivain 👩🏽‍💻")
