"""The share server on loopback: it serves the kit's files and pages, and nothing else."""

from __future__ import annotations

import hashlib
import http.client
import re
import socket
import subprocess
import sys
import tarfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from net.share.server import KitError, ShareServer, scan_kit
from net.share.share_page import coverage
from tests.packaging.conftest import ROOT, Watched

ARCHIVE = "lanpurr-0.1.0-linux-x86_64.tar.gz"
WHEELS = (
    "lanpurr-0.1.0-py3-none-any.whl",
    "msgpack-1.2.4-cp311-cp311-manylinux2014_x86_64.manylinux_2_17_x86_64.whl",
    "pyside6_essentials-6.11.3-cp310-abi3-manylinux_2_34_x86_64.whl",
    "pyside6_essentials-6.11.3-cp310-abi3-win_amd64.whl",
)


@pytest.fixture
def kit_folder(tmp_path: Path) -> Path:
    kit = tmp_path / "kit"
    (kit / "wheels").mkdir(parents=True)
    (kit / "downloads").mkdir()
    for name in WHEELS:
        (kit / "wheels" / name).write_bytes(b"wheel " + name.encode())
    app = tmp_path / "lanpurr"
    app.mkdir()
    (app / "lanpurr").write_text("#!/bin/sh\necho the app\n")
    with tarfile.open(kit / "downloads" / ARCHIVE, "w:gz") as archive:
        archive.add(app, arcname="lanpurr")
    (tmp_path / "secret.txt").write_text("not for the LAN")
    return kit


@pytest.fixture
def server(kit_folder: Path) -> Iterator[ShareServer]:
    running = ShareServer(scan_kit(kit_folder), host="127.0.0.1", port=0).start()
    yield running
    running.stop()


def get(server: ShareServer, path: str, method: str = "GET",
        headers: dict[str, str] | None = None) -> tuple[int, bytes, dict[str, str]]:  # fmt: skip
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.putrequest(method, path, skip_host="Host" in (headers or {}))
    for key, value in (headers or {}).items():
        connection.putheader(key, value)
    connection.endheaders()
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, body, {k.lower(): v for k, v in response.getheaders()}


def test_the_kit_files_come_back_byte_for_byte(server: ShareServer, kit_folder: Path) -> None:
    status, body, headers = get(server, f"/downloads/{ARCHIVE}")
    assert status == 200 and body == (kit_folder / "downloads" / ARCHIVE).read_bytes()
    assert headers["content-length"] == str(len(body))
    status, body, _ = get(server, f"/wheels/{WHEELS[0]}")
    assert status == 200 and body == (kit_folder / "wheels" / WHEELS[0]).read_bytes()
    status, body, headers = get(server, f"/downloads/{ARCHIVE}", method="HEAD")
    assert status == 200 and body == b"" and int(headers["content-length"]) > 0


@pytest.mark.parametrize(
    "path",
    [
        "/../secret.txt",
        "/wheels/../../secret.txt",
        "/wheels/%2e%2e/%2e%2e/secret.txt",
        "/downloads/..%2f..%2fsecret.txt",
        "//etc/passwd",
        "/etc/passwd",
        "/wheels",
        "/downloads/",
        "/kit/wheels/" + WHEELS[0],
        "/wheels/" + WHEELS[0] + "/",
        "/wheels/.",
        "/en",
        "/fr/",
        "http://127.0.0.1/../secret.txt",
    ],
)
def test_path_tricks_and_other_paths_get_not_found(server: ShareServer, path: str) -> None:
    status, body, _ = get(server, path)
    assert status == 404, (path, body[:200])
    assert b"not for the LAN" not in body and b"root:" not in body


