"""Issue 36 §5 and §7 in Chromium: the lobby's tiles (a picture, players, length, one line) with
one-click play against bots; the full form with each option's title and description shown; seats
numbered from 1 wherever a person reads them; and each game's table on a phone (390x844): the board
as wide as the screen, whole, no sideways scroll, the header one line. Each game's table is
screenshot mid-game at both sizes into test-artifacts/ (table-<game>-<width>.png)."""

from __future__ import annotations

import random
import time

import httpx2
import pytest
from test_browser import wait_options

DESKTOP = {"width": 1400, "height": 900}
PHONE = {"width": 390, "height": 844}
SIZES = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
GAMES = ["scarface1920", "prohibition", "mafia_chronicles"]
# A game's board as a phone must show it whole: the map where the game draws one, else its area.
BOARD = "document.querySelector('#board svg') || document.querySelector('#board')"


def play_to_mid_game(server: str, game: str, decisions: int, seed: int = 11) -> dict:
    """A game with a person in seat 0 and greedy bots in the others, the person's first `decisions`
    decisions taken through the REST API (a seeded choice among the options): a table under way.
    Returns the created game's links."""
    info = httpx2.get(server + "/api/info").json()
    seats = next(g["max_seats"] for g in info["games"] if g["name"] == game)
    g = httpx2.post(
        server + "/api/games", json={"game": game, "seats": ["human"] + ["greedy"] * (seats - 1), "seed": seed}
    ).json()
    token = g["seats"][0]["token"]
    rng, taken, end = random.Random(seed), 0, time.monotonic() + 60
    while taken < decisions:
        assert time.monotonic() < end, f"{game}: {taken} decisions in 60 s"
        state = httpx2.get(f"{server}/api/games/{g['id']}/state", params={"token": token}).json()
        assert not state["view"].get("over"), f"{game} ended after {taken} decisions"
        d = state.get("decision")
        if not d or not d.get("options") or d["seat"] != 0:
            time.sleep(0.1)
            continue
        option = rng.choice(d["options"])["id"]
        r = httpx2.post(f"{server}/api/games/{g['id']}/decide", json={"token": token, "option": option, "decision": d["number"]})
        assert r.status_code == 200, r.text
        taken += 1
    return g


def no_page_errors(page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


@SIZES
def test_the_lobby_shows_a_tile_per_game_and_plays_against_bots_in_one_click(server, browser, shot, viewport):
    info = httpx2.get(server + "/api/info").json()
    page = browser.new_context(viewport=viewport).new_page()
    errors = no_page_errors(page)
    page.goto(server + "/")
    page.wait_for_selector(".tile")
    tiles = page.locator(".tile")
    assert tiles.count() == len(info["games"]) == 3
    for g in info["games"]:
        tile = page.locator(f".tile[data-game='{g['name']}']")
        assert tile.locator("h2").inner_text() == g["title"]
        assert g["blurb"] and tile.locator(".tile-blurb").inner_text() == g["blurb"]
        img = tile.locator("img.tile-picture")
        assert img.get_attribute("src") == f"/games/{g['name']}/web/table.webp"
        img.scroll_into_view_if_needed()
        page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=img.element_handle())
        assert tile.locator("button.play").is_visible() and tile.locator("button.more").is_visible()
    facts = {g["name"]: page.locator(f".tile[data-game='{g['name']}'] .tile-facts").inner_text() for g in info["games"]}
    assert facts == {
        "scarface1920": "2–4 players or solo · 60–120 min",
        "prohibition": "2–4 players · 90–120 min",
        "mafia_chronicles": "4 players · 60–90 min",
    }
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    page.evaluate("scrollTo(0, 0)")
    shot(page, f"lobby-tiles-{viewport['width']}", full_page=False)
    # one click: the person in seat 1, the greedy bot in the others, straight to the seat's page
    page.click(".tile[data-game='prohibition'] button.play")
    page.wait_for_url("**/game/**")
    wait_options(page)
    gid = page.url.split("/game/")[1].split("?")[0]
    meta = httpx2.get(f"{server}/api/games/{gid}").json()
    assert (meta["game"], meta["kinds"]) == ("prohibition", ["human", "greedy", "greedy", "greedy"])
    assert page.locator("#board").is_visible()
    assert not errors, errors


def test_more_options_shows_each_options_title_and_description_and_seats_from_1(server, browser, shot):
    info = {g["name"]: g for g in httpx2.get(server + "/api/info").json()["games"]}
    page = browser.new_context(viewport=PHONE).new_page()
    errors = no_page_errors(page)
    page.goto(server + "/")
    page.click(".tile[data-game='mafia_chronicles'] button.more")
    page.wait_for_selector("#create-btn")
    assert page.url.endswith("/?game=mafia_chronicles")
    g = info["mafia_chronicles"]
    hidden = {g["faction_option"], g["first_seat_option"], *g["lobby_hidden_options"]}
    shown = {k: p for k, p in g["options_schema"]["properties"].items() if k not in hidden}
    assert shown  # the variants a lobby sets
    for key, prop in shown.items():
        field = page.locator(f"label.field:has([name='opt_{key}'])")
        assert field.locator(".field-title").inner_text() == prop["title"]
        assert field.locator(".field-help").is_visible()  # on the page, not only a hover tooltip
        assert field.locator(".field-help").inner_text() == prop["description"]
    assert page.locator(".seat-row").all_inner_texts()[0].startswith("Seat 1")
    assert [t.split(" ")[1] for t in page.locator(".seat-row").all_inner_texts()] == ["1", "2", "3", "4"]
    assert page.locator("select[name=first] option").all_inner_texts() == ["random", "Seat 1", "Seat 2", "Seat 3", "Seat 4"]
    bots = page.locator("select[name=seat1] option").all_inner_texts()
    assert bots[0] == "Human" and bots[2].startswith("Greedy (easy)") and bots[-2].startswith("ISMCTS 1 s")
    assert bots[-1].startswith("Learned (trained network)")  # the game ships a policy for its four seats
    assert page.locator("select[name=seat1]").input_value() == "greedy"
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    page.locator("#new-game").scroll_into_view_if_needed()
    shot(page, "lobby-options-390", full_page=False)
    page.click("#create-btn")
    page.wait_for_selector("#created a.seat-link")
    assert page.locator("#created li").first.inner_text().startswith("Seat 1: ")
    assert not errors, errors


