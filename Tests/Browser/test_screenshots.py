"""Screenshots of every scene, desktop and phone, light and dark, under artifacts/screenshots/scenes/.

Not a check of pixels: these are for people to look at after a change (the journeys and the
audits check behaviour). Each must still answer 200 without console errors.
"""
import pytest

from conftest import SHOTS

SCENES = [
    ("visitor", "home", "/"), ("visitor", "photos", "/photos"), ("visitor", "photo", "/photos/2"),
    ("visitor", "blog", "/blogs/72"), ("visitor", "profile", "/users/2"), ("visitor", "signin", "/signin"),
    ("member", "home", "/"), ("member", "blog", "/blogs/1"), ("member", "blog-edit", "/blogs/1/edit"),
    ("member", "profile", "/users/1"), ("member", "profile-edit", "/users/1/edit"), ("member", "trash", "/trash"),
    ("member", "trash-confirm", "/trash/13/delete"), ("member", "messages", "/messages"),
    ("member", "message-new", "/messages/new?to=2"), ("member", "conversation", "/messages/1"),
    ("member", "draft", "/drafts/1/edit"), ("member", "password", "/settings/security/password"),
]
VIEWS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("view", ["desktop", "phone"])
def test_screenshot_every_scene(browser, shared_server, view, scheme):
    folder = SHOTS / "scenes"
    folder.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(base_url=shared_server.base, viewport=VIEWS[view], color_scheme=scheme,
                                  device_scale_factor=1)
    tab = context.new_page()
    errors = []
    tab.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    for who, name, path in SCENES:
        if who == "member" and not getattr(tab, "signed_in", False):
            tab.goto("/signin")
            tab.get_by_label("Username").fill("demo")
            tab.get_by_label("Password").fill("tessera-demo")
            tab.get_by_role("button", name="Sign in").click()
            tab.wait_for_load_state()
            tab.signed_in = True
        response = tab.goto(path)
        if response.status == 404 and "trash-confirm" in name:
            continue  # that post was deleted forever by a journey
        assert response.status == 200, path
        tab.screenshot(path=str(folder / f"{who}-{name}-{view}-{scheme}.png"), full_page=True)
    context.close()
    assert errors == []