def test_a_symlink_in_the_kit_that_leads_outside_is_not_shared(kit_folder: Path) -> None:
    outside = kit_folder.parent / "secret.txt"
    (kit_folder / "wheels" / "evil-1.0-py3-none-any.whl").symlink_to(outside)
    kit = scan_kit(kit_folder)
    assert "evil-1.0-py3-none-any.whl" not in [w.name for w in kit.wheels]
    running = ShareServer(kit, host="127.0.0.1", port=0).start()
    try:
        assert get(running, "/wheels/evil-1.0-py3-none-any.whl")[0] == 404
    finally:
        running.stop()


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH"])
def test_nothing_can_be_written(server: ShareServer, kit_folder: Path, method: str) -> None:
    before = sorted(p.name for p in (kit_folder / "wheels").iterdir())
    status, _, headers = get(server, f"/wheels/{WHEELS[0]}", method=method)
    assert status == 405 and headers["allow"] == "GET, HEAD"
    assert sorted(p.name for p in (kit_folder / "wheels").iterdir()) == before


def test_the_wheel_page_links_every_wheel_with_its_hash(server: ShareServer,
                                                        kit_folder: Path) -> None:  # fmt: skip
    status, body, headers = get(server, "/wheels/")
    assert status == 200 and headers["content-type"].startswith("text/html")
    links = dict(re.findall(r'href="([^"#]+)#sha256=([0-9a-f]{64})"', body.decode()))
    assert set(links) == set(WHEELS)
    for name, digest in links.items():
        assert hashlib.sha256((kit_folder / "wheels" / name).read_bytes()).hexdigest() == digest


@pytest.mark.parametrize(
    ("accept", "path", "expected"),
    [
        ("it-IT,it;q=0.9,en;q=0.5", "/", "Prendi lanpurr"),
        ("es-ES", "/", "Consigue lanpurr"),
        ("fr-FR,de", "/", "Get lanpurr"),
        ("", "/es/", "Consigue lanpurr"),
        ("es", "/en/", "Get lanpurr"),
    ],
)
def test_the_home_page_speaks_the_browser_language(server: ShareServer, accept: str, path: str,
                                                   expected: str) -> None:  # fmt: skip
    status, body, _ = get(server, path, headers={"Accept-Language": accept})
    assert status == 200 and f"<title>{expected}</title>" in body.decode()


def test_the_commands_use_the_address_the_friend_typed(server: ShareServer) -> None:
    typed = "192.168.1.23:8765"
    page = get(server, "/", headers={"Host": typed})[1].decode()
    assert f"curl -fO http://{typed}/downloads/{ARCHIVE}" in page
    assert f"tar xzf {ARCHIVE}" in page and "./lanpurr/lanpurr" in page
    pip = f"--no-index --trusted-host 192.168.1.23 --find-links http://{typed}/wheels/ lanpurr"
    assert f"lanpurr-env/bin/pip install {pip}" in page
    # msgpack has no Windows wheel in this kit: no Windows commands that could not work.
    assert "Scripts" not in page and "Linux x86_64 (Python 3.11)" in page


def test_windows_commands_appear_when_the_wheels_cover_windows(kit_folder: Path) -> None:
    (kit_folder / "wheels" / "msgpack-1.2.4-cp312-cp312-win_amd64.whl").write_bytes(b"w")
    running = ShareServer(scan_kit(kit_folder), host="127.0.0.1", port=0).start()
    try:
        page = get(running, "/", headers={"Host": "10.0.0.5:8765"})[1].decode()
    finally:
        running.stop()
    pip = "--no-index --trusted-host 10.0.0.5 --find-links http://10.0.0.5:8765/wheels/ lanpurr"
    assert f"lanpurr-env\\Scripts\\pip install {pip}" in page
    assert "Windows x86_64 (Python 3.12)" in page


def test_a_forged_host_header_never_reaches_the_page(server: ShareServer) -> None:
    forged = 'x"><script>alert(1)</script>'
    page = get(server, "/", headers={"Host": forged})[1].decode()
    assert "<script>" not in page and "alert(1)" not in page
    assert f"http://127.0.0.1:{server.port}/wheels/" in page


