"""The Mafia Chronicles' board names what the options name (issue 36 §1): every ref of the pending
options — the Boss pick's Gangsters, the market's cards, the empty slots a card goes to, the cards that
move, their targets — has a visible [data-ref] element on the page, and the reference cards show the
damage bands in play. The clicking itself is the shell's (tests/web/test_shell.py)."""

from __future__ import annotations

import time

import httpx2
from test_browser import wait_options

# the order a person prefers options in, to reach each kind of decision: buy, then finish the
# Market; move with a card against a target rather than pass
PREFER = ("buy:", "murder:", "torch:", "steal:", "flip:", "frame:", "fix:", "mob:", "biz:", "asset:", "stash:", "slot:", "done")


def _state(server, gid, token):
    return httpx2.get(f"{server}/api/games/{gid}/state", params={"token": token}).json()


def _shown(page, options) -> None:
    """Wait until the page shows these options' buttons."""
    ids = [o["id"] for o in options]
    page.wait_for_function(
        "(ids) => { const b = [...document.querySelectorAll('#decision button.option')].map((x) => x.dataset.id);"
        " return ids.every((i) => b.includes(i)); }",
        arg=ids,
        timeout=15000,
    )


def test_every_ref_of_the_pending_options_is_drawn(server, browser, shot):
    g = httpx2.post(
        server + "/api/games", json={"game": "mafia_chronicles", "seats": ["human", "random", "random", "random"], "seed": 11}
    ).json()
    token = g["seats"][0]["url"].split("token=")[1]
    page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    page.goto(server + g["seats"][0]["url"])
    wait_options(page)
    checked: dict[str, int] = {}
    end = time.monotonic() + 150
    while time.monotonic() < end and not {"pick_boss", "market", "place_card", "move", "target"} <= set(checked):
        state = _state(server, g["id"], token)
        d = state["decision"]
        if state["view"]["over"]:
            break
        if not d or "options" not in d:
            page.wait_for_timeout(250)
            continue
        _shown(page, d["options"])
        for o in d["options"]:
            for ref in o.get("refs", []):
                found = page.locator(f'[data-ref="{ref}"]')
                assert found.count() >= 1, f"{d['kind']} {o['id']}: nothing on the page has data-ref={ref}"
                assert found.first.is_visible(), f"{d['kind']} {o['id']}: {ref} is not visible"
                checked[d["kind"]] = checked.get(d["kind"], 0) + 1
        if d["kind"] == "market" and checked.get("place_card"):
            choice = "done"
        else:
            ids = [o["id"] for o in d["options"]]
            choice = next((i for p in PREFER for i in ids if i.startswith(p)), ids[-1])
        if d["kind"] == "market" and choice == "done":
            shot(page, "mafia-refs-market", full_page=False)
        page.locator(f'#decision button.option[data-id="{choice}"]').click()
        page.wait_for_timeout(150)
    assert {"pick_boss", "market", "place_card", "move", "target"} <= set(checked), checked
    # the Damage reference card shows the bands this game plays (the rules text's by default)
    page.locator("#reference summary").click()
    assert "6-8 = discard" in page.locator('#reference [data-card="damage"]').inner_text()
