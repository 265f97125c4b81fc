"""The table in the browser shell (issue 36 §1, §3, §6, §7, §8), for any game: choosing on the board
from the options' refs (one click, two clicks led step by step, options sharing every ref offered as
buttons), digits on the keyboard, the tab's title on your turn, the rules panel open at the current
decision's passage and "§" links to a passage, and a decision that does not move while rivals take
their private steps. The test game (tests/platform_game) with its small board module
(tests/platform_game/web/board.js, named as its web_module here), and The Mafia Chronicles' Market and
Prohibition's Scheme draft with bots.
Chromium at 1400x900 and 390x844; screenshots in test-artifacts/."""

from __future__ import annotations

import time

import httpx2
import pytest

from threaded_server import serving

DESKTOP, PHONE = {"width": 1400, "height": 900}, {"width": 390, "height": 844}
SIZES = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
YOUR_TURN = "● Your turn · Prize Bids (test game) · Volstead"
NOT_YOURS = "Prize Bids (test game) · Volstead"


@pytest.fixture
def board_game(prize_bids, monkeypatch):
    """The test game drawn by its board module (data-ref on the prize, the price track, the hand)."""
    from volstead.server.routes import lobby

    monkeypatch.setattr(type(prize_bids), "web_module", "web/board.js")
    lobby._info_body.cache_clear()  # /api/info is cached per process: an earlier test's has no board module
    yield prize_bids
    lobby._info_body.cache_clear()


def new_game(server, **extra):
    body = {"game": "prize_bids", "seats": ["human", "human"], "seed": 5, "options": {"cards": 3}, **extra}
    return httpx2.post(server + "/api/games", json=body).json()


def decide_by_api(server, g, seat, option):
    token = g["seats"][seat]["url"].split("token=")[1]
    state = httpx2.get(f"{server}/api/games/{g['id']}/state", params={"token": token}).json()
    r = httpx2.post(
        f"{server}/api/games/{g['id']}/decide",
        json={"token": token, "option": option, "decision": state["decision"]["number"]},
    )
    assert r.status_code == 200, r.text


def state_of(server, g, seat):
    token = g["seats"][seat]["url"].split("token=")[1]
    return httpx2.get(f"{server}/api/games/{g['id']}/state", params={"token": token}).json()


def open_page(browser, server, url, viewport, errors, rules=None):
    context = browser.new_context(viewport=viewport)
    if rules is not None:  # as the person left the rules panel in this browser
        context.add_init_script(f"localStorage.setItem('volstead:rules-open:prize_bids', '{str(rules).lower()}')")
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + url)
    page.wait_for_selector("#decision button.option:not([disabled])")
    return page


def shown_options(page):
    return page.eval_on_selector_all("#decision button.option:not([hidden])", "bs => bs.map(b => b.dataset.id)")


