"""Scarface 1920 on the board (issue 36 §1): every reference of the pending options (Step.option_refs)
has an element with that data-ref drawn and visible on the page — the map's districts,
Neighborhoods, pieces and police, the cards of hand, Plan and Market, Jobs, Deals, stats, thug
areas, rivals, the Enforcer's Job draft — in a 4-player game and in solo, at 1400×900 and 390×844."""

from __future__ import annotations

import random

import httpx2
import pytest


def pending(server, game, token) -> dict | None:
    return httpx2.get(f"{server}/api/games/{game}/state", params={"token": token}).json()["decision"]


def missing_refs(page, options) -> list[str]:
    refs = sorted({r for o in options for r in o.get("refs", [])})
    return page.evaluate(
        """refs => refs.filter(r => ![...document.querySelectorAll(`[data-ref="${CSS.escape(r)}"]`)].some(e => {
            const b = e.getBoundingClientRect();
            return b.width > 0 && b.height > 0 && getComputedStyle(e).visibility !== "hidden";
        }))""",
        refs,
    ), refs


@pytest.mark.parametrize(
    ("seats", "options", "viewport"),
    [
        (["human", "random", "random", "random"], {}, {"width": 1400, "height": 900}),
        (["human"], {"solo": True}, {"width": 1400, "height": 900}),
        (["human"], {"solo": True}, {"width": 390, "height": 844}),
    ],
)
def test_every_ref_of_the_pending_options_is_drawn_on_the_page(server, browser, shot, seats, options, viewport):
    g = httpx2.post(server + "/api/games", json={"seats": seats, "seed": 7, "options": options}).json()
    token = g["seats"][0]["url"].split("token=")[1]
    page = browser.new_context(viewport=viewport).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + g["seats"][0]["url"])
    rng = random.Random(7)
    kinds, checked = set(), 0
    for _ in range(40):
        page.wait_for_selector("#decision button.option:not([disabled])", timeout=30000)
        d = pending(server, g["id"], token)
        if not d or "options" not in d:
            page.wait_for_timeout(200)
            continue
        ids = [o["id"] for o in d["options"]]
        # the page shows this very decision (its buttons carry the option ids)
        page.wait_for_function(
            "ids => { const b = [...document.querySelectorAll('#decision button.option')].map(x => x.dataset.id);"
            " return b.length === ids.length && ids.every(i => b.includes(i)); }",
            arg=ids,
            timeout=15000,
        )
        missing, refs = missing_refs(page, d["options"])
        assert not missing, f"{d['kind']}: no visible [data-ref] for {missing}"
        checked += len(refs)
        kinds.add(d["kind"])
        page.locator(f'#decision button.option[data-id="{rng.choice(ids)}"]').first.click()
        page.wait_for_timeout(150)
    assert checked > 20 and {"plan", "action"} <= kinds
    shot(page, f"scarface-refs-{'solo' if options else '4p'}-{viewport['width']}")
    assert not errors, errors
