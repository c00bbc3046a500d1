#!/usr/bin/env python3
"""SQL statements per action, read from the server's request log (`sql=N`).

    Tests/Benchmarks/action_queries.py [PATH-TO-tessera]     (default .build/debug/tessera)

Serves a fresh database on a free 127.0.0.1 port, signs in as the demo account, then posts
each action as the client script does (`X-Tessera-Fragment`) and as a plain form (303), to the
address the page's own form names: like (/blogs/2), the feed's like button of post 67 (a child
of the feed, found through its parent), save draft (/drafts/1/edit), send message (/messages/1). Prints one line per post: action, kind, status, SQL statements. The count is the
request's statements through its scope (scene, handler, components); sessions, CSRF and the
repeated-submission guard are not in it.
"""
import http.cookiejar, os, re, socket, subprocess, sys, tempfile, time, urllib.parse, urllib.request

binary = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/tessera"
work = tempfile.mkdtemp(prefix="tessera-actions.")
sock = socket.socket(); sock.bind(("127.0.0.1", 0)); port = sock.getsockname()[1]; sock.close()
log_path = os.path.join(work, "server.log")
server = subprocess.Popen([binary, "serve", "--hostname", "127.0.0.1", "--port", str(port), "--db", os.path.join(work, "db.sqlite")],
                          stdout=open(log_path, "w"), stderr=subprocess.STDOUT)
base = f"http://127.0.0.1:{port}"


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


jar = http.cookiejar.CookieJar()
opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), NoRedirect)


def request(path, fields=None, fragment=False):
    data = urllib.parse.urlencode(fields).encode() if fields is not None else None
    req = urllib.request.Request(base + path, data=data, headers={"X-Tessera-Fragment": "1"} if fragment else {})
    try:
        with opener.open(req, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def form_action(html, pattern):
    match = re.search(r'<form[^>]*action="(' + pattern + r')"', html)
    if not match:
        sys.exit(f"action_queries: no form posting to {pattern}")
    return match.group(1)


def token(html):
    return re.search(r'name="_csrf" value="([0-9a-f]+)"', html).group(1)


def sql_of_last(method_path):
    time.sleep(0.5)  # the server writes its buffered log every 0.2 s
    for line in reversed(open(log_path).read().splitlines()):
        if method_path in line and "sql=" in line:
            return int(re.search(r"sql=(\d+)", line).group(1))
    return None


try:
    for _ in range(200):
        try:
            urllib.request.urlopen(base + "/fortunes", timeout=1); break
        except OSError:
            time.sleep(0.1)
    _, page = request("/signin")
    status, _ = request("/signin", {"_csrf": token(page), "username": "demo", "password": "tessera-demo"})
    assert status == 303, f"sign in answered {status}"

    def run(name, page_path, action_pattern, fields):
        for fragment in (True, False):
            _, page = request(page_path)
            action = form_action(page, action_pattern)
            status, _ = request(action.replace("&amp;", "&"), {"_csrf": token(page), **fields}, fragment=fragment)
            print(f"{name:13} {'fragment' if fragment else 'plain':8} POST {action:24} {status}  sql={sql_of_last('POST ' + action + ' ')}")

    run("like", "/blogs/2", r"/blogs/2/(?:un)?like", {})
    run("feed like", "/", r"/(?:un)?like[^\"]*", {"_component": "feed-like-67"})
    run("save draft", "/drafts/1/edit", r"/drafts/1[^\"]*", {"title": "Measured", "body": "Counting statements."})
    run("send message", "/messages/1", r"/messages/1[^\"]*", {"text": "Counting statements."})
finally:
    server.terminate(); server.wait()
