"""The table people play at (issue 36): option refs name what the board draws, the columns named as
on the board, the debt a payment makes, the warning before discarding the only Boss, full log
sentences for every decision kind, the Damage reference card with the bands in play, and a rules
section for every decision kind."""

from __future__ import annotations

import random
import re
import tomllib

import pytest
from mc_games import new_game
from mc_helpers import C

from volstead.bots import ask_bot, get_bot
from volstead.engine.help import SECTION_KEY
from volstead.games.mafia_chronicles import GAME, PUBLIC_DECISION_KINDS
from volstead.games.mafia_chronicles.content.loader import DATA_DIR
from volstead.games.mafia_chronicles.options import Options
from volstead.games.mafia_chronicles.rules.dice import DAMAGE_BANDS
from volstead.games.mafia_chronicles.rules.market import MarketMenu
from volstead.games.mafia_chronicles.state import BOSS_COL, UNDERBOSS_COL, Mob

# Options that name nothing drawn: finishing a phase, out of moves, back, no Event choice, and the
# negotiations' shares and fees (numbers, not things on the table).
NOTHING_DRAWN_IDS = {"done", "out", "back", "none", "collect"}
NOTHING_DRAWN_KINDS = {"offer", "respond", "final_offer", "accept_final", "fix_fee", "fee_answer", "event_done", "collect"}


def drawn_refs(view: dict) -> set[str]:
    """Every data-ref web/board.js draws for this view (its `area` and `market`)."""
    out: set[str] = set()
    me = view["seat"]
    for y in view["syndicates"]:
        seat = y["seat"]
        out.add(f"stash:{seat}")
        if seat == me:
            out.add(f"discard:{seat}")
        for i, col in enumerate(y["columns"]):
            b, m = col["business"], col["boss_or_gangster"]
            out.add(f"card:{b['inst']}" if b else f"slot:{seat}:biz:{i}")
            out.add(f"card:{m['inst']}" if m else f"slot:{seat}:mob:{i}")
            for upper, a in enumerate(col["assets"]):
                out.add(f"card:{a['inst']}" if a else f"slot:{seat}:asset:{i + 4 * upper}")
        market = y.get("market")
        if market:
            for row in ("gangsters", "businesses", "assets"):
                out |= {f"card:{c['inst']}" for c in market[row]}
        out |= {f"card:{c['inst']}" for c in y.get("boss_deck", [])}
    return out


def check_refs(s, seen_kinds: set[str]) -> None:
    for d in s.decisions():
        drawn = drawn_refs(s.view(d.seat))
        for o in d.options:
            seen_kinds.add(d.kind)
            where = f"seed {s.seed} #{s.decisions_made} {d.kind} {o.id} ({o.label})"
            if o.id in NOTHING_DRAWN_IDS or d.kind in NOTHING_DRAWN_KINDS:
                assert o.refs == (), where
                continue
            assert o.refs, f"{where}: no refs"
            missing = [r for r in o.refs if r not in drawn]
            assert not missing, f"{where}: {missing} not drawn on the page"


def greedy_game(seed: int, each, plies: int = 100_000):
    s = new_game(seed)
    bots = [get_bot("greedy", seed * 10 + k) for k in range(4)]
    n = 0
    while not s.is_over() and n < plies:
        pending = s.decisions()
        d = pending[0]
        each(s)
        s.apply_index(ask_bot(bots[d.seat], s, seat=d.seat), d.seat)
        n += 1
    return s


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_every_option_that_names_a_drawn_thing_has_refs_drawn_on_the_page(seed):
    """Random games (the lanes interleaved, so secret phases included): at every decision each
    option's refs are things the seat's page draws; options naming cards/slots/stashes have refs."""
    rng = random.Random(seed)
    s = new_game(seed)
    kinds: set[str] = set()
    while not s.is_over():
        check_refs(s, kinds)
        pending = s.decisions()
        d = pending[rng.randrange(len(pending))]
        s.apply_index(rng.randrange(len(d.codes)), d.seat)
    assert {"pick_boss", "market", "place_card", "rearrange", "move", "target"} <= kinds


