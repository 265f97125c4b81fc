"""The game through the platform's contract: cards, catalog, help, evaluation, stats, the CLI."""

from __future__ import annotations

from mc_helpers import blank, put
from typer.testing import CliRunner

from volstead import replay
from volstead.cli import app
from volstead.engine import load_record
from volstead.games import get_game
from volstead.games.mafia_chronicles import GAME
from volstead.games.mafia_chronicles.rules.scoring import points
from volstead.games.mafia_chronicles.rules.scoring import result as scoring_result


def test_the_registry_knows_the_game():
    assert get_game("mafia_chronicles") is GAME
    assert (GAME.title, GAME.min_seats, GAME.max_seats, GAME.faction_option) == ("The Mafia Chronicles", 4, 4, "syndicates")
    assert [f.id for f in GAME.factions()] == ["valenti", "kearney", "stern", "delgado"]


def test_card_tables_catalog_and_card_ids_cover_the_set():
    tables = {t.deck: t for t in GAME.card_tables()}
    assert [len(tables[k].rows) for k in ("gangsters", "businesses", "assets", "events", "reference")] == [100, 16, 16, 12, 4]
    assert tables["businesses"].total == 20 == tables["assets"].total
    cat = GAME.catalog()
    assert cat["businesses"]["compound"] == {
        "name": "Compound",
        "kind": "other",
        "copies": 1,
        "price": 250,
        "income": 200,
        "bonus": [["moves", 1]],
        "text": "A star to both moves of its column's Boss/Gangster.",
    }
    assert cat["reference_cards"]["heat"]["lines"][1] == "2-4 = +3 Heat"
    assert len(GAME.card_ids()) == 100 + 16 + 16 == len(set(GAME.card_ids()))


def test_a_purchase_is_reported_as_the_card_played():
    s = GAME.new_game(2, 4)
    pick = s.decision(0)
    assert pick.kind == "pick_boss"
    assert GAME.card_played(pick, 3) == "boss:" + s.content.gangsters[pick.codes[3]].id
    for k in range(4):
        s.apply_index(0, k)
    d = s.decision(0)
    i = next(i for i, o in enumerate(d.option_ids) if o.startswith("buy:"))
    inst = d.codes[i][1]
    assert GAME.card_played(d, i) == s.content.card_id(inst)
    assert GAME.card_played(d, d.option_ids.index("done")) is None


def test_help_explains_every_decision_kind():
    h = GAME.rules_help()
    assert h["summary"] and len(h["turn"]) == 5 and "Edge" in h["glossary"]
    assert {"market", "move", "offer", "respond", "final_offer", "accept_final", "fix_fee", "collect"} <= set(h["kinds"])


def test_evaluate_is_the_final_total_once_over_and_stats_count_successes():
    """(The evaluation of a game in progress: tests/bots/test_mc_evaluation.py.)"""
    s = blank()
    put(s, 0, 0, "rosie_malone")
    s.syn[0].stash = 900
    s.stack, s._decision = [], None  # over
    assert GAME.evaluate(s, 0) == points(s, 0)["total"] + 0.09 == 5 + 5 + 9 + 0.09  # + stash / $10M: the tie-break
    s.syn[1].wins = (2, 0, 0, 0, 1, 0, 0)
    stats = GAME.stats(s)
    assert stats["murders"] == 2 and stats["frames"] == 1 and stats["went_negative"] == 0
    # for balance: how many syndicates scored each condition, the first player's win, the winner's total
    assert {k: v for k, v in stats.items() if k.startswith("vp_") and v} == {
        "vp_never_murdered": 4,
        "vp_only_boss": 1,
        "vp_stash": 4,
    }
    assert (stats["first_player_won"], stats["winning_total"]) == (1.0, 19.0)


