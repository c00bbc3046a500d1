"""Traces reach a real OTLP/HTTP receiver: `tessera serve` built with Tessera's `OTLP` trait,
with `OTEL_EXPORTER_OTLP_ENDPOINT` naming a small collector run here (OTLP/HTTP with JSON
bodies, `POST /v1/traces`), sends one `GET /blogs/1` as a server span whose children are its
components' loads, whose own children are their statements (table names, never values), and a
comment's mail job (`job demo.comment-mail`) as a consumer span of its own trace, linked to the
request that enqueued it.

A binary built without the trait says nothing of traces at start-up: the test is skipped then,
except under CI (`CI` set), where `.ci/run` builds the server with the trait and a skip would
hide a broken export."""
import http.server
import json
import os
import re
import shutil
import tempfile
import threading
import time
import urllib.parse
import urllib.request

import pytest

from conftest import Server, free_port

OTLP_LINE = "traces: exported over OTLP/HTTP"


class Collector:
    """An OTLP/HTTP receiver on 127.0.0.1: every span of every `POST /v1/traces` it is sent."""

    def __init__(self):
        self.spans = []
        self.lock = threading.Lock()
        collector = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                if self.path != "/v1/traces" or "json" not in self.headers.get("Content-Type", ""):
                    self.send_response(415)
                    self.end_headers()
                    return
                document = json.loads(body)
                with collector.lock:
                    for resource in document.get("resourceSpans", []):
                        for scope in resource.get("scopeSpans", []):
                            collector.spans.extend(scope.get("spans", []))
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                self.wfile.write(b"{}")

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), Handler)
        self.endpoint = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def wait_for(self, found, what, timeout=30):
        """Polls the spans received until `found(spans)` gives something, or fails after `timeout`."""
        deadline = time.monotonic() + timeout
        while True:
            with self.lock:
                result = found(list(self.spans))
            if result:
                return result
            if time.monotonic() > deadline:
                names = sorted({span["name"] for span in self.spans})
                pytest.fail(f"no {what} reached the collector within {timeout} s; spans: {names}")
            time.sleep(0.1)

    def close(self):
        self.server.shutdown()


def named(spans, name):
    return [span for span in spans if span["name"] == name]


def children(spans, parent):
    return [span for span in spans if span.get("parentSpanId") == parent["spanId"]]


class Member:
    """The demo member, signed in."""

    def __init__(self, base):
        self.base = base
        self.cookies = {}
        page = self.request("/signin")
        token = re.search(r'name="_csrf" value="([0-9a-f]{64})"', page).group(1)
        self.request("/signin", {"_csrf": token, "username": "demo", "password": "tessera-demo"})
        assert "tessera_session" in self.cookies

    def request(self, path, fields=None):
        data = urllib.parse.urlencode(fields).encode() if fields is not None else None
        request = urllib.request.Request(self.base + path, data=data)
        if self.cookies:
            request.add_header("Cookie", "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        response = urllib.request.build_opener(NoRedirect).open(request, timeout=30)
        for header in response.headers.get_all("Set-Cookie") or []:
            name, value = header.split(";")[0].split("=", 1)
            self.cookies[name] = value
        return response.read().decode()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None

    def http_error_303(self, request, response, code, message, headers):
        return response


@pytest.fixture
def traced():
    collector = Collector()
    folder = tempfile.mkdtemp(prefix="tessera-otlp-")
    server = Server(folder, env={
        "OTEL_EXPORTER_OTLP_ENDPOINT": collector.endpoint,
        "OTEL_EXPORTER_OTLP_PROTOCOL": "http/json",
        "OTEL_SERVICE_NAME": "tessera-otlp-test",
        "OTEL_BSP_SCHEDULE_DELAY": "100",
    }).start()
    try:
        # Log lines are written in batches: the server's own start line comes after the tracing
        # one, so once it is there the tracing one is too, if there is one.
        log = server.folder / "server.log"
        deadline = time.monotonic() + 30
        while "Server started" not in log.read_text() and time.monotonic() < deadline:
            time.sleep(0.1)
        if OTLP_LINE not in log.read_text():
            if os.environ.get("CI"):
                pytest.fail("CI builds the server with the OTLP trait, but it exports no traces")
            pytest.skip("the server was built without Tessera's OTLP trait")
        yield server, collector
    finally:
        server.stop()
        collector.close()
        shutil.rmtree(folder, ignore_errors=True)


def test_a_page_reaches_the_collector_as_a_span_with_its_loads_and_statements(traced):
    server, collector = traced
    with urllib.request.urlopen(server.base + "/blogs/1", timeout=30) as response:
        assert response.status == 200

    def page_tree(spans):
        for request in named(spans, "GET /blogs/{id}"):
            loads = [span for span in children(spans, request) if span["name"].startswith("load ")]
            statements = [statement for load in loads for statement in children(spans, load)]
            if loads and statements:
                return request, loads, statements
        return None

    request, loads, statements = collector.wait_for(page_tree, "request span with its loads and statements")
    assert request.get("parentSpanId", "") == "", "the request's span is a trace's root"
    assert request["kind"] in (2, "SPAN_KIND_SERVER")
    attributes = {item["key"]: item["value"] for item in request.get("attributes", [])}
    assert list(attributes["http.route"].values()) == ["/blogs/{id}"]
    assert {"load blog-detail", "load comment-list"} <= {load["name"] for load in loads}
    for statement in statements:
        assert re.fullmatch(r"[A-Z]+ [a-z_0-9]+(,[a-z_0-9]+)*", statement["name"]), statement["name"]
        assert statement["kind"] in (3, "SPAN_KIND_CLIENT")
        assert statement["traceId"] == request["traceId"]


def test_a_job_span_links_to_the_request_that_enqueued_it(traced):
    server, collector = traced
    member = Member(server.base)
    page = member.request("/blogs/1")
    form = re.search(r'<form method="post" action="/blogs/1/comments".*?</form>', page, re.S).group(0)
    fields = dict(re.findall(r'name="(_csrf|_once)" value="([0-9a-f]{64})"', form))
    member.request("/blogs/1/comments", {**fields, "text": "traced all the way"})

    def linked(spans):
        posts = named(spans, "POST /blogs/{id}/comments")
        jobs = named(spans, "job demo.comment-mail")
        if posts and jobs:
            return posts[0], jobs[0]
        return None

    post, job = collector.wait_for(linked, "comment request and its mail job")
    assert job["kind"] in (5, "SPAN_KIND_CONSUMER")
    assert job["traceId"] != post["traceId"], "a job has a trace of its own"
    assert [link["traceId"] for link in job.get("links", [])] == [post["traceId"]]
    with collector.lock:
        in_request = {span["spanId"] for span in collector.spans if span["traceId"] == post["traceId"]}
    assert job["links"][0]["spanId"] in in_request, "linked to a span of the request's trace"
