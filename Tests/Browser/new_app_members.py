"""Members in the app `tessera new` writes, in Chromium with JavaScript on and off: sign up, sign
out (with its notice), a refused sign-in, then signing in again. `.ci/run` runs it against the new
app's server: `python3 Tests/Browser/new_app_members.py http://127.0.0.1:PORT`."""
import os
import re
import sys
import uuid

from playwright.sync_api import expect, sync_playwright

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


def journey(browser, base, javascript):
    context = browser.new_context(base_url=base, java_script_enabled=javascript)
    page = context.new_page()
    errors = []
    # Script errors and CSP violations fail the journey; a refused form's 400 and the missing
    # favicon's 404 are answers, not errors, but no response may be a 5xx.
    page.on("console", lambda message: message.type == "error" and not message.text.startswith("Failed to load resource")
            and errors.append(message.text))
    page.on("response", lambda response: response.status >= 500 and errors.append(f"{response.status} {response.url}"))
    name = ("ada-js-" if javascript else "ada-plain-") + uuid.uuid4().hex[:8]
    account = page.locator(".account")

    page.goto("/")
    account.get_by_role("link", name="Create an account").click()
    page.get_by_label("Username").fill(name)
    page.get_by_label("Display name").fill("Ada Lovelace")
    page.get_by_label("Password").fill("analytical-engine")
    page.get_by_role("button", name="Create account").click()
    expect(account).to_contain_text("Ada Lovelace")
    expect(page.locator("[data-tessera-notice]")).to_contain_text("Welcome! Your account is ready.")

    account.get_by_role("button", name="Sign out").click()
    expect(page.locator("[data-tessera-notice]")).to_contain_text("You are signed out.")
    expect(account.get_by_role("link", name="Sign in")).to_be_visible()
    page.reload()
    expect(page.locator("[data-tessera-notice]")).to_have_count(0)  # shown once

    account.get_by_role("link", name="Sign in").click()
    page.get_by_label("Username").fill(name)
    page.get_by_label("Password").fill("not-the-password")
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator(".error-summary[role=alert] p")).to_have_text("That username and password do not match.")
    expect(page).to_have_title(re.compile(r"^Error: "))
    expect(page.get_by_label("Username")).to_have_value(name)

    page.get_by_label("Password").fill("analytical-engine")
    page.get_by_role("button", name="Sign in").click()
    expect(account).to_contain_text("Ada Lovelace")
    assert errors == [], errors
    context.close()


def main():
    base = sys.argv[1]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for javascript in (True, False):
            journey(browser, base, javascript)
            print(f"new app members: sign up, out and in with JavaScript {'on' if javascript else 'off'}: ok")
        browser.close()


if __name__ == "__main__":
    main()
