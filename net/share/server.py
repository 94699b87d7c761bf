"""Give lanpurr to a friend: a small read-only web server for the LAN.

It serves a *kit*, the folder `packaging/build.py` makes:

    kit/downloads/lanpurr-0.1.0-linux-x86_64.tar.gz   one-folder apps, one archive per system
    kit/wheels/*.whl                                  lanpurr's wheel and every dependency's

at these addresses, and nothing else:

    /                 a page in English, Italian or Spanish (from the browser's language) with
    /en/ /it/ /es/    the exact commands for each system, using the address the friend typed
    /wheels/          a page of links that `pip install --find-links` reads
    /wheels/NAME      a wheel         /downloads/NAME   an app archive

The routes are fixed when sharing starts, from the files found in the kit; a request is
answered only when its path is one of them, so `..`, encoded dots, absolute paths and symlinks
that lead out of the kit get 404. Only GET and HEAD. Standard library only: `http.server` in a
thread of its own, so the app and the command line can start and stop it at will.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
import shutil
import socket
import sys
import threading
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

from net.share import share_page
from net.share.kit import AppArchive, Kit, SharedFile

log = logging.getLogger(__name__)

DEFAULT_PORT = 8765
"""Easy to type; when it is taken, any free port is used instead (and printed)."""
ENV_KIT = "LANPURR_KIT"
MAX_CONNECTIONS = 64
"""Connections served at once (browsers keep a few open each); one more is closed at once."""
IDLE_TIMEOUT_S = 30.0
"""A connection that sends nothing for this long is closed, so a stalled peer holds no thread."""
CHUNK = 1024 * 1024

_ARCHIVE = re.compile(
    r"^lanpurr-(?P<version>[0-9][0-9A-Za-z.+-]*?)-(?P<system>linux|windows|macos)-"
    r"(?P<arch>[A-Za-z0-9_]+)\.(?P<ext>tar\.gz|zip|dmg)$"
)
_SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._+-]*$")


class KitError(Exception):
    """The kit folder cannot be shared. The message says what to do."""


def _digest(path: Path) -> str:
    sha = hashlib.sha256()
    with path.open("rb") as file:
        while block := file.read(CHUNK):
            sha.update(block)
    return sha.hexdigest()


def _files_in(folder: Path, root: Path) -> list[Path]:
    """The regular files right inside `folder` whose real place is inside `root`."""
    if not folder.is_dir():
        return []
    found = []
    for entry in sorted(folder.iterdir()):
        if not entry.is_file() or not _SAFE_NAME.match(entry.name):
            continue
        if not entry.resolve().is_relative_to(root):
            log.warning("not sharing %s: it leads out of the kit folder", entry)
            continue
        found.append(entry)
    return found


def scan_kit(root: Path) -> Kit:
    """Read the kit at `root`: its app archives and wheels (hashing each file once)."""
    if not root.is_dir():
        raise KitError(
            f"there is no kit folder at {root}. Build one with `python packaging/build.py` "
            "(it makes dist/kit), or pass the folder with --kit"
        )
    real = root.resolve()
    archives = []
    for path in _files_in(root / "downloads", real):
        match = _ARCHIVE.match(path.name)
        if match is None:
            log.warning("not sharing %s: not named lanpurr-VERSION-SYSTEM-ARCH.EXT", path.name)
            continue
        archives.append(
            AppArchive(
                path.name,
                path,
                path.stat().st_size,
                _digest(path),
                match["version"],
                match["system"],
                match["arch"],
            )
        )
    wheels = [
        SharedFile(path.name, path, path.stat().st_size, _digest(path))
        for path in _files_in(root / "wheels", real)
        if path.name.endswith(".whl")
    ]
    if not archives and not wheels:
        raise KitError(
            f"the kit folder {root} holds no app archive in downloads/ and no wheel in wheels/; "
            "build it with `python packaging/build.py`"
        )
    return Kit(root, tuple(archives), tuple(wheels))


def find_kit(explicit: Path | None = None) -> Path | None:
    """Where the kit is: `explicit`, else $LANPURR_KIT, else the folder an unpacked app sits in
    (kit/lanpurr/lanpurr), else `kit` in the lanpurr data folder. None if none exists."""
    if explicit is not None:
        return explicit
    configured = os.environ.get(ENV_KIT)
    if configured:
        return Path(configured)
    candidates = []
    if getattr(sys, "frozen", False):
        app_folder = Path(sys.executable).resolve().parent
        candidates += [app_folder.parent, app_folder / "kit"]
    from net.home import home_dir

    candidates.append(home_dir() / "kit")
    for candidate in candidates:
        if (candidate / "wheels").is_dir() or (candidate / "downloads").is_dir():
            return candidate
    return None


def lan_addresses() -> list[str]:
    """This laptop's IPv4 addresses other than loopback: what a friend types."""
    import ifaddr  # installed with zeroconf

    found: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ip.ip.startswith("127.") and ip.ip not in found:
                found.append(ip.ip)
    return found