def test_greedy_games_options_have_refs():
    kinds: set[str] = set()
    for seed in (5, 6):
        greedy_game(seed, lambda s: check_refs(s, kinds))
    assert {"pick_boss", "market", "move", "target"} <= kinds


def test_refs_in_click_order():
    """A Boss swap is the Gangster, then the Boss it replaces; a discard is the card, then the pile;
    a purchase the market card; placing it the empty slot."""
    s = new_game(3)
    while s.phase != "market":
        d = s.decisions()[0]
        s.apply_index(0, d.seat)
    y = s.syn[0]
    d = s.decision(0)
    boss = y.mobs[BOSS_COL]
    opts = {o.id: o for o in d.options}
    assert opts["discard:bg:0"].refs == (f"card:{boss.card}", "discard:0")
    inst = y.g_row[0]
    assert opts[f"buy:{inst}"].refs == (f"card:{inst}",)
    assert opts["done"].refs == ()
    s.apply_index(d.option_ids.index(f"buy:{inst}"), 0)
    place = s.decision(0)
    assert place.kind == "place_card"
    assert [o.refs for o in place.options] == [(f"slot:0:mob:{c}",) for c in (1, 2, 3)]
    s.apply_index(0, 0)  # to the Underboss slot
    y = s.syn[0]
    y.buys = (0, 0, 0)  # (as if bought in an earlier round) the swap is only before buying
    y.set_mob(UNDERBOSS_COL, Mob(y.mobs[UNDERBOSS_COL].card, joined=0))
    swap = MarketMenu(0)
    assert swap.option_refs(s, ("swap", UNDERBOSS_COL)) == (f"card:{inst}", f"card:{boss.card}")
    assert swap.option_refs(s, ("move", 0, UNDERBOSS_COL)) == (f"card:{inst}",)


def test_columns_named_as_on_the_board():
    s = new_game(3)
    while s.phase != "market":
        s.apply_index(0, s.decisions()[0].seat)
    d = s.decision(0)
    inst = s.syn[0].g_row[0]
    s.apply_index(d.option_ids.index(f"buy:{inst}"), 0)
    labels = [o.label for o in s.decision(0).options]
    assert labels == ["Underboss column", "Column 3", "Column 4"]
    s.apply_index(0, 0)
    d = s.decision(0)
    label = next(o.label for o in d.options if o.id == "discard:bg:1")
    assert label == f"Discard {s.card_name(inst)} (Underboss column)"
    assert not any("column 2" in o.label.lower() for o in d.options)


def test_a_purchase_past_the_stash_names_the_debt_and_its_penalty():
    """Issue 36: "Buy Barbershop ($80K…)" with $25K in the stash must say the debt and its −5 VP (§3.3, §8)."""
    s = new_game(3)
    while s.phase != "market":
        s.apply_index(0, s.decisions()[0].seat)
    y = s.syn[0]
    y.stash = 25
    d = s.decision(0)
    barber = next(x for x in y.b_row + y.a_row + y.g_row if s.content.price(x) > 25)
    price = s.content.price(barber)
    o = next(o for o in MarketMenu(0).options(s) if o == ("buy", barber))
    step = MarketMenu(0)
    after = 25 - price
    assert step.option_label(s, o).endswith(f" — into debt: stash −${-after}K, −5 VP")
    assert step.option_help(s, o) == (
        f"It costs ${price}K, more than your stash of $25K: your stash goes to −${-after}K. Going into a "
        "negative stash costs −5 victory points at the end of the game, even if you pay the debt back (§8)."
    )
    said = step.option_said(s, o)
    assert said.startswith(f"buys {s.card_name(barber)} for ${price}K")
    assert said.endswith(f"(stash −${-after}K: into debt, −5 VP).")
    y.went_negative = True
    assert step.option_label(s, o).endswith(f" — into debt: stash −${-after}K")
    assert "already counted" in step.option_help(s, o)
    y.stash = 10_000
    assert "debt" not in step.option_label(s, o) and step.option_help(s, o) == ""
    assert d.kind == "market"


