"""`tessera serve --log-format json` writes one JSON object per line: every line parses; a
request's line has its time, level, request id (the proxy's X-Request-ID when it sent one), the
route's pattern, status, duration and statement count, and the member id when signed in; a
health check writes no line."""
import datetime
import http.client
import json
import re
import shutil
import tempfile
import urllib.parse

from conftest import Server


def send(port, method, path, body=None, cookie=None, request_id=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/x-www-form-urlencoded"} if body is not None else {}
    if cookie:
        headers["Cookie"] = cookie
    if request_id:
        headers["X-Request-ID"] = request_id
    connection.request(method, path, body, headers)
    response = connection.getresponse()
    text = response.read().decode()
    cookies = [value.split(";")[0] for name, value in response.getheaders() if name.lower() == "set-cookie"]
    connection.close()
    return response.status, text, cookies


def test_every_line_is_json_with_the_request_facts():
    folder = tempfile.mkdtemp(prefix="tessera-json-logs-")
    server = Server(folder, extra=["--log-format", "json"]).start()
    try:
        _, page, cookies = send(server.port, "GET", "/signin")
        token = re.search(r'name="_csrf" value="([0-9a-f]{64})"', page).group(1)
        form = urllib.parse.urlencode({"_csrf": token, "username": "demo", "password": "tessera-demo"})
        status, _, cookies = send(server.port, "POST", "/signin", form, "; ".join(cookies))
        assert status == 303
        member = next(cookie for cookie in cookies if cookie.startswith("tessera_session="))
        assert send(server.port, "GET", "/users/2", cookie=member, request_id="edge-7f3a")[0] == 200
        assert send(server.port, "GET", "/blogs/999999")[0] == 404
        for _ in range(5):
            assert send(server.port, "GET", "/up")[0] == 200
    finally:
        server.stop()
    try:
        lines = (server.folder / "server.log").read_text().splitlines()
        records = [json.loads(line) for line in lines]  # every line is one JSON object
        assert records and all(isinstance(record, dict) for record in records)
        for record in records:
            assert {"time", "level", "label", "message"} <= record.keys(), record
            datetime.datetime.strptime(record["time"], "%Y-%m-%dT%H:%M:%S.%fZ")
        requests = [record for record in records if "status" in record]
        assert not [record for record in requests if record["path"] == "/up"], "a probe writes no line"
        profile = next(record for record in requests if record["path"] == "/users/2")
        assert profile["request_id"] == "edge-7f3a"
        assert profile["route"] == "/users/{id}"
        assert profile["method"] == "GET" and profile["status"] == 200 and profile["level"] == "info"
        assert isinstance(profile["duration_ms"], float) and profile["duration_ms"] >= 0
        assert isinstance(profile["statements"], int) and profile["statements"] > 0
        assert isinstance(profile["member_id"], int)
        missing = next(record for record in requests if record["path"] == "/blogs/999999")
        assert missing["status"] == 404 and "member_id" not in missing
        assert re.fullmatch(r"[0-9a-f]{16}", missing["request_id"])
        assert len({record["request_id"] for record in requests}) == len(requests)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