@SIZES
def test_choose_on_the_board_with_one_click_and_two(server, browser, shot, board_game, viewport):
    g = new_game(server)
    decide_by_api(server, g, 1, "bid:1")
    decide_by_api(server, g, 1, "confirm")
    errors = []
    page = open_page(browser, server, g["seats"][0]["url"], viewport, errors, rules=False)
    assert page.title() == YOUR_TURN
    # what can be clicked now: the three cards of the hand (the blind bid names nothing drawn)
    assert page.eval_on_selector_all(".choosable", "es => es.map(e => e.dataset.ref)") == ["card:1", "card:2", "card:3"]
    assert page.get_attribute("[data-ref='card:2']", "role") == "button"
    assert page.get_attribute("[data-ref='card:2']", "tabindex") == "0"
    assert page.locator("#pb-table .choosable").count() == 0  # the prize is not part of a bid
    # hovering an option's button marks what it names
    page.hover("button.option[data-id='bid:2']")
    assert page.eval_on_selector_all(".hover", "es => es.map(e => e.dataset.ref)") == ["card:2"]
    page.mouse.move(0, 0)
    page.wait_for_function("!document.querySelector('.hover')")
    # one click: the card is bid
    page.click("[data-ref='card:3']")
    page.wait_for_selector("button.option[data-id='confirm']:not([disabled])")
    assert state_of(server, g, 0)["view"]["my_bid"] == 3
    # the confirmation's two options both name the card: clicked, they are offered as buttons
    page.click("[data-ref='card:3']")
    assert page.locator("#board-choice").inner_text().startswith("Chosen: Card 3. Choose one:")
    assert shown_options(page) == ["confirm", "back"]
    assert page.get_attribute("[data-ref='card:3']", "class").split() == ["pb-card", "chosen"]
    page.keyboard.press("Escape")  # Esc cancels the choice under way
    assert "Chosen" not in page.locator("#board-choice").inner_text()
    assert page.locator("[data-ref='card:3']").get_attribute("class").split() == ["pb-card", "choosable"]
    page.click("[data-ref='card:3']")
    page.click("#decision button.option[data-id='confirm']")
    # seat 0 won the prize (3 against 1): the sale, two clicks — the prize, then the price
    page.wait_for_selector("#pb-table [data-ref^='prize:'].choosable")
    prize = state_of(server, g, 0)["view"]["prize"]
    assert page.eval_on_selector_all(".choosable", "es => es.map(e => e.dataset.ref)") == [f"prize:{prize}"]
    assert "led step by step" in page.locator("#board-choice").inner_text()
    page.click(f"[data-ref='prize:{prize}']")
    line = page.locator("#board-choice").inner_text()
    assert line.startswith(f"Chosen: Prize {prize}. Now click") and "or choose below" in line, line
    assert page.eval_on_selector_all(".choosable", "es => es.map(e => e.dataset.ref)") == [
        f"price:{p}" for p in range(1, prize + 1)
    ]
    assert shown_options(page) == ["keep", *(f"offer:{p}" for p in range(1, prize + 1))]
    shot(page, f"table-two-click-{viewport['width']}", full_page=False)
    page.click("[data-ref='price:1']")
    page.wait_for_function(f"document.title === {NOT_YOURS!r}")
    respond = state_of(server, g, 1)["decision"]
    assert respond["kind"] == "respond" and respond["options"][0]["label"] == f"Accept: buy prize {prize} for 1"
    assert not errors, errors


@SIZES
def test_digits_choose_and_the_tab_says_whose_turn(server, browser, shot, board_game, viewport):
    g = new_game(server)
    errors = []
    page = open_page(browser, server, g["seats"][0]["url"], viewport, errors, rules=False)
    assert page.title() == YOUR_TURN
    assert page.get_attribute("link[rel=icon]", "data-state") == "turn"
    assert page.locator("#decision button.option .key").all_inner_texts() == ["1", "2", "3", "4"]
    page.fill("#chat-text", "2")  # typing in a field chooses nothing
    page.press("#chat-text", "2")
    page.locator("#decision .prompt").click()
    page.keyboard.press("2")
    page.wait_for_selector("button.option[data-id='confirm']:not([disabled])")
    assert state_of(server, g, 0)["view"]["my_bid"] == 2
    page.keyboard.press("1")
    page.wait_for_function(f"document.title === {NOT_YOURS!r}")  # seat 1 still bids: not our turn
    assert page.get_attribute("link[rel=icon]", "data-state") == "idle"
    decide_by_api(server, g, 1, "bid:1")
    decide_by_api(server, g, 1, "confirm")
    page.wait_for_function(f"document.title === {YOUR_TURN!r}")  # the sale is ours to offer
    page.keyboard.press("?")  # the rules panel, from the keyboard
    assert page.locator("#rulebook").is_visible()
    assert "Ties and the sale" in page.locator("#rules-now").inner_text()
    page.keyboard.press("?")
    assert not page.locator("#rulebook").is_visible()
    # `u` clicks the page's Undo button when it has one (and does nothing without one)
    page.keyboard.press("u")
    page.evaluate(
        "document.querySelector('#decision').insertAdjacentHTML('beforeend', "
        "'<button id=undo onclick=\"this.dataset.clicked=1\">Undo</button>')"
    )
    page.keyboard.press("u")
    assert page.get_attribute("#undo", "data-clicked") == "1"
    assert not errors, errors


def test_the_round_timer_is_large_and_red_near_the_end(server, browser, board_game):
    g = new_game(server, time_limit=20)
    errors = []
    page = open_page(browser, server, g["seats"][0]["url"], DESKTOP, errors, rules=False)
    page.wait_for_selector("#decision #timer")
    assert page.locator("#timer").inner_text().replace("\n", "").startswith("0:1")
    assert "urgent" in page.get_attribute("#timer", "class")
    assert page.eval_on_selector("#timer", "e => parseFloat(getComputedStyle(e).fontSize)") >= 24
    assert page.eval_on_selector("#timer", "e => getComputedStyle(e).color") == "rgb(204, 0, 0)"
    assert not errors, errors


