"""The terminal picture of a seat's view (text_view.py, `Game.render_text`)."""

from __future__ import annotations

from mc_helpers import blank, moves, put, put_asset, put_biz

from volstead.games.mafia_chronicles import GAME


def table():
    s = blank()
    put(s, 0, 0, "rosie_malone", heat=2)
    put(s, 0, 2, "gus_varga", exhausted=True, d_move1=1)  # Smuggle 3 − 1 + 1 (Candy Factory); Steal 1 + 1 (Plans)
    put_biz(s, 0, 2, "candy_factory")
    put_asset(s, 0, 2, "plans")
    put(s, 1, 1, "sal_the_kid", heat=5, jailed=True)
    s.syn[0].wins = (0, 0, 1, 0, 0, 0, 2)
    return moves(s, 0)


def test_the_table_your_columns_and_your_market_by_name():
    s = table()
    lines = GAME.render_text(s.view(0)).splitlines()
    assert lines[0] == "Round 2 of 4 · Moves · first: The Valenti Family"
    assert lines[1] == "The Valenti Family — you: stash $500K; successes: steal 1, smuggle 2"
    assert lines[2] == ("  Boss column: Boss Rosie Malone: Smarts 1, Grit 1, Frame 2, Fix 1 [Heat 2] | Business: — | Assets: —")
    assert lines[4] == (
        "  column 3: Gangster Gus Varga: Smarts 2, Grit 1, Smuggle 3, Steal 2 [damage 1, exhausted] | "
        "Business: Candy Factory | Assets: Plans"
    )
    assert lines[6].startswith("  Your market (purchases this Market: 0 of 4; decks 19/15/15)")
    market = [x.strip() for x in lines[7:22]]
    y = s.syn[0]
    assert [x.split(": ", 1)[0] for x in market] == ["Gangster"] * 5 + ["Business"] * 5 + ["Asset"] * 5
    assert [x.split(": ", 1)[1].split(" (")[0] for x in market] == [s.card_name(i) for i in y.g_row + y.b_row + y.a_row]
    assert (
        "  Underboss column: Underboss Sal the Kid: Smarts 1, Grit 1, Murder 2, Steal 1 [IN JAIL] | Business: — | Assets: —"
        in lines
    )
    assert lines.count("The Kearney Mob: stash secret") == 1


def test_a_rivals_picture_keeps_the_stash_and_market_secret_and_shows_the_last_move(dice):
    s = table()
    s.syn[0].set_mob(2, s.syn[0].mobs[2]._replace(exhausted=False))
    moves(s, 0)
    dice.append(4)
    s.apply("smuggle:2", 0)
    text = GAME.render_text(s.view(1))
    assert "The Valenti Family: stash secret; successes: steal 1, smuggle 3" in text
    assert "Your market" in text and text.count("Your market") == 1 and "The Kearney Mob — you: stash $500K" in text
    assert "Last move: The Valenti Family: Smuggle, dice 4, Edge 7: success ($175K, +2 Heat)." in text
