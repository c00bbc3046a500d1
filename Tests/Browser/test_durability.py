"""An acknowledged write survives the process being killed (SIGKILL) right after."""
import http.cookiejar
import re
import urllib.parse
import urllib.request


class Client:
    """A cookie-keeping HTTP client that does not follow redirects."""

    def __init__(self, base):
        self.base = base
        self.jar = http.cookiejar.CookieJar()

        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args, **kwargs):
                return None

        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), NoRedirect())

    def get(self, path):
        with self.opener.open(self.base + path, timeout=10) as response:
            return response.status, response.read().decode()

    def post(self, path, fields):
        data = urllib.parse.urlencode(fields).encode()
        try:
            with self.opener.open(urllib.request.Request(self.base + path, data=data), timeout=10) as response:
                return response.status, response.headers, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read().decode()

    def token(self, path):
        _, html = self.get(path)
        return re.search(r'name="_csrf" value="([0-9a-f]{64})"', html).group(1)

    def sign_in(self):
        status, _, _ = self.post("/signin", {"_csrf": self.token("/signin"), "username": "demo", "password": "tessera-demo"})
        assert status == 303


def test_acknowledged_draft_survives_kill_9(server):
    client = Client(server.base)
    client.sign_in()
    text = "Written just before the crash. ünïcødé ✓"
    status, headers, _ = client.post("/drafts/new", {"_csrf": client.token("/drafts/new"), "title": "Crash test", "body": text})
    assert status == 303
    edit_path = headers["Location"]
    server.kill()

    server.start()
    client = Client(server.base)
    client.sign_in()
    status, html = client.get(edit_path)
    assert status == 200
    assert "Crash test" in html
    assert "Written just before the crash. ünïcødé ✓" in html


def test_acknowledged_like_survives_kill_9(server):
    client = Client(server.base)
    client.sign_in()
    token = client.token("/blogs/2")
    status, _, _ = client.post("/blogs/2/like", {"_csrf": token})
    assert status == 303
    server.kill()

    server.start()
    _, html = Client(server.base).get("/blogs/2")
    assert re.search(r"\b1 like\b", html), "the like acknowledged before the kill is there after restart"