def test_seats_are_numbered_from_1_on_the_hot_seat_cover_the_replay_and_the_final_scores(server, browser, shot):
    page = browser.new_context(viewport=DESKTOP).new_page()
    errors = no_page_errors(page)
    hot = httpx2.post(server + "/api/games", json={"seats": ["human", "human"], "seed": 4, "hotseat": True}).json()
    names = httpx2.get(f"{server}/api/games/{hot['id']}").json()["seat_names"]
    you = httpx2.get(f"{server}/api/games/{hot['id']}/state", params={"token": hot["hotseat_token"]}).json()["you"]
    page.goto(server + hot["hotseat_url"])
    page.wait_for_selector("#reveal")
    seat = f"Seat {you + 1} ({names[you]})"  # seat 0 is Seat 1
    assert page.locator("#cover div").inner_text() == f"{seat}'s turn — pass the screen."
    assert page.locator("#reveal").inner_text() == f"I am {seat}: show my screen"
    g = httpx2.post(server + "/api/games", json={"seats": ["random", "random"], "seed": 5}).json()
    end = time.monotonic() + 90
    while httpx2.get(f"{server}/api/games/{g['id']}").json()["status"] != "finished":
        assert time.monotonic() < end
        time.sleep(0.2)
    meta = httpx2.get(f"{server}/api/games/{g['id']}").json()
    page.goto(f"{server}/replay/{g['id']}")
    page.wait_for_selector("#seatsel")
    assert page.locator("#seatsel option").all_inner_texts() == [
        "public view",
        f"Seat 1 ({meta['seat_names'][0]})'s view",
        f"Seat 2 ({meta['seat_names'][1]})'s view",
    ]
    page.click("#last")
    page.wait_for_selector("#scores")
    rows = page.locator("#scores tr").all_inner_texts()
    assert [r.split("\t")[:2] for r in rows[1:]] == [["1", meta["seat_names"][0]], ["2", meta["seat_names"][1]]]
    shot(page, "final-scores-seats-from-1", full_page=False)
    assert not errors, errors


@pytest.mark.parametrize("game", GAMES)
def test_each_table_mid_game_fits_a_phone_and_is_screenshot_at_both_sizes(server, browser, shot, game):
    """Mid-game (a dozen of the person's decisions), at 1400x900 and 390x844. On the phone: no
    sideways scroll, the board as wide as the screen at most and (a map) whole on the screen, the
    header one line, and the browser's pinch-zoom left on (the viewport meta does not forbid it)."""
    g = play_to_mid_game(server, game, decisions=12)
    for viewport in (DESKTOP, PHONE):
        page = browser.new_context(viewport=viewport).new_page()
        errors = no_page_errors(page)
        page.goto(server + g["seats"][0]["url"])
        page.wait_for_selector("#board")
        wait_options(page)
        if page.locator("#rules-close").is_visible():  # a first game opens the rules panel: the table is shown
            page.click("#rules-close")
        page.wait_for_timeout(300)  # fonts and the board's stylesheet settled
        shot(page, f"table-{game}-{viewport['width']}", full_page=False)
        shot(page, f"table-{game}-{viewport['width']}-full")
        box = page.evaluate(
            f"""() => {{ const b = ({BOARD}).getBoundingClientRect();
                        return {{left: b.left, right: b.right, top: b.top, bottom: b.bottom}}; }}"""
        )
        header = page.evaluate(
            """() => { const h = document.querySelector('header'), s = document.getElementById('subtitle');
                       return {height: h.getBoundingClientRect().height, line: parseFloat(getComputedStyle(s).lineHeight),
                               clipped: s.scrollWidth > s.clientWidth}; }"""
        )
        if viewport is PHONE:
            assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth"), game
            assert box["left"] >= 0 and box["right"] <= viewport["width"], (game, box)
            if page.locator("#board svg").count():  # a map: the whole of it on one screen
                assert box["bottom"] - box["top"] <= viewport["height"], (game, box)
            content = page.get_attribute("meta[name=viewport]", "content")
            assert "user-scalable=no" not in content and "maximum-scale" not in content
        # one line: the header is no taller than two of the subtitle's lines with its padding
        assert header["height"] < 2 * header["line"] + 12, (game, viewport, header)
        assert page.locator("header").evaluate("h => getComputedStyle(h).whiteSpace") == "nowrap"
        assert not errors, (game, errors)
        page.context.close()
