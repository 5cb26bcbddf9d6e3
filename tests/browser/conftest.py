"""Browser tests: a real ``monsterlair serve`` process and Debian's Chromium driven by Playwright.

Skipped (with the reason) only when /usr/bin/chromium or the built web client is missing; ``.ci/run``
installs Chromium and ``make test`` builds the client first.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from monsterlair.server.config import Settings
from monsterlair.testing.serving import free_port

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
DIST = Settings().dist() / "index.html"


RERUNS = 1
"""A browser test drives a real server, bots on timers and a browser's animations on a shared two-core machine:
one that fails is run once more (pytest-rerunfailures, reported as ``R``), and fails only when it fails twice.
A fault in the code fails both runs; the reports still name every rerun, so a flaky test is seen and mended."""

START_SECONDS = 60
"""How long a test server may take to answer /health (a loaded CI machine has taken over 30 s)."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here):
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.flaky(reruns=RERUNS, reruns_delay=1))
            if not CHROMIUM.exists():
                item.add_marker(pytest.mark.skip(reason="/usr/bin/chromium is missing (apt-get install -y chromium)"))
            elif not DIST.exists():
                item.add_marker(pytest.mark.skip(reason="the web client is not built (run `make web`)"))


class Server:
    """``monsterlair serve`` in its own process, on its own port and data folder; killable, restartable."""

    def __init__(self, data_dir: Path, bot_delay: float = 0.05, env: dict[str, str] | None = None) -> None:
        self.port = free_port()
        self.data_dir = data_dir
        self.bot_delay = bot_delay
        self.env = dict(env or {})
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = data_dir / "server.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = dict(os.environ)
        env.update(
            {
                "MONSTERLAIR_SECRET_KEY": "browser-tests",
                "MONSTERLAIR_WS_RATE": "50",
                "MONSTERLAIR_WS_BURST": "200",
                # A module's tests sign in many guests and open many tables from one address, faster than any
                # person would; the limits themselves are tested in tests/server/test_rate_limits.py.
                "MONSTERLAIR_LIMIT_GUEST": "600/minute",
                "MONSTERLAIR_LIMIT_TABLES": "600/minute",
            }
        )
        env.update(self.env)
        env.pop("MONSTERLAIR_DATABASE_URL", None)
        cmd = [
            sys.executable,
            "-c",
            "from monsterlair.cli import main; main()",
            "serve",
            "--port",
            str(self.port),
            "--data-dir",
            str(self.data_dir),
            "--bot-delay",
            str(self.bot_delay),
        ]
        self.data_dir.mkdir(parents=True, exist_ok=True)
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(f"{self.url}/health", timeout=1) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        self.stop()  # an orphaned server would load every test after this one
        raise RuntimeError(f"the server did not answer within {START_SECONDS} s")

    def __enter__(self) -> Server:
        """Started, for a fixture: ``with Server(path) as srv: yield srv`` stops it however the tests end."""
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as in a crash."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture(scope="module")
def _module_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for a module's tests (starting one for each test took 1.3 s on a quiet machine and 4 s on a busy
    one, a quarter of the browser tests' time). A test signs in guests of its own and opens tables of its own, so
    what other tests left on the server is not its business; a test that needs a server set up otherwise, or
    stops one, starts its own ``Server``."""
    with Server(tmp_path_factory.mktemp("lair") / "lair") as srv:
        yield srv


@pytest.fixture
def server(_module_server: Server) -> Server:
    """The module's server, started again if a test left it stopped."""
    if _module_server.proc is None or _module_server.proc.poll() is not None:
        _module_server.start()
    return _module_server


# Tests that are not about pacing or motion see every move at once and without motion (the pace choice a
# person can make; the reduced-motion wish a browser can send), so they wait for nothing but the server.
INSTANT = (
    "try { localStorage.getItem('monsterlair.pace') || localStorage.setItem('monsterlair.pace', 'instant'); }"
    " catch (e) {}"
)


class Chromium:
    """The browser, whose new contexts show moves at once and without motion unless asked otherwise."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser

    def new_context(self, pace: str | None = None, **options: Any) -> Any:
        """A context of its own; ``pace``: the pace a person chose ("normal", "fast"…), else moves at once."""
        options.setdefault("reduced_motion", "reduce")
        context = self.browser.new_context(**options)
        context.add_init_script(INSTANT if pace is None else f"localStorage.setItem('monsterlair.pace', '{pace}')")
        return context

    def new_page(self, **options: Any) -> Any:
        return self.new_context(**options).new_page()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.browser, name)


class ModuleBrowser:
    """A module's one Chromium, launched again when the last one crashed (so one crash fails one test, not the
    module). ``close`` closes every browser it launched."""

    def __init__(self, playwright: Any) -> None:
        self._chromium = playwright.chromium
        self._launched: list[Any] = [self._launch()]

    def _launch(self) -> Any:
        return self._chromium.launch(executable_path=str(CHROMIUM), args=ARGS)

    def current(self) -> Any:
        """The browser: the last one launched, or a new one if that one is no longer connected."""
        if not self._launched[-1].is_connected():
            self._launched.append(self._launch())
        return self._launched[-1]

    def close(self) -> None:
        for browser in self._launched:
            browser.close()


@pytest.fixture(scope="module")
def _module_browser() -> Iterator[ModuleBrowser]:
    """One Chromium for a module's tests (starting Playwright's driver and the browser took 2-3 s a test).

    Module scope, not session scope: Playwright's sync API keeps its event loop marked running in this thread
    while it is open, which the asyncio tests that a worker runs between browser modules cannot share."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browsers = ModuleBrowser(p)
        try:
            yield browsers
        finally:
            browsers.close()


@pytest.fixture
def chromium(_module_browser: ModuleBrowser) -> Iterator[Chromium]:
    """The module's browser, for one test: every context (and page) the test opened is closed after it, so the
    next test starts with no page, cookie or storage of this one."""
    browser = _module_browser.current()
    try:
        yield Chromium(browser)
    finally:
        if browser.is_connected():
            for context in list(browser.contexts):
                context.close()


def shot(page: object, name: str) -> None:
    """Keep a screenshot in test-artifacts/ (gitignored; CI keeps it)."""
    ARTIFACTS.mkdir(exist_ok=True)
    # CSS animations are finished at once so a screenshot never waits on a moving frame of a busy machine.
    page.screenshot(  # type: ignore[attr-defined]
        path=str(ARTIFACTS / f"{name}.png"), full_page=True, animations="disabled", timeout=60_000
    )


def shot_at(page: Any, name: str, *sizes: dict[str, int]) -> None:
    """A screenshot at each window size in turn (``name-<width>``), the page laid out again before each."""
    for size in sizes:
        if page.viewport_size != size:
            page.set_viewport_size(size)
            page.wait_for_timeout(200)
        shot(page, f"{name}-{size['width']}")