def url(address: str, port: int, path: str = "/") -> str:
    host = f"[{address}]" if ":" in address else address
    return f"http://{host}:{port}{path}"


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 16

    def __init__(self, address: tuple[str, int], share: ShareServer) -> None:
        self.share = share
        self.slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
        super().__init__(address, _Handler)

    def process_request(self, request: socket.socket, client_address: object) -> None:  # type: ignore[override]
        if not self.slots.acquire(blocking=False):
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.slots.release()
            raise

    def process_request_thread(self, request: socket.socket, client_address: object) -> None:  # type: ignore[override]
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()

    def handle_error(self, request: object, client_address: object) -> None:
        """A visitor that hangs up mid-download is no error; anything else is logged, never
        printed as a traceback on the host's terminal."""
        error = sys.exc_info()[1]
        if isinstance(error, ConnectionError | TimeoutError):
            log.debug("a download to %s ended early: %s", client_address, error)
        else:
            log.warning("serving %s failed: %r", client_address, error)


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    timeout = IDLE_TIMEOUT_S
    protocol_version = "HTTP/1.1"
    server_version = "lanpurr-share"
    sys_version = ""

    def do_GET(self) -> None:
        self._answer(send_body=True)

    def do_HEAD(self) -> None:
        self._answer(send_body=False)

    def _refuse_method(self) -> None:
        self.send_response(HTTPStatus.METHOD_NOT_ALLOWED)
        self.send_header("Allow", "GET, HEAD")
        self.send_header("Content-Length", "0")
        self.end_headers()

    do_POST = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = _refuse_method

    def _answer(self, send_body: bool) -> None:
        share = self.server.share
        path = unquote(urlsplit(self.path).path)
        if path in share.files:
            shared = share.files[path]
            kind = (
                "application/gzip" if shared.name.endswith(".gz")
                else "application/zip" if shared.name.endswith((".zip", ".whl"))
                else "application/octet-stream"
            )  # fmt: skip
            self._send_file(shared, kind, send_body)
            return
        page = share.page_for(path, self.headers.get("Host", ""), self.headers.get(
            "Accept-Language", ""))  # fmt: skip
        if page is None:
            body = b"Not found. lanpurr shares only what its home page lists.\n"
            self._send_bytes(HTTPStatus.NOT_FOUND, body, "text/plain; charset=utf-8", send_body)
        else:
            self._send_bytes(HTTPStatus.OK, page.encode(), "text/html; charset=utf-8", send_body)

    def _send_bytes(self, status: HTTPStatus, body: bytes, kind: str, send_body: bool) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        if send_body:
            self.wfile.write(body)

    def _send_file(self, shared: SharedFile, kind: str, send_body: bool) -> None:
        try:
            file = shared.path.open("rb")
        except OSError as error:
            log.warning("cannot read %s: %s", shared.path, error)
            body = b"This file is no longer in the kit folder.\n"
            self._send_bytes(HTTPStatus.GONE, body, "text/plain; charset=utf-8", send_body)
            return
        with file:
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(shared.size))
            self.send_header("Content-Disposition", f'attachment; filename="{shared.name}"')
            self.end_headers()
            if send_body:
                shutil.copyfileobj(file, self.wfile, CHUNK)
                self.server.share.served(self.client_address[0], shared.name)

    def log_message(self, format: str, *args: object) -> None:
        log.debug("%s %s", self.client_address[0], format % args)


class ShareServer:
    """Serves one kit on (`host`, `port`) from a background thread until `stop()`."""

    def __init__(
        self,
        kit: Kit,
        host: str = "0.0.0.0",
        port: int = DEFAULT_PORT,
        on_download: Callable[[str, str], None] | None = None,
    ) -> None:
        self.kit = kit
        self.on_download = on_download
        self.files: dict[str, SharedFile] = {f"/wheels/{w.name}": w for w in kit.wheels}
        self.files.update({f"/downloads/{a.name}": a for a in kit.archives})
        self._server = self._bind(host, port)
        self.host = host
        self.port: int = self._server.server_address[1]
        self._thread = threading.Thread(
            target=self._server.serve_forever, args=(0.1,), name="lanpurr-share", daemon=True
        )

    def _bind(self, host: str, port: int) -> _Server:
        try:
            return _Server((host, port), self)
        except OSError:
            if port != DEFAULT_PORT:
                raise
            return _Server((host, 0), self)  # the usual port is taken: any free one

    def start(self) -> ShareServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop answering and close the port; waits for the serving thread (not downloads)."""
        if self._thread.is_alive():
            self._server.shutdown()
            self._thread.join(timeout=5)
        self._server.server_close()

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def addresses(self) -> list[str]:
        """The addresses a friend can type (the bound one, or every LAN address)."""
        if self.host not in ("", "0.0.0.0"):
            return [self.host]
        return lan_addresses() or ["127.0.0.1"]

    def served(self, client: str, name: str) -> None:
        log.info("%s downloaded %s", client, name)
        if self.on_download is not None:
            self.on_download(client, name)

    def page_for(self, path: str, host_header: str, accept_language: str) -> str | None:
        """The HTML for `path`, or None if it is not one of the pages."""
        host = host_header if share_page.is_plain_host(host_header) else url(
            self.addresses()[0], self.port, "")[len("http://"):]  # fmt: skip
        if path == "/wheels/":
            return share_page.wheel_index(self.kit)
        if path in ("/", "/index.html"):
            language = share_page.language_from(accept_language)
        elif path.strip("/") in share_page.LANGUAGES and path.endswith("/"):
            language = path.strip("/")
        else:
            return None
        return share_page.home_page(self.kit, host, language)
