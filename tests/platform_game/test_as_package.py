"""The test game installed as a package of its own, through the door a third-party game uses.

This folder, less its tests, is copied into a temporary folder and installed there with pip from
its own pyproject.toml (offline: no index, no build isolation, the setuptools of the dev extra);
then, in fresh processes with that folder on PYTHONPATH and nothing registering the game, it is
found by its `volstead.games` entry point: `volstead games` lists it, it plays to the end in the
terminal, and a server plays it through the API and the browser shell's generic renderer draws it.
A package beside it whose entry point is broken is named in a warning and hides nothing."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from volstead.engine import load_record

HERE = Path(__file__).resolve().parent
CHROMIUM = os.environ.get("VOLSTEAD_CHROMIUM", "/usr/bin/chromium")
TIMEOUT = 120  # seconds for one command of a fresh process


def _setuptools_builds_wheels() -> bool:
    """pip builds the package with the setuptools installed here (no build isolation): one that
    builds wheels itself (70.1 on; before, with the wheel package)."""
    try:
        major, minor = (int(p) for p in importlib.metadata.version("setuptools").split(".")[:2])
    except importlib.metadata.PackageNotFoundError:
        return False
    return (major, minor) >= (70, 1) or importlib.util.find_spec("wheel") is not None


pytestmark = pytest.mark.skipif(
    not _setuptools_builds_wheels(),
    reason="installing the test game needs setuptools>=70.1 (the dev extra: pip install -e '.[dev]' again)",
)


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """A folder holding the test game as pip installed it, and a broken game package beside it."""
    root = tmp_path_factory.mktemp("package")
    source = root / "prize-bids"
    shutil.copytree(HERE, source, ignore=shutil.ignore_patterns("test_*.py", "__pycache__", "build", "*.egg-info"))
    target = root / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--no-index", "--no-cache-dir"]
        + ["--disable-pip-version-check", "--target", str(target), str(source)],
        check=True,
        timeout=TIMEOUT,
        cwd=root,
    )
    broken = target / "volstead_broken_game-0.1.dist-info"
    broken.mkdir()
    (broken / "METADATA").write_text("Metadata-Version: 2.1\nName: volstead-broken-game\nVersion: 0.1\n")
    (broken / "entry_points.txt").write_text("[volstead.games]\nbroken = broken_game:GAME\n")
    (target / "broken_game.py").write_text("raise RuntimeError('this game does not import')\n")
    return target


def env_with(site: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(site), env.get("PYTHONPATH", "")) if p)
    env["COLUMNS"] = "200"  # the terminal's tables unwrapped
    return env


def volstead(site: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "volstead.cli", *args],
        env=env_with(site),
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )


BROKEN_WARNING = (
    "the volstead.games entry point broken = 'broken_game:GAME' of package volstead-broken-game 0.1 is ignored: "
    "loading it raised RuntimeError: this game does not import"
)


def test_pip_installed_it_with_its_entry_point(site):
    installed = importlib.metadata.Distribution.at(next(site.glob("volstead_prize_bids-*.dist-info")))
    assert (installed.name, installed.version) == ("volstead-prize-bids", "1.0.0")
    assert [(ep.group, ep.name, ep.value) for ep in installed.entry_points] == [
        ("volstead.games", "prize_bids", "platform_game:GAME")
    ]
    assert sorted(p.name for p in (site / "platform_game").glob("*.py")) == [
        "__init__.py",
        "actions.py",
        "content.py",
        "observation.py",
        "state.py",
        "steps.py",
    ]
    assert (site / "platform_game" / "cards" / "prizes.toml").is_file()  # its card set, as package data


def test_volstead_games_lists_it_from_the_package_and_warns_of_the_broken_one(site, tmp_path):
    listed = volstead(site, "games", "--json", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    described = {g["name"]: g for g in json.loads(listed.stdout)}
    assert sorted(described) == ["mafia_chronicles", "prize_bids", "prohibition", "scarface1920"]
    g = described["prize_bids"]
    assert (g["title"], g["min_seats"], g["max_seats"], g["web_module"]) == ("Prize Bids (test game)", 2, 4, "")
    assert g["options_schema"]["properties"]["ties"]["enum"] == ["discard", "split"]
    assert BROKEN_WARNING in listed.stderr
    table = volstead(site, "games", cwd=tmp_path)
    assert table.returncode == 0 and "Prize Bids (test game)" in table.stdout and "broken" not in table.stdout
    where = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, volstead; volstead.get_game('prize_bids'); print(sys.modules['platform_game'].__file__)",
        ],
        env=env_with(site),
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert Path(where.stdout.strip()) == site / "platform_game" / "__init__.py", where.stderr


def test_it_plays_in_the_terminal_as_in_the_tests_own_process(site, tmp_path, prize_bids):
    from typer.testing import CliRunner

    from volstead.cli import app

    args = ["play", "--terminal", "prize_bids", "--seats", "random,random,random", "--seed", "3", "--quiet", "-o", "cards=4"]
    played = volstead(site, *args, "--record", str(tmp_path / "package.json"), cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    assert "Prize Bids (test game) — seed 3, seats: random, random, random" in played.stdout and "Game over" in played.stdout
    package_game = load_record(tmp_path / "package.json")
    assert (package_game["game"], package_game["seed"], package_game["seats"]) == ("prize_bids", 3, 3)
    # the same game played in this process, where the prize_bids fixture makes the game known
    here = CliRunner().invoke(app, [*args, "--record", str(tmp_path / "here.json")])
    assert here.exit_code == 0, here.output
    assert package_game == load_record(tmp_path / "here.json")
    assert f"{len(package_game['decisions'])} decisions" in played.stdout


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(site, tmp_path_factory):
    """`volstead serve` in a process of its own, the package's folder on its PYTHONPATH."""
    import httpx2

    folder = tmp_path_factory.mktemp("server")
    port = _free_port()
    args = ["serve", "--host", "127.0.0.1", "--port", str(port), "--db", f"sqlite:///{folder / 'games.db'}", "--bot-delay", "0"]
    log = folder / "server.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "volstead.cli", *args], env=env_with(site), cwd=folder, stdout=out, stderr=subprocess.STDOUT
        )
    url = f"http://127.0.0.1:{port}"
    try:
        end = time.monotonic() + 60
        while True:
            try:
                httpx2.get(url + "/api/info", timeout=2)
                break
            except httpx2.TransportError:
                if proc.poll() is not None or time.monotonic() > end:
                    raise RuntimeError(f"the server did not start: {log.read_text()}") from None
                time.sleep(0.1)
        yield url, log
    finally:
        proc.terminate()
        proc.wait(20)


