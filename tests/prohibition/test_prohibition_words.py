"""What people read and click in Prohibition (issue 36 §1, §3, §4): every option that names something
on the board carries the reference the board draws it by (Step.option_refs, data-ref in web/board.js);
places are named by Neighborhood and Block ("Hell's Kitchen 5"), never by code; the log has a sentence
for every decision (Step.option_said) and, for the secret ones, what the others read
(Step.hidden_said); what the gang cannot order or pay is shown greyed with the price or the rule; every
"§" cites a section of the rules help that exists, and every decision kind has one."""

from __future__ import annotations

import random
import re

import pytest
from prohibition_helpers import after_setup, fed, put_building, run

from volstead.bots import GreedyBot, ask_bot
from volstead.engine.help import SECTION_KEY
from volstead.engine.step import Step
from volstead.games.prohibition import GAME
from volstead.games.prohibition.rules.actions import ActionTurn
from volstead.games.prohibition.rules.feds import FedCard

# Options that name nothing drawn: finishing, keeping, declining.
NO_REF_IDS = frozenset({"done", "leave", "withdraw", "keep", "no_tactic", "no_help"})
BLOCK_CODE = re.compile(r"\b(hk|tl|gv|li|les|hr|rh)[1-8]\b")
CITED = re.compile(rf"§\s?({SECTION_KEY})")


def drawn_refs(view: dict, seat: int) -> set[str]:
    """The data-refs web/board.js draws for this view (its render, in Python)."""
    out = {f"block:{x['id']}" for x in view["blocks"]}
    out |= {f"space:{x['id']}" for x in view["spaces"]}
    out |= {f"stack:{k}" for k in view["stacks"]}
    gangs = view["gangs"]
    for g in gangs:
        out |= {f"scheme:{x}" for x in (g["hand"] or []) + g["completed"]}
        out |= {f"fed:{x}" for x in g["fed_cards"]}
    if view.get("draft"):
        out |= {f"scheme:{x}" for x in view["draft"]["packet"]}
    if view.get("infamy_dealt") and not gangs[seat]["infamy"]:
        out |= {f"infamy:{x}" for x in view["infamy_dealt"]}
    a = view["attack"]
    if a:
        out |= {f"die:attacker:{d}" for d in a["attacker_dice"]} | {f"die:defender:{d}" for d in a["defender_dice"]}
    return out


def play(seed: int, seats: int, greedy: bool, visit) -> None:
    """A whole game (random, or every seat greedy), `visit(state, decision, index)` before each choice."""
    s = GAME.new_game(seed, seats)
    s.tell_story()
    rng = random.Random(seed)
    bots = [GreedyBot(f"{seed}/{k}") for k in range(seats)] if greedy else []
    while not s.is_over():
        d = s.decision()
        if len(d.codes) == 1:
            i = 0
        elif greedy:
            i = ask_bot(bots[d.seat], s, seat=d.seat)
        else:
            i = rng.randrange(len(d.codes))
        visit(s, d, i)
        s.apply_index(i, d.seat)
        for text, _to in s.take_story():
            visit(s, None, text)


GAMES = [(seed, 2 + seed % 3, False) for seed in range(5)] + [(3, 4, True)]


@pytest.mark.parametrize(("seed", "seats", "greedy"), GAMES, ids=[f"{'greedy' if g else 'random'}-{s}-{n}" for s, n, g in GAMES])
def test_options_carry_the_refs_the_board_draws_and_words_people_use(seed, seats, greedy):
    """At every decision: each option naming a Block, space, stack, card or die has refs, each drawn on
    the deciding seat's board; none of the texts names a Block by its code; each taken option has a
    sentence for the log, and a secret one a sentence for the others."""
    kinds: set[str] = set()
    refs_seen: set[str] = set()
    story: list[str] = []

    def visit(s, d, i):
        if d is None:
            story.append(i)
            return
        kinds.add(d.kind)
        drawn = drawn_refs(s.view(d.seat), d.seat)
        for o in d.options:
            if o.id in NO_REF_IDS:
                assert o.refs == (), (d.kind, o.id)
            else:
                assert o.refs, f"{d.kind} {o.id}: no refs"
                assert set(o.refs) <= drawn, f"{d.kind} {o.id}: {o.refs} not drawn"
                refs_seen.update(r.split(":")[0] for r in o.refs)
            assert not BLOCK_CODE.search(o.label + o.help), (d.kind, o.label, o.help)
        for x in d.unavailable:
            assert not BLOCK_CODE.search(x["label"] + x["reason"]), x
        said, hidden = d.log_texts(i)
        assert said.endswith((".", ")")) and said[0].islower(), (d.kind, said)
        assert not BLOCK_CODE.search(said + hidden + d.prompt), (said, hidden, d.prompt)
        if d.kind not in GAME.public_decision_kinds:
            assert hidden and d.options[i].label not in hidden, (d.kind, hidden)

    play(seed, seats, greedy, visit)
    assert not [t for t in story if BLOCK_CODE.search(t)]
    assert {"action", "attack_target", "draft_scheme", "keep_infamy"} <= kinds
    assert {"block", "space", "scheme", "infamy"} <= refs_seen


