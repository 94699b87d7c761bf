"""Headless Chromium from the system's packages (Debian's `chromium` and `chromium-driver`),
driven by selenium at a phone's viewport. Nothing is downloaded: no browser, no driver.

Tests that need it are marked `browser`: skipped where Chromium is missing, except under
CI=true, where `.ci/run` installs it and a missing browser fails the test.
"""

import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--disable-extensions",
    "--no-default-browser-check",
    "--metrics-recording-only",
)


def need_chromium() -> None:
    missing = [p for p in (CHROMIUM, CHROMEDRIVER) if not shutil.which(p)]
    if not missing:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"the browser tests must run in CI, but {missing} are missing (.ci/run)")
    pytest.skip(f"needs Chromium from the system's packages: apt-get install chromium "
                f"chromium-driver ({', '.join(missing)} missing)")  # fmt: skip


@contextmanager
def phone_browser(language: str = "en", width: int = 360, height: int = 640) -> Iterator[Any]:
    """A headless Chromium that looks like a phone (`width`×`height` CSS pixels, touch, the
    phone's language), recording the DevTools' network events (every WebSocket frame)."""
    need_chromium()
    # The driver's path is given, so selenium's own manager has nothing to find; should it
    # run all the same, it must not download anything.
    os.environ.setdefault("SE_OFFLINE", "true")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="lanpurr-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (*FLAGS, f"--user-data-dir={profile}", f"--lang={language}"):
        options.add_argument(flag)
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    options.add_experimental_option(
        "mobileEmulation",
        {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 2.0, "touch": True}},
    )
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def frames_received(driver: Any) -> list[str]:
    """The WebSocket frames the page received since the last call, as the browser got them."""
    frames = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.webSocketFrameReceived":
            frames.append(message["params"]["response"]["payloadData"])
    return frames
