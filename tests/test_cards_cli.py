"""`volstead cards`: the Scarface 1920 card set as tables, driven through typer's CliRunner."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from volstead.cli import app
from volstead.games.scarface1920.card_tables import DECKS, copies, deck_rows
from volstead.games.scarface1920.content.loader import default_content

runner = CliRunner()


def invoke(*args):
    return runner.invoke(app, ["cards", *args])


def test_every_deck_by_default():
    r = invoke("scarface1920")
    assert r.exit_code == 0, r.output
    for title in (
        "Associates (60 entries)",
        "Gang members (40 entries)",
        "Jobs (37 entries, 39 cards counting copies)",
        "Dealers (15 entries, 31 cards counting copies)",
        "Raids (14 entries, 28 cards counting copies)",
        "News (16 entries)",
        "Neighborhoods (18 entries)",
        "Gangs (4 entries)",
        "Gang upgrades",
    ):
        assert title in r.output


@pytest.mark.parametrize("deck", DECKS)
def test_each_deck_lists_all_its_ids(deck):
    r = invoke("scarface1920", "--deck", deck)
    assert r.exit_code == 0, r.output
    _, _, rows = deck_rows(default_content("published"), deck)
    assert rows
    for cells in rows:
        assert cells[0] in r.output  # the id column never wraps
    others = [d for d in DECKS if d != deck and not (deck == "gangs" and d == "gang_members")]
    for other in others:
        assert f"\n{deck_rows(default_content('published'), other)[0]} (" not in r.output


def test_associate_columns():
    r = invoke("scarface1920", "--deck", "associates", "--search", "wwi_veteran")
    assert r.exit_code == 0, r.output
    out = r.output
    assert "Associates (1 of 60 entries)" in out
    for text in (
        "WWI Veteran",
        "violence",
        "★★",
        "2/0",
        "Take $1, or $2 if your Crime Rate",
        "[violence or gambling or corruption]",
    ):
        assert text in out
    assert "1 entry match 'wwi_veteran'." in out


def test_search_is_case_insensitive_over_names_ids_and_texts():
    by_name = invoke("scarface1920", "--search", "bAIL hEARINGS")
    by_id = invoke("scarface1920", "--search", "BAIL_HEARINGS")
    by_text = invoke("scarface1920", "--deck", "raids", "--search", "for each of your thugs in prison")
    for r in (by_name, by_id, by_text):
        assert r.exit_code == 0, r.output
        assert "bail_hearings" in r.output
    assert "Raids (1 of 14 entries" in by_name.output
    assert "Associates" not in by_name.output  # decks without a match are left out


def test_search_over_every_deck_counts_matches():
    r = invoke("scarface1920", "--search", "bodyguards")
    assert r.exit_code == 0, r.output
    assert "Gang members (4 of 40 entries)" in r.output
    assert "4 entries match 'bodyguards'." in r.output


def test_job_requirements_and_modifiers_are_shown():
    content = default_content("published")
    permanent = next(j for j in content.jobs if j.modifiers)
    r = invoke("scarface1920", "--deck", "jobs", "--search", permanent.id)
    assert r.exit_code == 0, r.output
    key, value = next(iter(permanent.modifiers.items()))
    assert f"{key} {value:+d}" in r.output
    r = invoke("scarface1920", "--deck", "jobs", "--search", "easy_money")
    assert "spend 1 thug" in r.output and "OR plan 1 associate" in r.output


def test_neighborhood_sides_and_dealer_goods():
    r = invoke("scarface1920", "--deck", "neighborhoods", "--search", "levee")
    assert "def 3: 3 alcohol → $14" in r.output and "$4.7" in r.output
    r = invoke("scarface1920", "--deck", "dealers", "--search", "gun_supplier")
    assert "basic guns" in r.output and "1 gun" in r.output


def test_variant_rulebook_wip_has_eight_gang_cards_per_gang():
    r = invoke("scarface1920", "--deck", "gang_members", "--variant", "rulebook-wip")
    assert r.exit_code == 0, r.output
    assert "Gang members (32 entries)" in r.output
    assert "outfit_underboss" in r.output and "outfit_chauffeur" not in r.output
    assert copies(default_content("rulebook-wip"), "gang_members") == 32


def test_unknown_deck_exits_2():
    r = invoke("scarface1920", "--deck", "tarot")
    assert r.exit_code == 2
    assert "unknown deck 'tarot'; choose one of: associates, gang_members" in r.output


def test_unknown_game_and_variant_exit_2():
    r = invoke("chess")
    assert r.exit_code == 2 and "unknown game 'chess'" in r.output
    r = invoke("scarface1920", "--variant", "deluxe")
    assert r.exit_code == 2
    assert "option 'variant': Input should be 'published' or 'rulebook-wip', not 'deluxe'" in r.output


def test_no_match_says_so():
    r = invoke("scarface1920", "--search", "zeppelin")
    assert r.exit_code == 0
    assert "No card in any deck matches 'zeppelin'." in r.output
    r = invoke("scarface1920", "--deck", "news", "--search", "moonshiner")
    assert "No card in the news deck matches 'moonshiner'" in r.output


def test_listed_in_help():
    r = runner.invoke(app, ["--help"])
    assert r.exit_code == 0 and "cards" in r.output
