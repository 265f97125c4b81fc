"""The Mafia Chronicles in Chromium (issue 14's browser bullet): your syndicate's columns, your private
market, the rivals' public areas, the table (round, phase, Event, the last move's dice), at desktop and
phone sizes; a rival's stash and market are never on your page. Screenshots in test-artifacts/."""

from __future__ import annotations

import httpx2
import pytest
from test_browser import wait_options


@pytest.mark.parametrize("viewport", [{"width": 1400, "height": 900}, {"width": 390, "height": 844}], ids=["desktop", "phone"])
def test_the_syndicate_page(server, browser, shot, viewport):
    g = httpx2.post(
        server + "/api/games", json={"game": "mafia_chronicles", "seats": ["human", "random", "random", "random"], "seed": 6}
    ).json()
    token = g["seats"][0]["url"].split("token=")[1]
    page = browser.new_context(viewport=viewport).new_page()
    page.goto(server + g["seats"][0]["url"])
    wait_options(page)
    for _ in range(60):  # pick a Boss, buy, until your first move
        state = httpx2.get(f"{server}/api/games/{g['id']}/state", params={"token": token}).json()
        if state["view"]["phase"] == "moves" and state["decision"] and "options" in state["decision"]:
            break
        if state["decision"] and "options" in state["decision"]:
            page.locator("#decision button.option").last.click()
            page.wait_for_timeout(200)
        else:
            page.wait_for_timeout(300)
    view = state["view"]
    assert not view["over"], (view["round"], view["phase"])
    me = view["syndicates"][0]
    assert page.locator("#me .col").count() == 4
    assert page.locator("#rivals .syndicate").count() == 3
    stash = f"{me['stash']}K" if me["stash"] >= 0 else f"{-me['stash']}K"
    assert stash in page.locator("#me h3").inner_text()
    for rival in view["syndicates"][1:]:
        assert rival["stash"] is None and "stash" not in page.locator(f"#syn-{rival['seat']} h3").inner_text()
    if me.get("market"):
        shown = page.locator("#market .mcard b").all_inner_texts()
        assert [c["name"] for c in me["market"]["gangsters"]] == shown[: len(me["market"]["gangsters"])]
    assert page.locator("#table h3").inner_text().startswith(f"Round {view['round']} of 4")
    if viewport["width"] < 700:
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, f"mafia-{viewport['width']}")


def test_a_finished_game_replays_with_its_dice_and_every_stash(server, browser, shot):
    """Records and replay: a bots' game replays; a state after a rolled move shows its dice and Edges;
    at the end every stash is shown."""
    import time

    g = httpx2.post(server + "/api/games", json={"game": "mafia_chronicles", "seats": ["random"] * 4, "seed": 6}).json()
    end = time.monotonic() + 90
    while httpx2.get(f"{server}/api/games/{g['id']}").json()["status"] != "finished":
        assert time.monotonic() < end
        time.sleep(0.2)
    total = httpx2.get(f"{server}/api/games/{g['id']}/replay").json()["total"]
    upto, roll = 0, None
    while not (roll and roll.get("rolls")) and upto < total:
        upto += 1
        roll = httpx2.get(f"{server}/api/games/{g['id']}/replay", params={"upto": upto}).json()["view"]["last_roll"]
    assert roll and roll.get("rolls"), "no move was rolled in the whole game"
    page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    page.goto(f"{server}/replay/{g['id']}")
    page.wait_for_selector("#slider")
    page.evaluate(
        "(n) => { const s = document.querySelector('#slider'); s.value = n; s.dispatchEvent(new Event('change')); }", upto
    )
    page.wait_for_function(f"document.querySelector('#pos').innerText.startsWith('decision {upto} /')")
    dice = page.locator("#table .die").all_inner_texts()
    assert dice == [str(d) for throw in roll["rolls"] for i, d in enumerate(throw) if i == 0 or d != 0]
    assert f"Edge {roll['edge']}" in page.locator("#table").inner_text()
    shot(page, "mafia-replay-roll", full_page=False)
    page.click("#last")
    page.wait_for_selector("#scores")
    assert page.locator(".syndicate h3", has_text="stash").count() == 4
    shot(page, "mafia-replay-end")