def test_a_server_plays_it_to_the_end_and_the_shell_draws_it_with_the_generic_renderer(server):
    import httpx2

    url, log = server
    info = httpx2.get(url + "/api/info").json()
    described = {g["name"]: g for g in info["games"]}
    assert described["prize_bids"]["web_module"] == "" and "broken" not in described  # the shell's generic.js
    assert log.read_text().count(BROKEN_WARNING) == 1  # in the server's log, once
    assert "export function render" in httpx2.get(url + "/static/generic.js").text
    g = httpx2.post(
        url + "/api/games", json={"game": "prize_bids", "seats": ["human", "random"], "seed": 5, "options": {"cards": 3}}
    )
    assert g.status_code == 201, g.text
    gid, token = g.json()["id"], g.json()["seats"][0]["token"]
    page = httpx2.get(url + g.json()["seats"][0]["url"])
    assert page.status_code == 200 and "app.js" in page.text
    state = {}
    for _ in range(200):
        state = httpx2.get(f"{url}/api/games/{gid}/state", params={"token": token}).json()
        if state["view"]["over"]:
            break
        if state["decision"] is None:  # the bot's turn
            time.sleep(0.05)
            continue
        body = {"token": token, "option": state["decision"]["options"][0]["id"], "decision": state["decision"]["number"]}
        r = httpx2.post(f"{url}/api/games/{gid}/decide", json=body)
        assert r.status_code in (200, 409), r.text  # 409: the bot's reply moved the game on first
    assert state["view"]["over"] and state["view"]["round"] == 3
    assert sorted(state["view"]["result"]) == ["details", "factions", "scores", "winners"]


@pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"the browser check needs Chromium at {CHROMIUM} (apt-get install chromium)"
)
def test_the_browser_shell_draws_it_with_the_generic_renderer(server):
    import httpx2

    sync_api = pytest.importorskip("playwright.sync_api", reason="the browser check needs the playwright package ('.[dev]')")
    url, _ = server
    g = httpx2.post(
        url + "/api/games", json={"game": "prize_bids", "seats": ["human", "random"], "seed": 5, "options": {"cards": 3}}
    )
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"], headless=True)
        try:
            page = browser.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(url + g.json()["seats"][0]["url"])
            page.wait_for_selector("button.option:not([disabled])")
            assert page.locator("#view").is_visible()  # the generic renderer's
            assert "What seat 1 sees" in page.locator("#view h3").inner_text()  # seat 0, counted from 1
            assert page.locator("#decision .help").inner_text() == "choose the card you bid this round (in secret)"
            for _ in range(60):
                if page.locator("#scores").count():
                    break
                buttons = page.locator("button.option:not([disabled])")
                if buttons.count():
                    buttons.first.click()
                page.wait_for_timeout(100)
            page.wait_for_selector("#scores")
            assert page.locator("#scores tr").count() == 3 and not errors, errors
        finally:
            browser.close()