def test_discarding_the_only_boss_is_warned_before_the_click():
    s = new_game(3)
    while s.phase != "market":
        s.apply_index(0, s.decisions()[0].seat)
    step = MarketMenu(0)
    text = step.option_help(s, ("discard", 0, BOSS_COL))
    assert text.startswith("Warning: this is your only Boss. Your Boss slot stays empty for the rest of this round")
    assert "(§6.11)" in text and text.endswith("Discarded for good, with no money back (§4).")
    s.syn[0].set_mob(UNDERBOSS_COL, Mob(s.syn[0].g_row[0]))
    heir = s.card_name(s.syn[0].g_row[0])
    assert f"{heir}, in your Underboss slot when the next Market opens, becomes Boss then (§6.11)" in step.option_help(
        s, ("discard", 0, BOSS_COL)
    )


def _logged(seed: int, busy: bool = True):
    """Every decision kind's sentence and hidden sentence through a random game."""
    from mc_games import busy_choice

    rng = random.Random(seed)
    s = new_game(seed)
    said: dict[str, list[str]] = {}
    hidden: dict[str, set[str]] = {}
    while not s.is_over():
        pending = s.decisions()
        d = pending[rng.randrange(len(pending))]
        i = busy_choice(d, rng) if busy else rng.randrange(len(d.codes))
        text, secret = d.log_texts(i)
        said.setdefault(d.kind, []).append(text)
        hidden.setdefault(d.kind, set()).add(secret)
        s.apply_index(i, d.seat)
    return said, hidden


def test_every_decision_kind_logs_a_full_sentence_and_hidden_kinds_their_own():
    said: dict[str, list[str]] = {}
    hidden: dict[str, set[str]] = {}
    for seed in (1, 2, 3, 7):
        a, b = _logged(seed)
        for k, v in a.items():
            said.setdefault(k, []).extend(v)
        for k, v in b.items():
            hidden.setdefault(k, set()).update(v)
    assert {"pick_boss", "market", "place_card", "event_done", "move", "target", "collect"} <= set(said)
    for kind, texts in said.items():
        for t in texts:
            assert t.endswith(".") and t[0].islower() and "decided" not in t, (kind, t)
            assert not re.search(r"\bcolumn 2\b", t, re.I), (kind, t)
    for kind, texts in hidden.items():
        if kind in PUBLIC_DECISION_KINDS:
            continue
        assert all(t and t.endswith(".") for t in texts), (kind, texts)


def test_log_sentences_of_a_market():
    s = new_game(3)
    d = s.decision(0)
    assert d.kind == "pick_boss"
    assert d.log_texts(0) == (f"chooses {s.card_name(d.codes[0])} as its Boss.", "chooses its Boss in secret.")
    while s.phase != "market":
        s.apply_index(0, s.decisions()[0].seat)
    d = s.decision(0)
    y = s.syn[0]
    assert d.log_texts(d.option_ids.index("done")) == ("finishes the Market (stash $500K).", "shops at its market in secret.")
    inst = y.g_row[0]
    s.apply_index(d.option_ids.index(f"buy:{inst}"), 0)
    d = s.decision(0)
    assert d.log_texts(0) == (f"places {s.card_name(inst)} in the Underboss column.", "places a card it bought.")


@pytest.mark.parametrize("bands", sorted(DAMAGE_BANDS))
def test_the_damage_reference_card_shows_the_bands_in_play(bands):
    """Issue 36 §9: the default game plays the rules text's 6-8 / 3-5 (§6.9); the card showed 5-8 / 3-4."""
    expected = {
        "rules-text": ["Edge difference / effect", "6-8 = discard", "3-5 = damage to move used", "1-2 = no effect"],
        "reference-card": ["Edge difference / effect", "5-8 = discard", "3-4 = damage to move used", "1-2 = no effect"],
    }[bands]
    card = GAME.catalog()["reference_cards"]["damage"]
    assert card["variants"][bands] == expected
    assert card["lines"] == expected if bands == Options().damage_bands else card["lines"] != expected
    table = next(t for t in GAME.card_tables(Options(damage_bands=bands)) if t.deck == "reference")
    assert next(r for r in table.rows if r[0] == "damage")[2] == "\n".join(expected)
    # the printed card (setting.toml) is the reference-card variant
    printed = next(r for r in tomllib.loads((DATA_DIR / "setting.toml").read_text())["reference_cards"] if r["id"] == "damage")
    assert [x.lower() for x in printed["lines"]] == [x.lower() for x in card["variants"]["reference-card"]]