def test_coverage_names_only_systems_every_distribution_has_a_wheel_for() -> None:
    # msgpack has only a Linux wheel for 3.11: Windows is not covered, whatever PySide6 has.
    assert coverage(list(WHEELS)) == ["Linux x86_64 (Python 3.11)"]
    more = [*WHEELS, "msgpack-1.2.4-cp312-cp312-win_amd64.whl"]
    assert coverage(more) == ["Linux x86_64 (Python 3.11)", "Windows x86_64 (Python 3.12)"]


def test_stopping_closes_the_port(kit_folder: Path) -> None:
    running = ShareServer(scan_kit(kit_folder), host="127.0.0.1", port=0).start()
    port = running.port
    assert get(running, "/")[0] == 200
    running.stop()
    assert not running.running
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=2).close()


def test_a_folder_that_is_not_a_kit_is_explained(tmp_path: Path) -> None:
    with pytest.raises(KitError, match="no kit folder at"):
        scan_kit(tmp_path / "nowhere")
    (tmp_path / "empty").mkdir()
    with pytest.raises(KitError, match=r"holds no app archive .* and no wheel"):
        scan_kit(tmp_path / "empty")


def test_the_share_command_explains_a_missing_kit(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ui.cli", "share", "--kit", str(tmp_path / "nowhere")],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2 and "no kit folder at" in done.stderr
    assert "packaging/build.py" in done.stderr and "Traceback" not in done.stderr


def test_the_share_command_prints_the_address_and_stops_on_ctrl_c(kit_folder: Path) -> None:
    command = Watched(
        [sys.executable, "-m", "ui.cli", "share", "--kit", str(kit_folder), "--bind",
         "127.0.0.1", "--port", "0"],
        cwd=ROOT,
    )  # fmt: skip
    try:
        line = command.wait_for(lambda text: text.strip().startswith("http://127.0.0.1:"), 30)
        port = int(line.strip().removeprefix("http://127.0.0.1:").rstrip("/"))
        command.wait_for(lambda text: "Ctrl-C stops sharing" in text, 10)
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        connection.request("GET", f"/downloads/{ARCHIVE}")
        assert connection.getresponse().read().startswith(b"\x1f\x8b")  # gzip
        connection.close()
        command.wait_for(lambda text: f"downloaded {ARCHIVE}" in text, 10)
        command.process.send_signal(2)  # Ctrl-C
        assert command.process.wait(10) == 0
        command.wait_for(lambda text: "stopped sharing" in text, 5)
    finally:
        command.stop()
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=2).close()


def test_friends_that_stall_do_not_keep_others_waiting(server: ShareServer) -> None:
    stalled = [socket.create_connection(("127.0.0.1", server.port), timeout=5) for _ in range(5)]
    try:
        stalled[0].sendall(b"GET /wheels/ HTTP/1.1\r\nHost: x\r\n")  # never finishes
        status, body, _ = get(server, f"/wheels/{WHEELS[0]}")
        assert status == 200 and body.startswith(b"wheel ")
    finally:
        for connection in stalled:
            connection.close()


def test_a_friend_hanging_up_mid_download_prints_no_traceback(
    server: ShareServer, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    """The host's terminal stays readable: a dropped download is no error, and a real one is
    logged in one line instead of a traceback on stderr."""
    for error in (BrokenPipeError(32, "Broken pipe"), ConnectionResetError(104, "reset")):
        try:
            raise error
        except OSError:
            server._server.handle_error(None, ("10.0.0.5", 40000))
    assert capsys.readouterr().err == ""
    assert not caplog.records
    try:
        raise ValueError("a bug")
    except ValueError:
        server._server.handle_error(None, ("10.0.0.5", 40001))
    assert capsys.readouterr().err == ""
    assert [r.levelname for r in caplog.records] == ["WARNING"]