@SIZES
def test_the_rules_panel_shows_this_decisions_passage_and_opens_a_cited_one(server, browser, shot, board_game, viewport):
    g = new_game(server)
    errors = []
    page = open_page(browser, server, g["seats"][0]["url"], viewport, errors)  # a first game: open by default
    now = page.locator("#rules-now")
    assert now.locator("h4").all_inner_texts() == ["§2 Bidding"]
    box = now.bounding_box()
    assert box["y"] >= 0 and box["y"] + 60 <= viewport["height"], box  # in view without scrolling
    assert page.evaluate("scrollY") == 0
    # a first game's first decision explains the options
    assert "Your first game" in page.locator("#decision .learn-note").inner_text()
    shot(page, f"table-rules-{viewport['width']}", full_page=False)
    # "§2" in an option's help is a link: it opens the passage and takes no option
    number = state_of(server, g, 0)["decision"]["number"]
    page.click("button.option[data-id='bid:blind'] a.sec-link[data-sec='2']")
    assert page.locator("#rules-cited h4").inner_text() == "§2 Bidding"
    assert state_of(server, g, 0)["decision"]["number"] == number
    # "§3" in the rules' own text opens that passage
    page.locator("#rules-now a.sec-link[data-sec='3']").click()
    assert page.locator("#rules-cited h4").inner_text() == "§3 Ties and the sale"
    cited = page.locator("#rules-cited").bounding_box()
    assert cited["y"] >= 0 and cited["y"] + 40 <= viewport["height"], cited
    shot(page, f"table-rules-cited-{viewport['width']}", full_page=False)
    page.click("#rules-close")
    assert not page.locator("#rulebook").is_visible()
    # the pattern: "§" and an optional space before the key; a passage the game lacks stays text
    probe = page.evaluate(
        """async () => { const m = await import('/static/rules.js'); const el = document.createElement('div');
        el.textContent = 'see §2, § 3 and §9.'; m.linkSections([el]); return el.innerHTML; }"""
    )
    link = '<a href="#rulebook" class="sec-link" data-sec="{0}">{1}</a>'
    assert probe == f"see {link.format('2', '§2')}, {link.format('3', '§ 3')} and §9."
    assert not errors, errors


def test_the_rules_panel_stays_closed_once_a_game_was_finished(server, browser, board_game):
    g = new_game(server)
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script("localStorage.setItem('volstead:finished:prize_bids', 'true')")
    page = context.new_page()
    page.goto(server + g["seats"][0]["url"])
    page.wait_for_selector("#decision button.option:not([disabled])")
    assert page.locator("#rulebook").count() == 1 and not page.locator("#rulebook").is_visible()
    assert page.locator("#decision .learn-note").count() == 0
    page.click("#rules-toggle")
    assert page.locator("#rules-now").is_visible()


@pytest.fixture
def slow_bots_server(tmp_path, request):
    """A server whose bots take a beat before each move (0.4 s, or the test's `bot_delay` mark):
    their private steps arrive one by one."""
    mark = request.node.get_closest_marker("bot_delay")
    with serving(tmp_path, bot_delay=mark.args[0] if mark else 0.4, bot_start=None) as server:
        yield server


def watch_rivals_decide_in_private(page, server, g, mine, states, shot, name, min_messages):
    """With seat 1's decision `mine` open and its first option marked 'kept': scroll, hover the last
    option, let the rivals finish their private steps, then check the panel never moved (the very
    element kept, its box, the scroll, the hover), and that a click on it still lands."""
    page.evaluate("window.scrollTo(0, 120)")
    page.hover("#decision button.option >> nth=-1")
    before = page.locator("#decision button.option").first.bounding_box()
    scroll = page.evaluate("scrollY")
    seen = len(states)
    end = time.monotonic() + 20
    while state_of(server, g, 0)["pending"] != [0]:  # the rivals decide, in private, until they are done
        assert time.monotonic() < end, "the rivals did not finish their private steps"
        page.wait_for_timeout(200)
    page.wait_for_timeout(300)
    assert len(states) - seen >= min_messages, "the rivals' private steps did not reach the page"
    assert state_of(server, g, 0)["decision"]["number"] == mine["decision"]["number"]  # ours still waits
    assert page.locator("#decision button.option").first.get_attribute("data-mark") == "kept"  # never rebuilt
    assert page.locator("#decision button.option").first.bounding_box() == before
    assert page.evaluate("scrollY") == scroll
    assert page.locator("#decision button.option >> nth=-1").evaluate("b => b.matches(':hover')")
    shot(page, name, full_page=False)
    page.locator("#decision button.option").first.click()  # a click still lands
    page.wait_for_function("!document.querySelector('#decision button.option[data-mark]')")
    assert state_of(server, g, 0)["decision"].get("number") != mine["decision"]["number"]


