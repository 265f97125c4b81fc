"""Prohibition's board names what the options name (issue 36 §1): at every decision of a person's first
turns — the Scheme draft, the Infamy choice, the action board, an Attack's Goons and target — each
reference of each pending option (Step.option_refs) has a visible element with that data-ref on the
page (web/board.js), so the shell can highlight it and take the click there."""

from __future__ import annotations

import json
import time

from test_browser import wait_options
from test_prohibition_page import open_game, view_of

MISSING = """(refs) => refs.filter((r) => {
    const els = [...document.querySelectorAll(`[data-ref="${CSS.escape(r)}"]`)];
    return !els.some((e) => { const box = e.getBoundingClientRect(); return box.width > 0 && box.height > 0; });
})"""


SHOWN = """(ids) => ids.every((id) => document.querySelector(`#decision button.option[data-id="${CSS.escape(id)}"]`))"""


def next_state(server, g, before):
    """The state once the decision taken has changed it (the bots answer at once)."""
    end = time.monotonic() + 30
    while True:
        state = view_of(server, g)
        if json.dumps([state["decision"], state["view"]], sort_keys=True) != before:
            return state
        assert time.monotonic() < end, "the decision did not change the state"
        time.sleep(0.1)


def test_every_ref_of_the_pending_options_is_drawn_on_the_board(server, browser, shot):
    g, page = open_game(server, browser, {"width": 1400, "height": 900})
    kinds: dict[str, int] = {}
    state = view_of(server, g)
    for _ in range(30):
        d = state["decision"]
        if not d or "options" not in d:
            break
        ids = [o["id"] for o in d["options"]]
        page.wait_for_function(SHOWN, arg=ids, timeout=30000)  # the page shows this decision
        refs = sorted({r for o in d["options"] for r in o.get("refs", [])})
        assert page.evaluate(MISSING, refs) == [], d["kind"]
        kinds[d["kind"]] = kinds.get(d["kind"], 0) + len(refs)
        # lead Attacks when one is on offer, to meet its Goons and target; else the first option
        pick = next((i for i in ids if i.startswith("attack:")), ids[0])
        before = json.dumps([state["decision"], state["view"]], sort_keys=True)
        page.locator(f'#decision button.option[data-id="{pick}"]').click()
        state = next_state(server, g, before)
        wait_options(page)
    assert kinds.get("draft_scheme") and kinds.get("keep_infamy") and kinds.get("action")
    assert kinds.get("attack_target", 0) >= 40, kinds  # every target Block of the map
    shot(page, "prohibition-refs")