def test_a_random_game_from_the_terminal_records_and_replays(tmp_path):
    path = tmp_path / "g.json"
    r = CliRunner().invoke(
        app,
        [
            "play",
            "--terminal",
            "mafia_chronicles",
            "--seats",
            "random,random,random,random",
            "--seed",
            "5",
            "--quiet",
            "--record",
            str(path),
        ],
    )
    assert r.exit_code == 0, r.output
    rec = load_record(path)
    assert rec["game"] == "mafia_chronicles" and rec["options"]["damage_bands"] == "rules-text"
    again = replay(rec)
    assert again.is_over() and again.record()["decisions"] == rec["decisions"]
    assert [row["total"] for row in again.result().details] == [int(x) for x in again.result().scores]
    # an ended game keeps its result (the simulator's row and stats read it): scored once, the same
    assert again.result() is again.result() == scoring_result(again) and again.clone().result() is again.result()
    r = CliRunner().invoke(app, ["cards", "mafia_chronicles"])
    assert r.exit_code == 0 and "Compound" in r.output


def test_the_story_tells_moves_to_all_and_income_and_shares_to_their_syndicates_alone(dice):
    from mc_helpers import moves, put_biz

    s = blank()
    put(s, 0, 2, "gus_varga")
    put_biz(s, 0, 2, "candy_factory")
    put(s, 1, 2, "paulie_greco")
    put_biz(s, 1, 2, "airstrip")
    put(s, 0, 3, "sal_the_kid")
    put_biz(s, 0, 3, "street")
    moves(s, 0)
    s.tell_story()
    s.apply("shipment:2", 0)
    s.apply("link:1.2", 0)
    s.apply("link:0.3", 0)
    s.apply("offer:20", 0)
    dice += [4, 3, 2]
    s.apply("accept", 1)
    lines = s.take_story()
    assert ("The Valenti Family and The Kearney Mob made a deal.", None) in lines
    assert [to for text, to in lines if "20%" in text] == [0, 1]
    assert ("The Valenti Family's Shipment pays $600K.", None) in lines
    from mc_helpers import start

    from volstead.games.mafia_chronicles.rules.income import OpenIncome

    start(s, OpenIncome(), "income")
    s.apply("collect", 1)
    assert s.take_story() == [("You collect $75K.", 1)]


def test_choices_not_legal_now_are_shown_greyed_with_the_reason():
    from mc_helpers import market, moves

    s = blank()
    put(s, 0, 0, "rosie_malone")
    s.syn[0].stash = -500
    s.syn[0].swapped = True
    market(s, 0)
    assert s.decision(0).unavailable == [
        {"label": "Buy cards", "reason": "a debt of $500K or more (§3.3)"},
        {"label": "Boss swap", "reason": "used once already this game (§6.10)"},
    ]
    put(s, 0, 2, "sal_the_kid", d_move2=1)  # Steal 1 damaged to 0; Murder with no target
    moves(s, 0)
    assert s.decision(0).unavailable == [
        {"label": "Rosie Malone: Frame", "reason": "no legal target"},  # (she may Fix Sal's damage)
        {"label": "Sal the Kid: Murder", "reason": "no legal target"},
        {"label": "Sal the Kid: Steal", "reason": "its rating is 0 (§6.5)"},
    ]


def test_a_person_out_of_time_finishes_the_phase_passes_and_makes_no_deal():
    import random

    from mc_helpers import market, moves, put_biz

    rng = random.Random(1)
    s = blank()
    put(s, 0, 0, "rosie_malone")
    market(s, 0)
    d = s.decision(0)
    assert d.option_ids[GAME.timeout_choice(s, d, rng)] == "done"
    put(s, 0, 2, "gus_varga")
    put_biz(s, 0, 2, "candy_factory")
    put(s, 1, 2, "paulie_greco")
    put_biz(s, 1, 2, "airstrip")
    put(s, 0, 3, "sal_the_kid")
    put_biz(s, 0, 3, "street")
    moves(s, 0)
    d = s.decision(0)
    assert d.option_ids[GAME.timeout_choice(s, d, rng)] == "out"
    for step, seat, expected in (
        ("shipment:2", 0, "back"),
        ("link:1.2", 0, "back"),
        ("link:0.3", 0, "offer:0"),
        ("offer:20", 0, "decline"),
        ("counter:30", 1, "off"),
        ("final:25", 0, "refuse"),
    ):
        s.apply(step, seat)
        d = s.decision()
        assert d.option_ids[GAME.timeout_choice(s, d, rng)] == expected, step
