"""The pages `lanpurr share` serves: a home page in three languages with the exact commands for
each system, and the wheel index that `pip install --find-links` reads.

Texts are data (`share_texts.json`); everything that comes from a request or a file name is
escaped before it reaches the page.
"""

from __future__ import annotations

import html
import json
import re
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from net.share.kit import Kit

LANGUAGES = ("en", "it", "es")
PYTHONS = ("3.11", "3.12", "3.13", "3.14")
_TEXTS = Path(__file__).with_name("share_texts.json")
_HOST = re.compile(r"^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?$")
_SYSTEMS = (
    ("Linux x86_64", re.compile(r"linux.*_x86_64$")),
    ("Linux ARM64", re.compile(r"linux.*_aarch64$")),
    ("Windows x86_64", re.compile(r"^win_amd64$")),
    ("macOS Apple silicon", re.compile(r"^macosx_.*_(arm64|universal2)$")),
    ("macOS Intel", re.compile(r"^macosx_.*_(x86_64|universal2)$")),
)


@cache
def texts() -> dict[str, dict[str, str]]:
    loaded: dict[str, dict[str, str]] = json.loads(_TEXTS.read_text(encoding="utf-8"))
    return loaded


def language_from(accept_language: str) -> str:
    """The first of our languages in an Accept-Language header, else English."""
    for part in accept_language.split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return "en"


def is_plain_host(host: str) -> bool:
    """A Host header that is a name or address with an optional port, nothing more."""
    return bool(_HOST.match(host))


def human_size(size: int) -> str:
    return f"{size / 1e6:.0f} MB" if size >= 1e6 else f"{max(size // 1000, 1)} kB"


# -- which systems the wheels cover ----------------------------------------------------------


def _tags(wheel_name: str) -> tuple[str, set[str], set[str], set[str]]:
    """(distribution, python tags, abi tags, platform tags) of a wheel file name."""
    parts = wheel_name[: -len(".whl")].split("-")
    return (
        parts[0].lower().replace("_", "-"),
        set(parts[-3].split(".")),
        set(parts[-2].split(".")),
        set(parts[-1].split(".")),
    )


def _fits_python(pythons: set[str], abis: set[str], version: str) -> bool:
    digits = version.replace(".", "")
    for tag in pythons:
        if tag in ("py3", "py2.py3") or tag == f"cp{digits}" or tag == f"py{digits}":
            return True
        if "abi3" in abis and tag.startswith("cp3") and int(tag[3:]) <= int(digits[1:]):
            return True
    return False


def coverage(wheel_names: list[str]) -> list[str]:
    """The systems for which every distribution in the wheelhouse has a wheel, each with the
    Python versions covered, e.g. ["Linux x86_64 (Python 3.11, 3.12)"]."""
    wheels = [_tags(name) for name in wheel_names]
    distributions = {dist for dist, *_ in wheels}
    covered = []
    for label, platform in _SYSTEMS:
        versions = [
            version
            for version in PYTHONS
            if all(
                any(
                    d == dist
                    and _fits_python(py, abi, version)
                    and any(p == "any" or platform.search(p) for p in plat)
                    for d, py, abi, plat in wheels
                )
                for dist in distributions
            )
        ]
        if versions:
            covered.append(f"{label} (Python {', '.join(versions)})")
    return covered


# -- pages -----------------------------------------------------------------------------------


def wheel_index(kit: Kit) -> str:
    """A page of links, one per wheel, each with its SHA-256 so pip checks what it got."""
    links = "\n".join(
        f'<a href="{html.escape(w.name)}#sha256={w.sha256}">{html.escape(w.name)}</a><br>'
        for w in kit.wheels
    )
    return (
        '<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>lanpurr wheels</title>'
        f"</head>\n<body>\n{links}\n</body></html>\n"
    )


_STYLE = """
body { font-family: sans-serif; max-width: 46em; margin: 2em auto; padding: 0 1em;
       background: #f6f1e7; color: #2b2b2b; line-height: 1.45; }
h1 { color: #1f5c57; } h2 { color: #1f5c57; margin-top: 1.6em; }
pre { background: #1f3b38; color: #f6f1e7; padding: .8em 1em; border-radius: 8px;
      white-space: pre-wrap; overflow-wrap: anywhere; }
.system { background: #fffaf0; border-radius: 10px; padding: .4em 1em .8em; margin: 1em 0; }
.note { color: #555; font-size: .95em; }
nav a { margin-right: 1em; }
"""


