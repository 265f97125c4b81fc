"""The table in each game, as a person plays it (issue 36, "Done when"): in Scarface 1920, Prohibition
and The Mafia Chronicles, at 1400x900 and 390x844 — the tab's title says it is your turn, the rules
panel shows the pending decision's passage without scrolling, a digit on the keyboard chooses, and
options are chosen by clicking the board: one that names one thing with one click, one that names
two (from, then to) with two. The shell's mechanics are tested on the test game
(test_table_input.py); here the games' own refs and drawings meet them. Screenshots in test-artifacts/."""

from __future__ import annotations

import random
import time

import httpx2
import pytest

DESKTOP, PHONE = {"width": 1400, "height": 900}, {"width": 390, "height": 844}
GAMES = {
    "scarface1920": ["human", "random"],
    "prohibition": ["human", "random"],
    "mafia_chronicles": ["human", "random", "random", "random"],
}
# Prohibition asks a move's from and to as separate decisions (rulebook, "Move": pick Units up, then
# put them down): its two clicks are a Block to pick a Goon up from, then (after "Put down the Units
# picked up", a button) the Block it goes to. The others name both in one option's refs.
TWO_DECISIONS = {"prohibition": ("move_from", "move_to")}


def _state(server, g):
    token = g["seats"][0]["url"].split("token=")[1]
    return httpx2.get(f"{server}/api/games/{g['id']}/state", params={"token": token}).json()


def _my_decision(server, g, timeout=30.0):
    """Seat 0's pending decision with its options, once the bots have moved."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        s = _state(server, g)
        assert not s["view"].get("over"), "the game ended before the choices were found"
        d = s["decision"]
        if d and d.get("options") and d["seat"] == 0:
            return d
        time.sleep(0.1)
    raise AssertionError("seat 0 was not asked to decide")


def _decide_by_api(server, g, d, option):
    token = g["seats"][0]["url"].split("token=")[1]
    r = httpx2.post(f"{server}/api/games/{g['id']}/decide", json={"token": token, "option": option, "decision": d["number"]})
    assert r.status_code == 200, r.text


def _taken(server, g, number):
    """Wait until seat 0's decision `number` was taken."""
    end = time.monotonic() + 15
    while time.monotonic() < end:
        d = _state(server, g)["decision"]
        if not d or d.get("seat") != 0 or d.get("number") != number:
            return
        time.sleep(0.1)
    raise AssertionError(f"decision {number} was not taken")


def _unique(options, n):
    """An option naming exactly `n` things that no other option shares all of (a click chooses it)."""
    for o in options:
        refs = o.get("refs", [])
        if len(refs) == n and not any(p is not o and p.get("refs", [])[:n] == refs for p in options):
            # a one-click choice must also not be the start of a longer one
            if n == 1 and any(len(p.get("refs", [])) > 1 and p["refs"][0] == refs[0] for p in options):
                continue
            return o
    return None


def _shown(page, d):
    page.wait_for_selector(f'#decision button.option[data-id="{d["options"][-1]["id"]}"]:not([disabled])')


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_play_on_the_board_by_keys_and_clicks(server, browser, shot, game, viewport):
    g = httpx2.post(server + "/api/games", json={"game": game, "seats": GAMES[game], "seed": 7}).json()
    title = httpx2.get(server + "/api/info").json()
    title = next(x["title"] for x in title["games"] if x["name"] == game)
    errors: list[str] = []
    page = browser.new_context(viewport=viewport).new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + g["seats"][0]["url"])
    d = _my_decision(server, g)
    _shown(page, d)
    # your turn, in the tab
    page.wait_for_function(f"document.title === {f'● Your turn · {title} · Volstead'!r}")
    # a first game: the rules panel is open at this decision's passage, in view without scrolling
    now = page.locator("#rules-now h4").first
    assert now.inner_text().startswith("§"), now.inner_text()
    box = now.bounding_box()
    assert box and 0 <= box["y"] and box["y"] + box["height"] <= viewport["height"], box
    shot(page, f"each-game-{game}-rules-{viewport['width']}", full_page=False)
    page.click("#rules-close")
    # a digit chooses the option numbered so
    number = d["number"]
    page.keyboard.press("1")
    _taken(server, g, number)
    # then the board: a one-click and a two-click choice, the other decisions taken through the API
    rng = random.Random(7)
    clicked = {1: None, 2: None}
    end = time.monotonic() + 150
    while (clicked[1] is None or clicked[2] is None) and time.monotonic() < end:
        d = _my_decision(server, g)
        if game in TWO_DECISIONS and clicked[2] is None and d["kind"] == TWO_DECISIONS[game][0]:
            o = _unique(d["options"], 1)
            if o is not None:
                _shown(page, d)
                page.locator(f'[data-ref="{o["refs"][0]}"].choosable').first.click()  # from
                _taken(server, g, d["number"])
                then = _my_decision(server, g)
                if then["kind"] == TWO_DECISIONS[game][0]:  # done picking up: put them down
                    _shown(page, then)
                    page.click('#decision button.option[data-id="done"]')
                    _taken(server, g, then["number"])
                    then = _my_decision(server, g)
                assert then["kind"] == TWO_DECISIONS[game][1], then["kind"]
                to = _unique(then["options"], 1)
                _shown(page, then)
                shot(page, f"each-game-{game}-two-click-{viewport['width']}", full_page=False)
                page.locator(f'[data-ref="{to["refs"][0]}"].choosable').first.click()  # to
                _taken(server, g, then["number"])
                clicked[2] = (then["kind"], to["id"])
                continue
        n = 2 if clicked[2] is None and _unique(d["options"], 2) else 1
        o = _unique(d["options"], n) if clicked[n] is None else None
        if o is None:
            _decide_by_api(server, g, d, rng.choice(d["options"])["id"])
            continue
        _shown(page, d)
        for k, ref in enumerate(o["refs"]):
            target = page.locator(f'[data-ref="{ref}"].choosable').first
            target.wait_for(state="visible", timeout=10000)
            if k == 0 and n == 2:
                shot(page, f"each-game-{game}-two-click-{viewport['width']}", full_page=False)
            target.click()
        _taken(server, g, d["number"])
        taken = [e for e in _state(server, g)["log"] if e.get("mine")]
        assert taken, "the click took nothing"
        clicked[n] = (d["kind"], o["id"])
    assert clicked[1] and clicked[2], f"{game}: no board choice met in time: {clicked}"
    assert not errors, errors
