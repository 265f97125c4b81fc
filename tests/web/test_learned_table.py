"""A learned bot at a table in the browser (issue 37, "Done when"): the lobby offers "learned" for a game
that ships a policy (the test game, given one here: random weights of the right shapes) and not for
one that ships none; a table with a person and the learned bot plays through a round — the bot bids
in secret and the reveal shows its bid — to the person's next decision, shown as buttons."""

from __future__ import annotations

import time

import httpx2
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from policy_files import write_random_policy
from threaded_server import serving
from volstead.games import get_game


@pytest.fixture
def learned_server(tmp_path, prize_bids, monkeypatch):
    """The test game with a policy of random weights, and a built-in game patched to ship none."""
    from volstead.server.routes import lobby

    path = write_random_policy(tmp_path / "policy.npz", prize_bids, 2, {"cards": 3})
    monkeypatch.setattr(type(prize_bids), "learned_policy", property(lambda self: path))
    # a game that ships none, whatever the built-in games ship
    monkeypatch.setattr(type(get_game("scarface1920")), "learned_policy", property(lambda self: None))
    lobby._info_body.cache_clear()
    with serving(tmp_path) as server:
        yield server
    lobby._info_body.cache_clear()


def _state(server, g):
    token = g["seats"][0]["url"].split("token=")[1]
    return httpx2.get(f"{server}/api/games/{g['id']}/state", params={"token": token}).json()


def test_a_learned_bot_plays_at_a_table_to_the_persons_decision(learned_server, browser, shot):
    server = learned_server
    errors: list[str] = []
    page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    # the lobby's form offers the learned bot for the game that ships a policy, and not for another
    page.goto(server + "/?game=prize_bids")
    page.wait_for_selector("#create-btn")
    page.select_option("select[name=players]", "2")
    seat_kinds = "select[name=seat1] option"
    assert page.eval_on_selector_all(seat_kinds, "os => os.map(o => o.value)")[-1] == "learned"
    page.select_option("select[name=players]", "3")  # the policy plays two seats: not offered at three
    assert "learned" not in page.eval_on_selector_all(seat_kinds, "os => os.map(o => o.value)")
    page.select_option("select[name=game]", "scarface1920")
    assert "learned" not in page.eval_on_selector_all(seat_kinds, "os => os.map(o => o.value)")
    described = {x["name"]: x for x in httpx2.get(server + "/api/info").json()["games"]}
    assert described["prize_bids"]["learned_policy"] is True and described["prize_bids"]["learned_seats"] == 2
    assert described["scarface1920"]["learned_policy"] is False and "learned_seats" not in described["scarface1920"]
    page.select_option("select[name=game]", "prize_bids")
    page.select_option("select[name=players]", "2")

    g = httpx2.post(
        server + "/api/games", json={"game": "prize_bids", "seats": ["human", "learned"], "seed": 5, "options": {"cards": 3}}
    ).json()
    assert [s["kind"] for s in g["seats"]] == ["human", "learned"]
    page.goto(server + g["seats"][0]["url"])
    page.wait_for_selector('#decision button.option[data-id="bid:1"]:not([disabled])')
    page.click('#decision button.option[data-id="bid:1"]')
    page.wait_for_selector('#decision button.option[data-id="confirm"]:not([disabled])')
    page.click('#decision button.option[data-id="confirm"]')
    # the learned bot bids (in its worker), the reveal shows both bids, and the person decides again
    end = time.monotonic() + 30
    while time.monotonic() < end:
        s = _state(server, g)
        reveal = s["view"].get("last_reveal") or {}
        if reveal.get("round") == 1 and s["decision"] and s["decision"]["seat"] == 0:
            break
        time.sleep(0.1)
    else:
        raise AssertionError("the learned bot did not bid")
    assert reveal["bids"][0] == 1 and reveal["bids"][1] in (1, 2, 3)
    page.wait_for_selector(f'#decision button.option[data-id="{s["decision"]["options"][0]["id"]}"]:not([disabled])')
    shot(page, "learned-bot-table", full_page=False)
    assert errors == []


SHIPPED = [name for name in ("scarface1920", "prohibition", "mafia_chronicles") if get_game(name).learned_policy]


@pytest.mark.parametrize("name", SHIPPED)
def test_a_games_shipped_policy_plays_at_a_table_to_the_persons_decision(name, tmp_path, browser, shot):
    """issue 37, "Done when": the policy a game ships plays in the browser — three learned seats and a
    person; the learned bots take their decisions (in the server's workers) until the person is asked."""
    with serving(tmp_path) as server:
        errors: list[str] = []
        page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        g = httpx2.post(server + "/api/games", json={"game": name, "seats": ["human", "learned", "learned", "learned"]})
        assert g.status_code == 201, g.text
        g = g.json()
        page.goto(server + g["seats"][0]["url"])
        enabled = "#decision button.option:not([disabled])"
        end = time.monotonic() + 120
        answered = -1  # the number of the person's last decision clicked
        while time.monotonic() < end:  # the person clicks an option until a learned seat has moved
            s = _state(server, g)
            assert s["error"] is None
            d = s["decision"]
            if d and d.get("options") and d["number"] > answered:
                try:  # the page shows the person's options
                    page.wait_for_selector(enabled, timeout=60_000)
                except PlaywrightTimeout:
                    shown = page.locator("#decision").inner_text()[:400]
                    raise AssertionError(f"decision {d['number']} not shown as options; the page shows: {shown}") from None
                if any(e["seat"] in (1, 2, 3) for e in s["log"]):
                    break
                page.locator(enabled).first.click()
                answered = d["number"]
            time.sleep(0.2)
        else:
            raise AssertionError(f"no learned seat moved before the person was asked: {s['pending']}")
        shot(page, f"learned-table-{name}", full_page=False)
        assert errors == []
