"""Prohibition in Chromium (issue 13: "`volstead play` in the browser with a real board"): the map
with its Blocks, Turf markers, Goons, Guards and buildings drawn as the view says, the action board,
the Heat scale, the mats, readable text at desktop and phone sizes. Screenshots in test-artifacts/."""

from __future__ import annotations

import httpx2
import pytest
from test_browser import wait_options


def open_game(server, browser, viewport, seats=("human", "random", "random", "random")):
    g = httpx2.post(
        server + "/api/games", json={"game": "prohibition", "seats": list(seats), "seed": 5, "options": {"first_seat": 0}}
    ).json()
    page = browser.new_context(viewport=viewport).new_page()
    page.goto(server + g["seats"][0]["url"])
    wait_options(page)
    return g, page


def view_of(server, g):
    token = g["seats"][0]["url"].split("token=")[1]
    return httpx2.get(f"{server}/api/games/{g['id']}/state", params={"token": token}).json()


@pytest.mark.parametrize("viewport", [{"width": 1400, "height": 900}, {"width": 390, "height": 844}], ids=["desktop", "phone"])
def test_the_map_shows_what_the_view_says(server, browser, shot, viewport):
    g, page = open_game(server, browser, viewport)
    for _ in range(40):  # through the Scheme draft and the Infamy choice into 1921's actions
        state = view_of(server, g)
        if state["view"]["phase"] == "actions" and state["decision"] and "options" in state["decision"]:
            break
        page.locator("#decision button.option").first.click()
        page.wait_for_timeout(200)
        wait_options(page)
    view = state["view"]
    assert page.locator("#board .block").count() == len(view["blocks"]) == 56
    for gang in view["gangs"]:
        owned = [b for b in view["blocks"] if b["owner"] == gang["seat"]]
        assert len(owned) == gang["blocks"]
    drawn = page.evaluate("""() => ({
        turf: document.querySelectorAll('#board .block circle.turf').length,
        goons: document.querySelectorAll('#board .block rect.goon').length,
        guards: document.querySelectorAll('#board .block rect.guard').length,
        hq: [...document.querySelectorAll('#board .block text')].filter(t => t.textContent.startsWith('HQ')).length,
    })""")
    assert drawn == {
        "turf": sum(b["owner"] is not None for b in view["blocks"]),
        "goons": sum(b["goons"] for b in view["blocks"]),
        "guards": sum(b["guards"] for b in view["blocks"]),
        "hq": 4,
    }
    smallest = page.evaluate("""() => Math.min(...['#board svg', '#heat svg'].map(sel => {
        const svg = document.querySelector(sel);
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        return Math.min(...[...svg.querySelectorAll('text')].map(t => parseFloat(getComputedStyle(t).fontSize) * scale));
    }))""")
    # a phone shows the map whole, as wide as the screen (issue 36 §7), and is read pinch-zoomed (2x)
    zoom = 1 if viewport["width"] > 700 else 2
    assert smallest * zoom >= 11, smallest
    assert page.locator("#actions .space").count() == len(view["spaces"]) == 13
    assert page.locator("#heat circle").count() == 4
    assert page.locator("#me h4", has_text="Schemes in hand").count() == 1
    if viewport["width"] < 700:
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, f"prohibition-{viewport['width']}")


def test_a_finished_game_replays_with_every_hand_revealed(server, browser, shot):
    """Records and replay (issue 13): a finished bots' game steps through in the replay page; at the
    end the final scores are shown and, the game being over, every gang's Schemes in hand and Infamy."""
    import time

    g = httpx2.post(server + "/api/games", json={"game": "prohibition", "seats": ["random", "random"], "seed": 4}).json()
    end = time.monotonic() + 90
    while httpx2.get(f"{server}/api/games/{g['id']}").json()["status"] != "finished":
        assert time.monotonic() < end
        time.sleep(0.2)
    page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    page.goto(f"{server}/replay/{g['id']}")
    page.wait_for_selector("#pos")
    page.click("#next")
    page.wait_for_function("document.querySelector('#pos').innerText.startsWith('decision 1 /')")
    page.click("#last")
    page.wait_for_selector("#scores")
    assert page.locator("#board .block").count() == 40  # two gangs: Harlem and Red Hook left out
    assert page.locator("#rivals h4", has_text="Schemes in hand").count() == 2  # revealed at the end
    assert page.locator("#rivals h4", has_text="Infamy").count() == 2
    assert page.locator("#rivals h4", has_text="(secret)").count() == 0
    shot(page, "prohibition-replay-end")


def test_dice_are_shown_as_they_fell(server, browser, shot):
    """Dice shown as they fall (issue 13): the replay of a bots' game, at a decision where a roll has
    been made, shows every die of it with its number, the hits (4 or more) marked."""
    import time

    g = httpx2.post(server + "/api/games", json={"game": "prohibition", "seats": ["random", "random"], "seed": 4}).json()
    end = time.monotonic() + 90
    while httpx2.get(f"{server}/api/games/{g['id']}").json()["status"] != "finished":
        assert time.monotonic() < end
        time.sleep(0.2)
    upto, roll = 0, None
    while roll is None:
        upto += 5
        roll = httpx2.get(f"{server}/api/games/{g['id']}/replay", params={"upto": upto}).json()["view"]["last_roll"]
    page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    page.goto(f"{server}/replay/{g['id']}")
    page.wait_for_selector("#slider")
    page.evaluate(
        "(n) => { const s = document.querySelector('#slider'); s.value = n; s.dispatchEvent(new Event('change')); }", upto
    )
    page.wait_for_function(f"document.querySelector('#pos').innerText.startsWith('decision {upto} /')")
    shown = page.locator("#attack .die").all_inner_texts()
    assert shown[-len(roll["dice"]) :] == [str(d) for d in roll["dice"]]
    assert page.locator("#attack .die.hit").count() >= sum(d >= 4 for d in roll["dice"])
    page.locator("#attack").scroll_into_view_if_needed()
    shot(page, "prohibition-dice", full_page=False)