def test_every_decision_kind_has_a_rules_section_and_every_cited_section_exists():
    help_ = GAME.rules_help()
    sections = help_["sections"]
    covered = {k for sec in sections.values() for k in sec["kinds"]}
    kinds: set[str] = set()
    texts: list[str] = []
    for seed in (1, 2, 3, 7):
        said, hidden = _logged(seed)
        kinds |= set(said)
        texts += [t for v in said.values() for t in v] + [t for v in hidden.values() for t in v]
    assert kinds - covered == set()
    assert set(help_["kinds"]) - covered == set()
    # texts people read: help.toml itself, the options' labels, help and reasons of random games, log sentences
    rng = random.Random(4)
    s = new_game(4)
    s.story = []  # the story lines the terminal and the log tell
    while not s.is_over():
        for d in s.decisions():
            texts.append(d.prompt)
            texts += [o.label for o in d.options] + [o.help for o in d.options]
            texts += [u["reason"] for u in d.unavailable]
        d = s.decisions()[0]
        s.apply_index(rng.randrange(len(d.codes)), d.seat)
    texts += [line for line, _ in s.story]
    texts.append((DATA_DIR / "help.toml").read_text())
    texts.append(Options.model_json_schema().__repr__())
    cited = {m.rstrip(".") for t in texts for m in re.findall(rf"§ ?({SECTION_KEY})", t)}
    assert cited, "no § cited at all"
    assert cited - set(sections) == set()


# ------------------------------------------------------------------ the story of a move, as told
@pytest.mark.parametrize(
    "rolls, told",
    [
        ([5, 1], "rolls 5 v 1, Edge 7 v 3: success, the target is discarded, $100K, +2 Heat."),
        ([1, 4], "rolls 1 v 4, Edge 3 v 8: failure, −1 Murder to Sal the Kid (§6.9)."),
        ([1, 5], "rolls 1 v 5, Edge 3 v 9: failure, Sal the Kid is discarded (§6.9)."),
        ([2, 2], "rolls 2 v 2, Edge 4 v 6: failure, no effect."),
    ],
)
def test_a_move_is_told_with_what_it_did(dice, rolls, told):
    """§6.5, §6.9: the story says what happened to the target or the mover, not "damaged"."""
    from mc_helpers import blank, moves, put

    s = blank()
    put(s, 0, 2, "sal_the_kid")  # Murder 2
    put(s, 1, 2, "don_salvatore_the_lion_amato" if rolls != [5, 1] else "paulie_greco")
    moves(s, 0)
    s.story = []
    s.apply("murder:2", 0)
    dice += rolls
    s.apply("mob:1.2", 0)
    victim = s.content.gangsters[C.g_index["don_salvatore_the_lion_amato" if rolls != [5, 1] else "paulie_greco"]].name
    assert s.take_story() == [
        (f"The Valenti Family: Sal the Kid tries to Murder {victim} (Gangster of The Kearney Mob): {told}", None)
    ]


def test_a_move_that_jails_its_mover_says_so(dice):
    from mc_helpers import blank, mob, moves, put

    s = blank()
    put(s, 0, 2, "little_augie_fenn", heat=3)  # Smuggle 2
    moves(s, 0)
    s.story = []
    dice.append(1)  # Edge 3: +3 Heat, 5 = Jail
    s.apply("smuggle:2", 0)
    assert mob(s, 0, 2).jailed
    assert s.take_story()[0][0].endswith("success, $75K, +3 Heat: Little Augie Fenn goes to Jail (§6.8).")