@SIZES
def test_the_decision_does_not_move_while_rivals_decide_in_private(slow_bots_server, browser, shot, viewport):
    server = slow_bots_server
    g = httpx2.post(
        server + "/api/games", json={"game": "mafia_chronicles", "seats": ["human", "random", "random", "random"], "seed": 6}
    ).json()
    errors, states = [], []
    context = browser.new_context(viewport=viewport)
    context.add_init_script("localStorage.setItem('volstead:rules-open:mafia_chronicles', 'false')")
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: states.append(f) if '"type":"state"' in f else None))
    page.goto(server + g["seats"][0]["url"])
    page.wait_for_selector("#decision button.option:not([disabled])")
    assert state_of(server, g, 0)["decision"]["kind"] == "pick_boss"
    page.locator("#decision button.option").first.click()
    # the market: every syndicate buys in private, the bots a step every 0.4 s
    end = time.monotonic() + 20
    while (mine := state_of(server, g, 0))["decision"].get("kind") != "market" or "options" not in mine["decision"]:
        assert time.monotonic() < end, "no market decision"
        time.sleep(0.1)
    page.wait_for_selector("#decision button.option:not([disabled])")
    # mark the first option's very element, scroll the page, hover the last option
    page.evaluate("document.querySelector('#decision button.option').dataset.mark = 'kept'")
    # the rivals buy, several private steps each: "decided in private." reaches the page at least twice
    watch_rivals_decide_in_private(page, server, g, mine, states, shot, f"table-mafia-secret-{viewport['width']}", 2)
    assert not errors, errors


@SIZES
@pytest.mark.bot_delay(1.5)
def test_the_draft_decision_does_not_move_while_rivals_pick_in_private(slow_bots_server, browser, shot, viewport):
    """Prohibition's Scheme draft (rulebook: Setup, the draft — every gang keeps a card of its packet in
    secret at once, three rounds): while the three bots pick in private, seat 1's open pick is not
    rebuilt, scrolled or un-hovered, and a click on it still lands."""
    server = slow_bots_server
    g = httpx2.post(
        server + "/api/games", json={"game": "prohibition", "seats": ["human", "random", "random", "random"], "seed": 6}
    ).json()
    errors, states = [], []
    context = browser.new_context(viewport=viewport)
    context.add_init_script("localStorage.setItem('volstead:rules-open:prohibition', 'false')")
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: states.append(f) if '"type":"state"' in f else None))
    page.goto(server + g["seats"][0]["url"])
    page.wait_for_selector("#decision button.option:not([disabled])")
    first = state_of(server, g, 0)["decision"]
    assert first["kind"] == "draft_scheme"
    # round 1: the bots picked while the page loaded; take ours, and round 2 opens for all four at once
    page.evaluate("document.querySelector('#decision button.option').dataset.mark = 'round-1'")
    page.locator("#decision button.option").first.click()
    page.wait_for_function(
        "!document.querySelector('[data-mark=round-1]') && document.querySelector('#decision button.option:not([disabled])')"
    )
    page.evaluate("document.querySelector('#decision button.option').dataset.mark = 'kept'")
    mine = state_of(server, g, 0)
    assert mine["decision"]["kind"] == "draft_scheme" and mine["decision"]["number"] != first["number"]
    assert mine["pending"] == [0, 1, 2, 3], "the rivals had picked before the test could watch them"
    # the rivals pick, one private step each, all at once
    watch_rivals_decide_in_private(page, server, g, mine, states, shot, f"table-prohibition-draft-{viewport['width']}", 1)
    assert not errors, errors
