"""Floods of idle TCP connections, for the connection-cap test (test_connection_flood.py) and
benchmark (Tests/Benchmarks/connection_flood.py): opened in batches under the listen backlog, and
what the server's side holds, read from /proc/net/tcp."""
import pathlib
import select
import socket
import time


def server_side(port):
    """The TCP connections established to `port` (the server's side of each: those it accepted
    and those the kernel holds for it to accept) and the length of that queue, from
    /proc/net/tcp."""
    established = queued = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in pathlib.Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if int(fields[1].rsplit(":", 1)[1], 16) != port:
                continue
            if fields[3] == "01":  # ESTABLISHED
                established += 1
            elif fields[3] == "0A":  # LISTEN: the receive queue is the accept queue
                queued += int(fields[4].split(":")[1], 16)
    return established, queued


class Flood:
    """`count` idle connections to `port`, none sending a byte, opened in batches smaller than
    the server's listen backlog (256): each batch is opened without blocking and the next waits
    until every connection of it is established or refused and the server's accept queue is
    empty. (A burst larger than the backlog would overflow the queue, and the kernel's SYN
    cookies would then leave connections the client thinks open but the server never saw.)

    `drain` False waits only for the connections; `wait` False opens them all at once and waits
    for nothing. With `patience` (seconds) a batch waits at most that long and the flood goes on,
    counting the batches that ran out in `stalled` (a server that stopped accepting keeps its
    queue full); without, a batch not done within 30 s fails the test."""

    def __init__(self, port, count, batch=200, drain=True, wait=True, patience=None):
        self.sockets = []
        self.ended = set()
        self.stalled = 0
        while len(self.sockets) < count:
            opened = []
            for _ in range(min(batch, count - len(self.sockets))):
                sock = socket.socket()
                sock.setblocking(False)
                sock.connect_ex(("127.0.0.1", port))
                opened.append(sock)
            self.sockets += opened
            if not wait:
                continue
            done = lambda: self.connecting(opened) == 0 and (not drain or server_side(port)[1] == 0)
            if patience is None:
                poll(done, 30, f"a batch of the flood connected and accepted ({len(self.sockets)} of {count})")
            elif not wait_for(done, patience):
                self.stalled += 1

    @staticmethod
    def connecting(sockets):
        poller = select.poll()
        for sock in sockets:
            poller.register(sock.fileno(), select.POLLOUT)
        return len(sockets) - len(poller.poll(0))

    def open_count(self):
        """How many are still open: not closed or refused by the server."""
        poller = select.poll()
        live = {sock.fileno(): sock for sock in self.sockets if sock not in self.ended}
        for fd in live:
            poller.register(fd, select.POLLIN)
        for fd, events in poller.poll(0):
            sock = live[fd]
            try:
                if events & (select.POLLERR | select.POLLHUP) or sock.recv(1) == b"":
                    self.ended.add(sock)
            except BlockingIOError:
                pass
            except OSError:
                self.ended.add(sock)
        return len(self.sockets) - len(self.ended)

    def close(self):
        for sock in self.sockets:
            sock.close()


def wait_for(condition, within):
    """`condition()`'s first true value within `within` seconds, or None."""
    deadline = time.monotonic() + within
    while True:
        value = condition()
        if value or time.monotonic() > deadline:
            return value or None
        time.sleep(0.02)


def poll(condition, within, what):
    """Waits until `condition()` returns something true, at most `within` seconds; returns it."""
    value = wait_for(condition, within)
    if not value:
        raise AssertionError(f"not within {within} s: {what}")
    return value