def _command_block(lines: list[str]) -> str:
    return "<pre>" + html.escape("\n".join(lines)) + "</pre>"


def _app_section(kit: Kit, host: str, say: dict[str, str]) -> str:
    steps = {"linux": say["linux_steps"], "windows": say["windows_steps"],
             "macos": say["macos_steps"]}  # fmt: skip
    systems = {"linux": "Linux", "windows": "Windows", "macos": "macOS"}
    parts = [f"<h2>{html.escape(say['app_heading'])}</h2>"]
    if not kit.archives:
        parts.append(f"<p>{html.escape(say['no_app'])}</p>")
    for archive in kit.archives:
        link = f"http://{host}/downloads/{archive.name}"
        parts.append('<div class="system">')
        parts.append(f"<h3>{systems[archive.system]} {html.escape(archive.arch)}</h3>")
        parts.append(
            f'<p><a href="/downloads/{html.escape(archive.name)}">{html.escape(say["download"])}'
            f" {html.escape(archive.name)}</a> ({say['sizes']} {human_size(archive.size)})</p>"
        )
        parts.append(f"<p>{html.escape(steps[archive.system])}</p>")
        if archive.system == "linux":
            parts.append(
                _command_block([f"curl -fO {link}", f"tar xzf {archive.name}", "./lanpurr/lanpurr"])
            )
            parts.append(f'<p class="note">{html.escape(say["linux_missing_libs"])}</p>')
        parts.append("</div>")
    return "\n".join(parts)


def _python_section(kit: Kit, host: str, say: dict[str, str]) -> str:
    if not kit.has_lanpurr_wheel:
        return ""
    address = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    address = address.strip("[]")
    wheels = f"http://{host}/wheels/"
    install = f"install --no-index --trusted-host {address} --find-links {wheels} lanpurr"
    covered = coverage([w.name for w in kit.wheels])
    parts = [
        f"<h2>{html.escape(say['python_heading'])}</h2>",
        f"<p>{html.escape(say['python_intro'] % (', '.join(covered) or '?'))}</p>",
    ]
    if not covered or any(system.startswith(("Linux", "macOS")) for system in covered):
        parts += [
            f'<div class="system"><h3>{html.escape(say["python_linux_macos"])}</h3>',
            _command_block([
                "python3 -m venv lanpurr-env",
                f"lanpurr-env/bin/pip {install}",
                "lanpurr-env/bin/lanpurr",
            ]),
            f'<p class="note">{html.escape(say["python_venv_note"])}</p></div>',
        ]  # fmt: skip
    if not covered or any(system.startswith("Windows") for system in covered):
        parts += [
            f'<div class="system"><h3>{html.escape(say["python_windows"])}</h3>',
            _command_block([
                "py -m venv lanpurr-env",
                f"lanpurr-env\\Scripts\\pip {install}",
                "lanpurr-env\\Scripts\\lanpurr",
            ]),
            "</div>",
        ]  # fmt: skip
    return "\n".join(parts)


def home_page(kit: Kit, host: str, language: str) -> str:
    """The page a friend opens, in `language`, with commands that use `host` (host:port)."""
    say = texts()[language]
    others = " ".join(
        f'<a href="/{code}/" lang="{code}">{html.escape(texts()[code]["language_name"])}</a>'
        for code in LANGUAGES
        if code != language
    )
    body = "\n".join(
        part
        for part in (
            f"<h1>{html.escape(say['title'])}</h1>",
            f"<nav>{html.escape(say['languages'])} {others}</nav>",
            f"<p>{html.escape(say['intro'])}</p>",
            _app_section(kit, host, say),
            _python_section(kit, host, say),
            f"<p><strong>{html.escape(say['then'])}</strong></p>",
        )
        if part
    )
    return (
        f'<!DOCTYPE html>\n<html lang="{language}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(say['title'])}</title><style>{_STYLE}</style></head>\n"
        f"<body>\n{body}\n</body></html>\n"
    )
