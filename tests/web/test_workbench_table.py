"""A card set saved in the designer's workbench, played at a table from the lobby's form (issue 38):
the form offers the saved sets of a game that can play another set, the game is made with it, and
the table's header names it (a phone's one-line header keeps the seat instead) — at desktop and
phone size."""

from __future__ import annotations

import tomllib

import httpx2
from test_browser import open_created_seat, wait_options
from test_lobby_and_phone import SIZES, no_page_errors


def _save_cheap_padlock(server) -> str:
    base = httpx2.get(f"{server}/api/workbench/prohibition/sets/base").json()
    data = next(f for f in base["files"] if f["file"] == "feds.toml")["data"]
    feds = [dict(f) for f in data["feds"]]
    feds[1] = {**feds[1], "levels": [{**feds[1]["levels"][0], "bribe": 5}, *feds[1]["levels"][1:]]}
    made = httpx2.post(
        f"{server}/api/workbench/prohibition/variants",
        json={"name": "Cheap padlock", "files": {"feds.toml": {**data, "feds": feds}}},
    )
    assert made.status_code == 201, made.text
    return made.json()["id"]


@SIZES
def test_the_lobby_plays_a_saved_card_set_and_the_table_names_it(server, browser, shot, viewport):
    vid = _save_cheap_padlock(server)
    page = browser.new_context(viewport=viewport).new_page()
    errors = no_page_errors(page)
    page.goto(server + "/")
    page.click(".tile[data-game='prohibition'] button.more")
    page.wait_for_selector("select[name=card_set]")
    choices = page.locator("select[name=card_set] option")
    assert choices.all_inner_texts() == ["the built-in set", "Cheap padlock"]
    page.select_option("select[name=card_set]", vid)
    page.locator("#card-set").scroll_into_view_if_needed()
    shot(page, f"lobby-card-set-{viewport['width']}", full_page=False)
    page.select_option("select[name=players]", "2")  # one random bot: no greedy bot thinks before the person's turn
    page.select_option("select[name=seat1]", "random")
    open_created_seat(page)
    wait_options(page)
    gid = page.url.split("/game/")[1].split("?")[0]
    meta = httpx2.get(f"{server}/api/games/{gid}").json()
    assert meta["card_set"] == "Cheap padlock"
    assert tomllib.loads(open(f"{meta['options']['cards']}/feds.toml").read())["feds"][1]["levels"][0]["bribe"] == 5
    header = page.locator("#subtitle .card-set")
    assert header.text_content() == "card set: Cheap padlock"
    # one of the game's details, which a phone's one-line header leaves out (as it does the game's id)
    assert header.is_visible() == (viewport["width"] > 600)
    shot(page, f"table-card-set-{viewport['width']}", full_page=False)
    # a game without a saved set to offer shows no choice (Mafia plays its built-in set only)
    page.goto(server + "/?game=mafia_chronicles")
    page.click(".tile[data-game='mafia_chronicles'] button.more")
    page.wait_for_selector("#create-btn")
    page.wait_for_timeout(300)  # the sets' request has answered
    assert page.locator("select[name=card_set]").count() == 0
    assert not errors, errors
