"""The designer's workbench in the browser (issue 38; docs/workbench.md): browse a game's decks,
edit a card in the form its content schema generates (a bad value shows the loader's own message
beside the field), see the changes from the built-in set, save the set and open it again (its
link read-only), export and import it, run a small experiment with random bots (live progress,
then the comparison) and play a game with the set from the lobby — at desktop and phone size,
by keyboard where it counts, with every game the server knows."""

from __future__ import annotations

import copy
import io
import re
import tomllib
import zipfile
from pathlib import Path

import httpx2
import pytest
from test_browser import open_created_seat, wait_options
from test_lobby_and_phone import DESKTOP, PHONE, SIZES, no_page_errors

WEB = Path(__file__).resolve().parents[2] / "src" / "volstead" / "web"
PAGE_FILES = sorted(p.name for p in WEB.glob("workbench*"))  # the page, its modules and its style
GAME = "prohibition"  # the game the edits below use (any game with a card set would do)


def base_file(server: str, game: str, file: str) -> dict:
    got = httpx2.get(f"{server}/api/workbench/{game}/sets/base").json()
    return copy.deepcopy(next(f for f in got["files"] if f["file"] == file)["data"])


def loader_message(server: str, game: str, file: str, data: dict) -> str:
    """The message the server's check (the game's loader) gives for `file` holding `data`."""
    r = httpx2.post(f"{server}/api/workbench/{game}/check", json={"base": "base", "files": {file: data}})
    assert r.status_code == 422, r.text
    return r.json()["message"]


