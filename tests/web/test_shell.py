"""The browser shell with a game it knows nothing about (the test game, tests/platform_game):
the lobby form comes from the game's options schema, the generic renderer draws its view, and
two people bid in private at the same time, each in their own browser. Desktop and phone."""

from __future__ import annotations

import httpx2
import pytest


@pytest.fixture(autouse=True)
def _registered(prize_bids):
    return prize_bids


def test_lobby_builds_the_form_from_the_options_schema(server, browser, shot):
    page = browser.new_context(viewport={"width": 1300, "height": 900}).new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/?game=scarface1920")  # the lobby's full form for the game
    page.wait_for_selector("#create-btn")
    page.select_option("select[name=game]", "prize_bids")
    assert page.locator("select[name=players] option").all_inner_texts() == ["2", "3", "4"]
    assert page.locator("select[name=opt_ties] option").all_inner_texts() == ["discard", "split"]
    assert page.locator("input[name=opt_negotiation]").is_checked()
    assert page.locator("input[name=opt_cards]").input_value() == "5"
    page.select_option("select[name=players]", "2")
    page.select_option("select[name=seat1]", "random")
    page.select_option("select[name=faction0]", "gold")
    page.select_option("select[name=first]", "1")
    page.select_option("select[name=opt_ties]", "split")
    page.fill("input[name=opt_cards]", "3")
    shot(page, "shell-lobby-prize-bids")
    page.click("#create-btn")
    page.wait_for_selector("a.seat-link")
    gid = page.locator("a.seat-link").first.get_attribute("href").split("/")[2].split("?")[0]
    meta = httpx2.get(f"{server}/api/games/{gid}").json()
    assert meta["options"] == {
        "cards": 3,
        "ties": "split",
        "negotiation": True,
        "factions": ["gold", "random"],
        "first_seat": 1,
        "prize_set": "",
    }
    assert not errors, errors


@pytest.mark.parametrize("viewport", [{"width": 1300, "height": 900}, {"width": 390, "height": 844}], ids=["desktop", "phone"])
def test_two_people_bid_at_once_in_their_own_browsers(server, browser, shot, viewport):
    g = httpx2.post(
        server + "/api/games",
        json={"game": "prize_bids", "seats": ["human", "human"], "seed": 5, "options": {"cards": 3, "negotiation": False}},
    ).json()
    pages, errors = [], []
    for seat in (0, 1):
        page = browser.new_context(viewport=viewport).new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server + g["seats"][seat]["url"])
        page.wait_for_selector("button.option:not([disabled])")
        pages.append(page)
    a, b = pages
    assert a.locator("#view").is_visible()  # the generic renderer
    assert "What seat 1 sees" in a.locator("#view h3").inner_text()
    assert a.locator("#decision .help").inner_text() == "choose the card you bid this round (in secret)"
    # both decide at the same time: seat 1 bids while seat 0 still has its options
    b.click("button.option[data-id='bid:3']")
    b.wait_for_selector("button.option[data-id='confirm']:not([disabled])")
    assert a.locator("button.option[data-id='bid:1']").is_enabled()
    b.wait_for_selector("button.option[data-id='confirm']")
    assert "Bid 3" in b.locator("#log").inner_text()  # seat 1 reads its own step
    assert "Bid 3" not in a.locator("#log").inner_text() and "My Bid" in a.locator("#view").inner_text()
    shot(a, f"shell-prize-bids-seat0-{viewport['width']}")
    b.click("button.option[data-id='confirm']")
    a.wait_for_function("document.querySelector('#log').innerText.includes('Seat 2: decided in private.')")
    b.wait_for_selector("#waiting")
    assert "Waiting for Seat 1 (deciding in private)" in b.locator("#waiting").inner_text()
    shot(b, f"shell-prize-bids-seat1-waiting-{viewport['width']}")
    a.click("button.option[data-id='bid:1']")
    a.wait_for_selector("button.option[data-id='confirm']:not([disabled])")
    a.click("button.option[data-id='confirm']")
    a.wait_for_function(
        "document.querySelector('#view').innerText.includes('Round') && "
        "document.querySelector('#view').innerText.match(/Round\\s*2/)"
    )
    text = a.locator("#view").inner_text()
    assert "Last Reveal" in text and "1, 3" in text.replace("\n", " ")
    # play on to the end: the shell shows the final scores from the game's Result
    for _ in range(40):
        for page in pages:
            if page.locator("#scores").count():
                break
            buttons = page.locator("button.option:not([disabled])")
            if buttons.count():
                n = httpx2.get(f"{server}/api/games/{g['id']}").json()["decisions"]
                buttons.first.click()
                page.wait_for_function(f"fetch('/api/games/{g['id']}').then(r => r.json()).then(m => m.decisions > {n})")
        if a.locator("#scores").count():
            break
        a.wait_for_timeout(100)
    a.wait_for_selector("#scores")
    assert a.locator("#scores tr").count() == 3
    shot(a, f"shell-prize-bids-over-{viewport['width']}")
    assert not errors, errors


def test_the_lobby_shows_each_bots_rating_in_the_game_chosen(server, browser, shot, prize_bids, monkeypatch, request):
    """Issue 34, item 7: beside each bot the lobby offers, its Elo in the game chosen, where the game's
    ladder was measured (Game.bot_ratings); a game without ratings shows the bare labels."""
    from volstead.server.routes.lobby import _info_body

    monkeypatch.setattr(type(prize_bids), "bot_ratings", lambda self: {"greedy": 1388.96, "ismcts:200ms": 1612.2})
    # /api/info's body is built once per process (routes/lobby.py): rebuilt with the patched ratings,
    # and again after, so that no later test reads them
    _info_body.cache_clear()
    request.addfinalizer(_info_body.cache_clear)
    page = browser.new_context(viewport={"width": 1300, "height": 900}).new_page()
    page.goto(server + "/?game=scarface1920")  # the lobby's full form for the game
    page.wait_for_selector("#create-btn")
    page.select_option("select[name=game]", "prize_bids")
    assert page.locator("select[name=seat1] option").all_inner_texts() == [
        "Human",
        "Random (beginner)",
        "Greedy (easy) · Elo 1389",
        "ISMCTS 0.05 s",
        "ISMCTS 0.2 s · Elo 1612",
        "ISMCTS 1 s",
    ]
    page.click("select[name=seat1]")
    shot(page, "lobby-bot-ratings", full_page=False)
    page.select_option("select[name=game]", "scarface1920")
    labels = page.locator("select[name=seat1] option").all_inner_texts()
    assert labels[2].startswith("Greedy (easy)") and len(labels) == 7 and labels[-1].startswith("Learned")
