"""Take back in the browser, in each game, on a desktop and a phone: a person against random bots
plays options that say nothing of "cannot be taken back" until the page offers "Take back"
(#undo), takes the decision back — the page is as before it — and plays on."""

from __future__ import annotations

import httpx2
import pytest

GAMES = [("scarface1920", 2), ("prohibition", 2), ("mafia_chronicles", 4)]
VIEWPORTS = [{"width": 1400, "height": 900}, {"width": 390, "height": 844}]


def pending_number(server, gid, token):
    s = httpx2.get(f"{server}/api/games/{gid}/state", params={"token": token}).json()
    return s["decision"]["number"] if s["decision"] and "number" in s["decision"] else None, s


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=["desktop", "phone"])
@pytest.mark.parametrize("game, seats", GAMES, ids=[g for g, _ in GAMES])
def test_take_back_and_play_on(server, browser, shot, game, seats, viewport):
    g = httpx2.post(server + "/api/games", json={"game": game, "seats": ["human"] + ["random"] * (seats - 1), "seed": 11}).json()
    gid, token = g["id"], g["seats"][0]["token"]
    page = browser.new_context(viewport=viewport).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + g["seats"][0]["url"])
    # a decision whose options end the window says so on the button; play one that does not
    warned = False
    for _ in range(30):
        page.wait_for_selector("button.option:not([disabled]), #undo")
        if page.locator("#undo").count():
            break
        number, before = pending_number(server, gid, token)
        log_before = page.locator("#log").inner_text()
        finals = page.locator("button.option .opt-final")
        if finals.count() and not warned:
            assert finals.first.inner_text().startswith("cannot be taken back: ")
            shot(page, f"take-back-warning-{game}-{viewport['width']}", full_page=False)
            warned = True
        open_options = page.locator("button.option:not(:has(.opt-final))")
        if open_options.count():
            open_options.first.click()
        else:
            assert page.locator(".opt-final").first.inner_text().startswith("cannot be taken back: ")
            page.locator("button.option").first.click()
        page.wait_for_function(
            f"fetch('/api/games/{gid}/state?token={token}').then(r => r.json())"
            f".then(s => !s.decision || s.decision.number !== {number} || s.undo)"
        )
    else:
        raise AssertionError("no decision could be taken back in 30")
    page.wait_for_selector("#undo:not([disabled])")
    assert page.locator("#undo").inner_text().startswith("Take back")
    shot(page, f"take-back-{game}-{viewport['width']}", full_page=False)
    page.click("#undo")
    page.wait_for_function(f"!document.querySelector('#undo') || document.querySelector('#undo').dataset.number !== '{number}'")
    page.wait_for_selector("button.option:not([disabled])")
    after_number, after = pending_number(server, gid, token)
    assert after_number == number and after["decision"]["kind"] == before["decision"]["kind"]
    assert [o["id"] for o in after["decision"]["options"]] == [o["id"] for o in before["decision"]["options"]]
    page.wait_for_function("(t) => document.querySelector('#log').innerText === t", arg=log_before)
    # play on: another option this time where there is one
    buttons = page.locator("button.option")
    (buttons.nth(1) if buttons.count() > 1 else buttons.first).click()
    page.wait_for_function(
        f"fetch('/api/games/{gid}/state?token={token}').then(r => r.json())"
        f".then(s => s.meta.decisions > {after['meta']['decisions']})"
    )
    assert not errors, errors