def test_every_decision_kind_says_its_own_sentence():
    """Every kind of decision a person meets has its own log sentence (not the label), and the
    secret ones (the Scheme draft, the Infamy choice) tell the others what was decided, not what."""
    from test_prohibition_help import step_kinds  # imports every rules module

    people = set(GAME.rules_help()["kinds"])
    classes = {}
    todo = list(Step.__subclasses__())
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if cls.__module__.startswith("volstead.games.prohibition") and cls.kind in people:
            classes[cls.kind] = cls
    assert set(classes) == people <= step_kinds()
    for kind, cls in classes.items():
        assert cls.option_said is not Step.option_said, kind
        assert cls.option_refs is not Step.option_refs, kind
        if kind not in GAME.public_decision_kinds:
            assert cls.hidden_said is not Step.hidden_said, kind


def test_attack_targets_read_by_neighborhood_and_the_log_says_the_attack():
    """The 46-48 targets of an Attack are grouped by Neighborhood (in Block order, so each group is
    together), named as people name them, and the log says who attacks what from where with how many."""
    s = after_setup()  # seat 0 Tammany Regulars: HQ hk1; seat 1 Rum Row Syndicate: HQ li1
    run(s, ActionTurn(0))
    s.apply("attack:hk1")
    s.apply("goons:2")
    d = s.decision()
    groups = [o.group for o in d.options]
    assert groups[0] == "Hell's Kitchen"
    assert all(groups.index(g) + groups.count(g) - 1 == len(groups) - 1 - groups[::-1].index(g) for g in set(groups))
    assert set(groups) == {"Hell's Kitchen", "The Tenderloin", "Greenwich Village", "Little Italy", "Lower East Side"}
    by_id = {o.id: (o, k) for k, o in enumerate(d.options)}
    hq, k = by_id["target:li1"]
    assert hq.label == "Little Italy 1 (Rum Row Syndicate's HQ, 3 Goons and a Guard)"
    assert hq.refs == ("block:li1",)
    assert d.log_texts(k)[0] == "attacks Little Italy 1 (Rum Row Syndicate's HQ) from Hell's Kitchen 1 with 2 Goons."
    free, k = by_id["target:gv5"]
    assert free.label == "Greenwich Village 5 (unclaimed)"
    assert d.log_texts(k)[0] == "takes Greenwich Village 5 (unclaimed) from Hell's Kitchen 1 with 2 Goons."
    assert d.prompt == "Attack which Block with 2 Goons from Hell's Kitchen 1?"


def test_what_the_gang_cannot_pay_is_greyed_with_the_price():
    """A gang with 5 Gs sees the building spaces it cannot afford greyed with the cost and what it has,
    and a Fed card's Bribe it cannot pay, and a Consequence it cannot face in full, greyed with why."""
    s = after_setup()
    s.gangs[0].gs = 5
    run(s, ActionTurn(0))
    grey = {x["label"]: x["reason"] for x in s.decision().unavailable}
    assert grey["Build Brewery"] == "it costs 10 Gs; you have 5 Gs (§building)"
    assert "Setup Still" not in grey  # 5 Gs: affordable
    s.apply("space:still")
    assert s.decision().options[0].help.startswith("5 Gs of your 5 Gs, +1 Heat (to 2)")
    s = after_setup()
    s.gangs[0].gs = 0
    put_building(s, "hk2", "still")
    run(s, FedCard(0, fed(s, "raid"), 2))  # Threshold III: lose a building and Stock from another
    d = s.decision()
    assert d.option_ids == ("bit",)
    grey = {x["label"]: x["reason"] for x in d.unavailable}
    assert grey == {
        "Pay a Bribe of 30 Gs": "you have 0 Gs (§feds)",
        "Face the Consequence: Lose One Building & Stock from One other Building": (
            "you cannot face all of it: Bribe or Do a Bit (§feds)"
        ),
    }
    assert d.log_texts(0)[0] == "does a bit of 10 months for the Fed card RAID! (Outrage Threshold III)."


def test_every_decision_kind_has_a_section_and_every_citation_names_one():
    """The rules panel (help.toml's sections): every decision kind met in play is governed by at least
    one section, every section's kinds are real, and every "§" cited anywhere people read — option
    labels and help, greyed reasons, prompts, log sentences and story, help.toml itself — names a
    section that exists."""
    h = GAME.rules_help()
    sections = h["sections"]
    governed = {k for sec in sections.values() for k in sec["kinds"]}
    assert governed <= set(h["kinds"])
    cited: set[str] = set()
    texts = [h["summary"], *h["turn"], *h["glossary"].values(), *h["kinds"].values()]
    texts += [sec["text"] for sec in sections.values()]
    kinds: set[str] = set()

    def visit(s, d, i):
        if d is None:
            texts.append(i)
            return
        kinds.add(d.kind)
        texts.append(d.prompt)
        texts.extend(o.label + " " + o.help for o in d.options)
        texts.extend(x["reason"] for x in d.unavailable)
        texts.extend(d.log_texts(i))

    for seed in range(6):
        play(seed, 2 + seed % 3, False, visit)
    for t in texts:
        cited.update(m.rstrip(".") for m in CITED.findall(t))
    assert kinds - governed == set()
    assert cited - set(sections) == set()
    assert {"building", "feds", "attacks", "conflict", "spoils", "heat"} <= cited
