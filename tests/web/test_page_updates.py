"""A live page draws the latest state it was sent, however slowly the first one loads. The first
render of a game page waits for the game's catalog and board module; states sent meanwhile (bots
moving as the page opens) must not be overdrawn by that first, older state when it loads. Each
render used to fetch what it lacked on its own, so their answers could come back in any order: a
person's options replaced by "… is thinking" is what a CI run showed (a table of learned bots that
never showed the person's turn; inferred, not reproduced here). Now the renders share one request
and a render that a later one has overtaken draws nothing: checked here as one catalog request for
every render of the page, and no waiting panel drawn once the person's options were."""

from __future__ import annotations

import threading
import time

import httpx2

from threaded_server import serving


def test_a_slow_first_load_does_not_overdraw_a_later_state(tmp_path, browser, monkeypatch):
    from volstead.server.routes import lobby

    real = lobby.catalog
    calls: list[float] = []
    answered = threading.Event()

    def slow_first(name):
        # The catalog requests of the page's first two seconds are answered 6 s after the first, later
        # ones at once: the page's first render waits while the states that follow it need not.
        now = time.monotonic()
        calls.append(now)
        if now - calls[0] < 2:
            time.sleep(calls[0] + 6 - now)
            answered.set()
        return real(name)

    monkeypatch.setattr(lobby, "catalog", slow_first)
    # Scarface 1920 opens with seats 3, 2 and 1 choosing their Districts and goods (six decisions),
    # then seat 0's: the bots move every half second while the page loads
    with serving(tmp_path, bot_delay=0.5) as server:
        g = httpx2.post(server + "/api/games", json={"game": "scarface1920", "seats": ["human", "random", "random", "random"]})
        assert g.status_code == 201, g.text
        page = browser.new_page()
        # after the person's options were first drawn, was a waiting panel ("… is thinking") drawn again?
        page.add_init_script(
            """window.__overdrawn = false; window.__seenOptions = false;
            new MutationObserver(() => {
              if (document.querySelector('#decision button.option:not([disabled])')) window.__seenOptions = true;
              else if (window.__seenOptions && document.getElementById('waiting')) window.__overdrawn = true;
            }).observe(document, { subtree: true, childList: true });"""
        )
        page.goto(server + g.json()["seats"][0]["url"])
        page.wait_for_selector("#decision button.option:not([disabled])", timeout=30_000)
        assert answered.wait(15), "the slow first catalog request was never answered"
        page.wait_for_timeout(3000)  # the first render's turn to draw, had it not been superseded
        assert page.locator("#decision button.option:not([disabled])").count() > 0
        assert page.locator("#waiting").count() == 0, page.locator("#decision").inner_text()[:300]
        assert page.evaluate("window.__seenOptions") and not page.evaluate("window.__overdrawn")
        assert len(calls) == 1  # every render waited on the one request
        page.close()