def open_workbench(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(".wb-bar")


def open_entry(page, file: str, index: int) -> None:
    page.click(f"[role=tab][data-file='{file}']")
    page.click(f"#wb-tab button.wb-edit[data-index='{index}']")
    page.wait_for_selector("#wb-form")


def wait_checked(page, state: str = "loads") -> None:
    """Until the edited set's check has answered: "loads", "bad" (does not load), "saved" (the
    set as saved: nothing to check)."""
    page.wait_for_selector(f"#wb-banner[data-state={state}]")


def save_as(page, name: str, note: str = "", author: str = "") -> str:
    page.click("#wb-save-as")
    page.fill("#wb-save-form input[name=name]", name)
    page.fill("#wb-save-form textarea[name=note]", note)
    page.fill("#wb-save-form input[name=author]", author)
    page.click("#wb-save-ok")
    page.wait_for_selector("#wb-flash")
    page.wait_for_url(re.compile(r"\?set="))
    return page.url.split("?set=")[1]


@SIZES
def test_a_bad_value_shows_the_loaders_message_beside_its_field_and_a_good_one_is_a_change(server, browser, shot, viewport):
    page = browser.new_context(viewport=viewport).new_page()
    errors = no_page_errors(page)
    open_workbench(page, f"{server}/workbench/{GAME}")
    # one tab a file of the set, the first shown; its card tables with an Edit button a row
    files = [t.get_attribute("data-file") for t in page.locator("[role=tab]").all()]
    assert files == httpx2.get(f"{server}/api/workbench/games").json()[1]["files"]
    assert page.locator("[role=tab][aria-selected=true]").get_attribute("data-file") == "board.toml"
    open_entry(page, "buildings.toml", 0)
    assert page.locator("#wb-editor-title").text_content() == "buildings.toml · Still"
    assert page.locator("[data-path='heat']").input_value() == "1"

    # heat below its minimum: the loader's own words, beside the heat field, and the page says the set does not load
    buildings = base_file(server, GAME, "buildings.toml")
    buildings["buildings"][0]["heat"] = -1
    expected = loader_message(server, GAME, "buildings.toml", buildings)
    assert expected == "buildings.toml: building 'still': heat: Input should be greater than or equal to 0 (got -1)"
    page.fill("[data-path='heat']", "-1")
    beside = page.locator(".field-error[data-error-for='heat']")
    beside.wait_for(state="visible")
    assert beside.text_content() == expected
    assert page.locator("[data-path='heat']").get_attribute("aria-invalid") == "true"
    assert page.locator("#wb-banner .wb-tag.bad").text_content() == "does not load"
    assert page.locator("#wb-error-text").text_content() == expected
    shot(page, f"workbench-field-error-{viewport['width']}", full_page=False)

    # a nested field (the stock's Gs, a multiple of 5): its message beside it
    buildings["buildings"][0]["heat"] = 1
    buildings["buildings"][0]["stock"]["gs"] = 7
    nested = loader_message(server, GAME, "buildings.toml", buildings)
    page.fill("[data-path='heat']", "1")
    page.fill("[data-path='stock.gs']", "7")
    page.locator(".field-error[data-error-for='stock.gs']").wait_for(state="visible")
    assert page.locator(".field-error[data-error-for='stock.gs']").text_content() == nested
    assert page.locator(".field-error[data-error-for='heat']").is_hidden()

    # good values: the set loads, the changes list names them, the row and the tab are marked edited
    page.fill("[data-path='stock.gs']", "10")
    page.fill("[data-path='heat']", "2")
    wait_checked(page)
    assert page.locator(".field-error:visible").count() == 0
    changes = page.locator("#wb-changes .wb-change").all_inner_texts()
    assert changes == [
        "buildings.toml · building 'still' heat 1 → 2",
        "buildings.toml · building 'still' stock.gs 5 → 10",
    ]
    assert page.locator("#wb-tab tr.edited .wb-tag").all_inner_texts() == ["EDITED"]
    # the row shows the edited set's values (the check answers its card tables): the heat column
    heat = page.locator("#wb-tab th").all_inner_texts().index("heat")
    assert page.locator("#wb-tab tr.edited td").nth(heat).text_content() == "2"
    assert page.locator("[role=tab][data-file='buildings.toml'] .wb-tag").text_content() == "edited"
    assert page.locator("#wb-state .wb-tag").text_content() == "unsaved changes"
    # Discard: back to the built-in set
    page.click("#wb-discard")
    assert page.locator("#wb-changes .wb-change").count() == 0
    assert page.locator("#wb-tab tr.edited").count() == 0
    assert page.locator("#wb-tab tr[data-index='0'] td").nth(heat).text_content() == "1"
    shot(page, f"workbench-decks-{viewport['width']}", full_page=False)
    assert not errors, errors


def test_an_entry_is_added_copied_and_removed_and_the_loader_judges_the_counts(server, browser):
    page = browser.new_context(viewport=DESKTOP).new_page()
    errors = no_page_errors(page)
    open_workbench(page, f"{server}/workbench/{GAME}")
    schemes = base_file(server, GAME, "schemes.toml")["schemes"]
    open_entry(page, "schemes.toml", 0)
    page.click("#wb-editor button[data-act=copy]")
    # the copy opens, after its original, with an id no entry has
    assert page.locator("[data-path='id']").input_value() == f"{schemes[0]['id']}_copy"
    assert page.locator("[data-path='name']").input_value() == f"{schemes[0]['name']} (copy)"
    page.wait_for_selector("#wb-banner[data-state=bad], #wb-banner[data-state=loads]")
    copied = copy.deepcopy(schemes)
    copied.insert(1, {**schemes[0], "id": f"{schemes[0]['id']}_copy", "name": f"{schemes[0]['name']} (copy)"})
    data = {**base_file(server, GAME, "schemes.toml"), "schemes": copied}
    verdict = httpx2.post(f"{server}/api/workbench/{GAME}/check", json={"base": "base", "files": {"schemes.toml": data}})
    if verdict.status_code == 200:  # the game takes more schemes: the change says so
        wait_checked(page)
        assert page.locator("#wb-changes .wb-change").all_inner_texts() == [
            f"schemes.toml · scheme '{schemes[0]['id']}_copy' added"
        ]
    else:  # the game's counts refuse it: the loader's message, at the top of the form
        wait_checked(page, "bad")
        assert page.locator("#wb-error-text").text_content() == verdict.json()["message"]
    # removing the copy: the set is the built-in one again
    page.click("#wb-editor button[data-act=remove]")
    wait_checked(page, "saved")
    assert page.locator("#wb-changes .wb-change").count() == 0
    assert page.locator("#wb-state .wb-tag").text_content() == "the built-in set"
    # removing an original: struck out in its table, "removed" in the changes (or the counts' refusal)
    open_entry(page, "schemes.toml", 3)
    page.click("#wb-editor button[data-act=remove]")
    page.wait_for_selector("#wb-banner[data-state=bad], #wb-banner[data-state=loads]")
    assert page.locator("#wb-tab tr.removed td:nth-child(2)").all_inner_texts() == [schemes[3]["id"]]
    # Add: a new entry from the schema, named by the check until its required values are filled in
    page.click("#wb-discard")
    page.click("#wb-tab button[data-act=add][data-list=schemes]")
    assert page.locator("[data-path='id']").input_value() == "new_entry"
    wait_checked(page, "bad")
    assert page.locator("#wb-tab tr.new .wb-tag").all_inner_texts() == ["NEW"]
    assert not errors, errors


def test_the_keyboard_moves_along_the_tabs_and_opens_an_entry(server, browser):
    page = browser.new_context(viewport=DESKTOP).new_page()
    open_workbench(page, f"{server}/workbench/{GAME}")
    page.focus("[role=tab][aria-selected=true]")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.file") == "buildings.toml"
    assert page.locator("[role=tab][aria-selected=true]").get_attribute("data-file") == "buildings.toml"
    page.keyboard.press("Tab")  # into the tab's list: its Add button, then the rows' Edit buttons
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "Edit Still"
    page.keyboard.press("Enter")
    page.wait_for_selector("#wb-form")
    assert page.evaluate("document.activeElement.dataset.path") == "id"
    assert page.locator("#wb-tab tr.open").get_attribute("aria-current") == "true"
    page.keyboard.press("Escape")  # the form closes, the focus back on the row it came from
    assert page.locator("#wb-form").count() == 0
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "Edit Still"


@SIZES
def test_a_saved_set_reopens_its_link_is_read_only_and_it_exports_and_imports(server, browser, shot, viewport):
    page = browser.new_context(viewport=viewport, accept_downloads=True).new_page()
    errors = no_page_errors(page)
    open_workbench(page, f"{server}/workbench/{GAME}")
    open_entry(page, "feds.toml", 1)
    page.fill("[data-path='levels.0.bribe']", "5")
    wait_checked(page)
    vid = save_as(page, "Cheap padlock", "A padlock bribe of 5: does the Padlock Order stop hurting?", "Ada")
    assert page.locator("#wb-state .wb-tag").text_content() == "saved"
    assert page.locator("#wb-set-name").text_content() == "Cheap padlock"
    assert page.locator(".wb-note").text_content() == "A padlock bribe of 5: does the Padlock Order stop hurting?"
    stored = httpx2.get(f"{server}/api/workbench/{GAME}/sets/{vid}").json()
    assert [c["text"] for c in stored["diff"]] == ["feds.toml: fed 'padlock': levels.0.bribe 10 → 5"]

    # opened again (a new page): the set and its change, in the set picker
    page.goto(f"{server}/workbench/{GAME}?set={vid}")
    page.wait_for_selector(".wb-bar")
    assert page.locator("#wb-set option:checked").text_content() == "Cheap padlock"
    assert page.locator("#wb-changes .wb-change").all_inner_texts() == ["feds.toml · fed 'padlock' levels.0.bribe 10 → 5"]
    open_entry(page, "feds.toml", 1)
    assert page.locator("[data-path='levels.0.bribe']").input_value() == "5"
    # a further edit saved in place (Save), then the set is as saved again
    page.fill("[data-path='levels.1.bribe']", "10")
    wait_checked(page)
    page.click("#wb-save")
    page.wait_for_selector("#wb-flash")
    stored = httpx2.get(f"{server}/api/workbench/{GAME}/sets/{vid}").json()
    assert [c["text"] for c in stored["diff"]] == [
        "feds.toml: fed 'padlock': levels.0.bribe 10 → 5",
        "feds.toml: fed 'padlock': levels.1.bribe 15 → 10",
    ]
    shot(page, f"workbench-saved-{viewport['width']}", full_page=False)

    # the share link: read-only — every control disabled, nothing to save, an "Edit this set" way out
    link = page.locator("#wb-share-link").input_value()
    assert link == f"{server}/workbench/v/{vid}"
    ro = browser.new_context(viewport=viewport).new_page()
    ro.goto(link)
    ro.wait_for_selector(".wb-bar")
    assert ro.locator("#wb-state .wb-tag").text_content() == "read-only"
    assert ro.locator("#wb-save, #wb-save-as, #wb-discard, #wb-delete").count() == 0
    open_entry(ro, "feds.toml", 1)
    assert ro.locator("[data-path='levels.0.bribe']").is_disabled()
    assert ro.locator("#wb-editor button[data-act=copy], #wb-tab button[data-act=add]").count() == 0
    shot(ro, f"workbench-read-only-{viewport['width']}", full_page=False)
    ro.click("#wb-edit-copy")
    ro.wait_for_url(f"{server}/workbench/{GAME}?set={vid}")
    ro.wait_for_selector("#wb-save-as")

    # Export: a zip of the game's TOML files, the change in them
    with page.expect_download() as got:
        page.click("#wb-export")
    zipped = Path(got.value.path()).read_bytes()
    assert got.value.suggested_filename == f"{GAME}-Cheap-padlock.zip"
    with zipfile.ZipFile(io.BytesIO(zipped)) as z:
        feds = tomllib.loads(z.read("feds.toml").decode())
    assert [lv["bribe"] for lv in feds["feds"][1]["levels"]][:2] == [5, 10]
    # Import: the zip back, saved under a new name, opened
    page.set_input_files("#wb-import-file", files=[{"name": "cheap.zip", "mimeType": "application/zip", "buffer": zipped}])
    assert page.locator("#wb-save-form input[name=name]").input_value() == "cheap"
    page.fill("#wb-save-form input[name=name]", "Cheap padlock, imported")
    page.click("#wb-save-ok")
    page.wait_for_selector("#wb-set-name:text-is('Cheap padlock, imported')")
    assert len(page.locator("#wb-changes .wb-change").all()) == 2
    # a name already taken: the server's refusal in the dialog
    page.set_input_files("#wb-import-file", files=[{"name": "cheap.zip", "mimeType": "application/zip", "buffer": zipped}])
    page.fill("#wb-save-form input[name=name]", "Cheap padlock")
    page.click("#wb-save-ok")
    page.wait_for_selector("#wb-save-error:visible")
    assert "Cheap padlock" in page.locator("#wb-save-error").text_content()
    assert not errors, errors


def test_play_at_a_table_opens_the_lobby_with_the_set_chosen(server, browser, shot):
    feds = base_file(server, GAME, "feds.toml")
    feds["feds"][1]["levels"][0]["bribe"] = 5
    made = httpx2.post(f"{server}/api/workbench/{GAME}/variants", json={"name": "Cheap padlock", "files": {"feds.toml": feds}})
    vid = made.json()["id"]
    page = browser.new_context(viewport=DESKTOP).new_page()
    errors = no_page_errors(page)
    open_workbench(page, f"{server}/workbench/{GAME}?set={vid}")
    page.click("#wb-play")
    page.wait_for_selector("select[name=card_set]")
    page.wait_for_function(f"document.querySelector('select[name=card_set]').value === '{vid}'")
    open_created_seat(page)
    wait_options(page)
    assert page.locator("#subtitle .card-set").text_content() == "card set: Cheap padlock"
    assert not errors, errors


def test_every_game_with_a_card_set_has_a_workbench_and_the_page_names_none(server, browser):
    games = httpx2.get(f"{server}/api/workbench/games").json()
    assert {g["name"] for g in games} >= {"scarface1920", "prohibition", "mafia_chronicles"}
    for name in [g["name"] for g in games]:
        assert not any(name in (WEB / f).read_text() for f in PAGE_FILES), name
    page = browser.new_context(viewport=PHONE).new_page()
    errors = no_page_errors(page)
    for g in games:
        open_workbench(page, f"{server}/workbench/{g['name']}")
        assert page.locator("#wb-game option:checked").text_content() == g["title"]
        # each file's tab shows its entries; the first entry list's first row opens in the form
        for file in g["files"]:
            page.click(f"[role=tab][data-file='{file}']")
            assert page.locator("#wb-tab .wb-list").count() >= 1, (g["name"], file)
        edit = page.locator("#wb-tab button.wb-edit").first
        if edit.count():
            edit.click()
            assert page.locator("#wb-form .wb-field, #wb-form .wb-group").count() >= 1
    assert not errors, errors


def test_the_workbench_names_a_game_or_set_that_is_not_there(server, browser):
    page = browser.new_context(viewport=DESKTOP).new_page()
    page.goto(f"{server}/workbench/no_such_game")
    page.wait_for_selector("#wb-fatal")
    assert page.locator("#wb-fatal").text_content().startswith("no game no_such_game with a card set here")
    page.goto(f"{server}/workbench/v/nosuchset")
    page.wait_for_selector("#wb-fatal")
    assert page.locator("#wb-fatal").text_content() == "no saved card set nosuchset: it may have been deleted"


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_an_experiment_shows_its_progress_then_the_comparison(server, browser, shot, viewport):
    feds = base_file(server, GAME, "feds.toml")
    feds["feds"][1]["levels"][0]["bribe"] = 5
    made = httpx2.post(f"{server}/api/workbench/{GAME}/variants", json={"name": "Cheap padlock", "files": {"feds.toml": feds}})
    vid = made.json()["id"]
    page = browser.new_context(viewport=viewport).new_page()
    errors = no_page_errors(page)
    open_workbench(page, f"{server}/workbench/{GAME}?set={vid}")
    form = page.locator("#wb-run")
    form.locator("select[name=seats]").select_option("2")
    for i in range(2):
        form.locator(f"select[name=bot{i}]").select_option("random")
    form.locator("input[name=games]").fill("6")
    page.click("#wb-run-btn")
    page.wait_for_selector(".wb-progress")
    assert page.locator("#wb-run-btn").is_disabled()  # one experiment followed at a time
    # progress in words beside the bar: queued (with its place), or games played of the 2 sets' 12
    progress = page.locator("#wb-progress-text").text_content()
    assert re.fullmatch(r"Queued.*|\d+ of 12 games played \(\d+ %\).*", progress), progress
    page.wait_for_selector(".wb-compare", timeout=120_000)
    assert page.locator("#wb-run-ended .wb-tag").text_content() == "done"
    assert page.locator("#wb-compare-title").text_content().endswith("→ Cheap padlock")
    assert page.locator(".wb-chart[data-kind=faction] .wb-rate:not(.wb-axis)").count() >= 2
    assert page.locator(".wb-chart[data-kind=seat] .wb-rate:not(.wb-axis)").count() == 2
    report = httpx2.get(server + page.locator("#wb-report-link").get_attribute("href"))
    assert report.status_code == 200 and report.text.startswith("# Card-set comparison")
    page.evaluate("document.getElementById('wb-compare-title').scrollIntoView()")
    shot(page, f"workbench-comparison-{viewport['width']}", full_page=False)

    # a long one, cancelled: the runs stop, the server says cancelled, Run is offered again
    form.locator("input[name=games]").fill("4000")
    page.click("#wb-run-btn")
    page.wait_for_selector(".wb-progress")
    shot(page, f"workbench-progress-{viewport['width']}", full_page=False)
    run_id = page.locator(".wb-progress").get_attribute("data-id")
    page.click("#wb-cancel")
    page.wait_for_selector("#wb-run-ended")
    assert page.locator("#wb-run-ended .wb-tag").text_content() == "cancelled"
    assert httpx2.get(f"{server}/api/workbench/experiments/{run_id}").json()["status"] == "cancelled"
    assert page.locator("#wb-run-btn").is_enabled()
    assert not errors, errors
