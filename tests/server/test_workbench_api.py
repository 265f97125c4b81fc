"""The designer's workbench API (issue 38; server/routes/workbench.py, server/workbench/variants.py): card
sets listed with their schemas and tables, an edit checked with the loader's own message, variants
saved, renamed, exported, imported and deleted — and every bad request a short 4xx that changes
nothing."""

from __future__ import annotations

import io
import tomllib
import zipfile

import pytest

from volstead.engine import card_sets
from volstead.games import get_game

GAME = "prohibition"


def _feds(client, set_id="base"):
    body = client.get(f"/api/workbench/{GAME}/sets/{set_id}").json()
    return next(f for f in body["files"] if f["file"] == "feds.toml")["data"]


def _with_bribe(data, bribe):
    feds = [dict(f) for f in data["feds"]]
    feds[1] = {**feds[1], "levels": [{**feds[1]["levels"][0], "bribe": bribe}, *feds[1]["levels"][1:]]}
    return {**data, "feds": feds}


def test_the_games_and_the_built_in_set(client):
    games = client.get("/api/workbench/games").json()
    assert [g["name"] for g in games] == ["mafia_chronicles", "prohibition", "scarface1920"]
    prohibition = next(g for g in games if g["name"] == GAME)
    assert prohibition["files"] == list(get_game(GAME).card_set_files()) and prohibition["playable_variants"] is True
    assert client.get(f"/api/workbench/{GAME}/sets").json() == [
        {"id": "base", "name": "Prohibition: the built-in set", "builtin": True}
    ]
    body = client.get(f"/api/workbench/{GAME}/sets/base").json()
    assert body["diff"] == [] and body["builtin"] is True
    feds = next(f for f in body["files"] if f["file"] == "feds.toml")
    assert feds["data"] == tomllib.loads(card_sets.embedded_set(get_game(GAME))["feds.toml"])
    assert feds["schema"]["title"] == "Feds" and "feds" in feds["schema"]["properties"]
    assert body["tables"] and all(t["rows"] for t in body["tables"])


def test_an_edit_is_checked_with_the_loaders_message(client):
    data = _feds(client)
    good = client.post(f"/api/workbench/{GAME}/check", json={"files": {"feds.toml": _with_bribe(data, 5)}})
    assert good.status_code == 200
    assert [c["text"] for c in good.json()["diff"]] == ["feds.toml: fed 'padlock': levels.0.bribe 10 → 5"]
    # the edited set's card tables: the built-in set's but for the padlock's row
    base_tables = client.get(f"/api/workbench/{GAME}/sets/base").json()["tables"]
    changed = [
        (t["deck"], old, new)
        for t, edited in zip(base_tables, good.json()["tables"], strict=True)
        for old, new in zip(t["rows"], edited["rows"], strict=True)
        if old != new
    ]
    assert [(deck, old[1], old[4][:9], new[4][:8]) for deck, old, new in changed] == [
        ("feds", "padlock", "bribe 10 ", "bribe 5 ")
    ]
    # the set's own rule (a bribe is a multiple of 5), in the loader's words, beside its field
    odd = client.post(f"/api/workbench/{GAME}/check", json={"files": {"feds.toml": _with_bribe(data, 7)}})
    assert (odd.status_code, odd.json()["field"]) == (422, "levels.0.bribe")
    assert odd.json()["message"] == "feds.toml: fed 'padlock': levels.0.bribe: Input should be a multiple of 5 (got 7)"
    bad = client.post(f"/api/workbench/{GAME}/check", json={"files": {"feds.toml": _with_bribe(data, "ten")}})
    assert bad.status_code == 422
    assert bad.json() == {
        "type": "error",
        "error": "ContentError",
        "message": (
            "feds.toml: fed 'padlock': levels.0.bribe: Input should be a valid integer, unable to parse string as an "
            "integer (got 'ten')"
        ),
        "file": "feds.toml",
        "entry": "fed 'padlock'",
        "field": "levels.0.bribe",
    }


def test_a_variant_is_saved_listed_reopened_exported_imported_and_deleted(client):
    data = _with_bribe(_feds(client), 5)
    made = client.post(
        f"/api/workbench/{GAME}/variants",
        json={"name": "Cheap padlock", "note": "bribe 10 -> 5", "author": "ada", "files": {"feds.toml": data}},
    )
    assert made.status_code == 201, made.text
    vid = made.json()["id"]
    assert made.json()["link"] == f"/workbench/v/{vid}" and made.json()["name"] == "Cheap padlock"
    assert [s["name"] for s in client.get(f"/api/workbench/{GAME}/sets").json()] == [
        "Prohibition: the built-in set",
        "Cheap padlock",
    ]
    opened = client.get(f"/api/workbench/{GAME}/sets/{vid}").json()
    assert _feds(client, vid) == data and opened["note"] == "bribe 10 -> 5" and len(opened["diff"]) == 1
    assert opened["tables"]  # the variant's own tables, from its materialized folder
    # the same name again: 409, nothing added
    again = client.post(f"/api/workbench/{GAME}/variants", json={"name": "Cheap padlock", "files": {}})
    assert again.status_code == 409 and again.json()["message"] == "Prohibition already has a card set named 'Cheap padlock'"
    # export, then import under another name: the same files
    exported = client.get(f"/api/workbench/variants/{vid}/export")
    assert exported.status_code == 200 and exported.headers["content-type"] == "application/zip"
    assert exported.headers["content-disposition"] == f'attachment; filename="{GAME}-Cheap-padlock.zip"'
    names = zipfile.ZipFile(io.BytesIO(exported.content)).namelist()
    assert names == [*get_game(GAME).card_set_files(), "variant.json"]
    imported = client.post(
        f"/api/workbench/{GAME}/import?name=Imported", content=exported.content, headers={"content-type": "application/zip"}
    )
    assert imported.status_code == 201, imported.text
    assert _feds(client, imported.json()["id"]) == data
    # rename by PUT, delete
    renamed = client.put(f"/api/workbench/variants/{vid}", json={"name": "Padlock 5", "base": vid, "files": {}})
    assert renamed.status_code == 200 and renamed.json()["name"] == "Padlock 5"
    assert client.delete(f"/api/workbench/variants/{vid}").status_code == 204
    assert client.get(f"/api/workbench/{GAME}/sets/{vid}").status_code == 404
    assert [s["name"] for s in client.get(f"/api/workbench/{GAME}/sets").json()] == ["Prohibition: the built-in set", "Imported"]


@pytest.mark.parametrize(
    ("method", "path", "kwargs", "status", "message"),
    [
        ("get", "/api/workbench/chess/sets", {}, 404, "no game 'chess'"),
        ("get", f"/api/workbench/{GAME}/sets/nope", {}, 404, "no saved card set 'nope'"),
        (
            "post",
            f"/api/workbench/{GAME}/check",
            {"json": {"files": {"help.toml": {}}}},
            422,
            "help.toml: not a file of the card set of Prohibition",
        ),
        ("post", f"/api/workbench/{GAME}/check", {"json": {"base": "nope"}}, 404, "no saved card set 'nope'"),
        ("post", f"/api/workbench/{GAME}/check", {"json": {"files": [], "x": 1}}, 400, "field 'files'"),
        ("post", f"/api/workbench/{GAME}/variants", {"json": {"name": "../etc", "files": {}}}, 400, "name: 1–80 letters"),
        ("post", f"/api/workbench/{GAME}/import?name=Z", {"content": b"not a zip"}, 400, "not a readable zip file"),
        ("put", "/api/workbench/variants/nope", {"json": {"name": "A"}}, 404, "no saved card set 'nope'"),
        ("delete", "/api/workbench/variants/nope", {}, 404, "no saved card set 'nope'"),
        ("get", "/api/workbench/variants/nope/export", {}, 404, "no saved card set 'nope'"),
    ],
)
def test_bad_requests_are_refused_and_change_nothing(client, method, path, kwargs, status, message):
    r = getattr(client, method)(path, **kwargs)
    assert r.status_code == status, r.text
    assert r.json()["message"].startswith(message), r.json()
    assert [s["id"] for s in client.get(f"/api/workbench/{GAME}/sets").json()] == ["base"]


def test_an_import_missing_a_file_names_it(client):
    z = io.BytesIO()
    with zipfile.ZipFile(z, "w") as f:
        f.writestr("feds.toml", card_sets.embedded_set(get_game(GAME))["feds.toml"])
    r = client.post(f"/api/workbench/{GAME}/import?name=Half", content=z.getvalue(), headers={"content-type": "application/zip"})
    assert r.status_code == 422 and r.json()["message"] == "board.toml: missing from the zip"


def test_the_workbench_takes_whole_files_but_not_without_bound(client):
    big = {"files": {"feds.toml": {"note": "x" * (5 << 20)}}}
    r = client.post(f"/api/workbench/{GAME}/check", json=big)
    assert r.status_code == 413 and r.json()["message"] == f"the body is too large (at most {4 << 20} bytes)"
    # a file bigger than the rest of the server's bodies (64 KiB) is fine here
    data = _feds(client)
    r = client.post(f"/api/workbench/{GAME}/check", json={"files": {"feds.toml": {**data, "note": "y" * 100_000}}})
    assert r.status_code == 200 and [c["field"] for c in r.json()["diff"]] == ["note"]


def test_the_command_line_plays_a_saved_variant_by_name(client, db_url, tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from volstead.cli import app

    data = _with_bribe(_feds(client), 5)
    made = client.post(f"/api/workbench/{GAME}/variants", json={"name": "Cheap padlock", "files": {"feds.toml": data}})
    assert made.status_code == 201
    monkeypatch.setenv("VOLSTEAD_DB", db_url)
    runner = CliRunner()
    args = ["sim", GAME, "--games", "1", "--seats", "random,random", "--seed", "2", "--no-report"]
    r = runner.invoke(app, [*args, "--out", str(tmp_path / "cmp"), "--compare", "base", "Cheap padlock"])
    assert r.exit_code == 0, r.output
    config = __import__("json").loads((tmp_path / "cmp" / "Cheap padlock" / "sim.json").read_text())
    folder = config["options"]["cards"]
    assert (tmp_path / "cmp" / "base").is_dir() and folder.endswith(f"{made.json()['id']}-" + folder[-8:])
    assert tomllib.loads(open(f"{folder}/feds.toml").read()) == data
    r = runner.invoke(app, [*args, "--out", str(tmp_path / "one"), "-o", "cards=Nobody's set"])
    assert r.exit_code == 2
    assert "card set \"Nobody's set\": not a folder, nor a saved variant of Prohibition (saved: 'Cheap padlock')" in " ".join(
        r.output.split()
    )


def test_a_table_is_played_with_a_saved_variant(client):
    data = _with_bribe(_feds(client), 5)
    vid = client.post(f"/api/workbench/{GAME}/variants", json={"name": "Cheap padlock", "files": {"feds.toml": data}}).json()[
        "id"
    ]
    made = client.post("/api/games", json={"game": GAME, "seats": ["human", "random"], "card_set": vid})
    assert made.status_code == 201, made.text
    meta = client.get(f"/api/games/{made.json()['id']}").json()
    assert meta["card_set"] == "Cheap padlock"
    folder = meta["options"]["cards"]
    assert tomllib.loads(open(f"{folder}/feds.toml").read()) == data
    plain = client.post("/api/games", json={"game": GAME, "seats": ["human", "random"]}).json()
    assert client.get(f"/api/games/{plain['id']}").json()["card_set"] is None
    for body, message in (
        ({"card_set": "nope"}, "card_set: no saved card set 'nope'"),
        ({"game": "scarface1920", "card_set": vid}, "card_set: no saved card set"),
        ({"options": {"cards": folder}}, "option 'cards' cannot be set from the lobby"),
    ):
        r = client.post("/api/games", json={"game": GAME, "seats": ["human", "random"], **body})
        assert r.status_code == 400 and r.json()["message"].startswith(message), r.json()


@pytest.mark.parametrize("path", ["/workbench", f"/workbench/{GAME}", "/workbench/v/abc123"])
def test_the_workbench_page_is_one_page_at_each_of_its_paths(client, path, tmp_path, monkeypatch):
    from volstead.server.routes import pages

    (tmp_path / "workbench.html").write_text("<!doctype html><title>workbench</title>")
    monkeypatch.setattr(pages, "WEB_DIR", tmp_path)
    r = client.get(path)
    assert (r.status_code, r.text) == (200, "<!doctype html><title>workbench</title>")
    assert r.headers["content-type"].startswith("text/html") and r.headers["cache-control"] == "no-cache"


def test_the_test_game_has_a_workbench_too(client, prize_bids):
    """Issue 38 §5: the workbench knows no game by name — the platform's test game (a package of
    its own, tests/platform_game) lists, checks, saves and plays its prize deck like the others."""
    assert "prize_bids" in [g["name"] for g in client.get("/api/workbench/games").json()]
    body = client.get("/api/workbench/prize_bids/sets/base").json()
    (prizes,) = body["files"]
    assert prizes["file"] == "prizes.toml" and prizes["schema"]["properties"]["prizes"]["type"] == "array"
    assert [t["deck"] for t in body["tables"]] == ["prizes"] and body["tables"][0]["rows"][6][2] == "Engraved Tommy gun"
    deck = prizes["data"]["prizes"]
    zero = {"prizes": [*deck[:2], {**deck[2], "points": 0}, *deck[3:]]}
    r = client.post("/api/workbench/prize_bids/check", json={"files": {"prizes.toml": zero}})
    assert (r.status_code, r.json()["entry"], r.json()["field"]) == (422, "prize 'silver_flask'", "points")
    assert r.json()["message"] == "prizes.toml: prize 'silver_flask': points: Input should be greater than or equal to 1 (got 0)"
    short = client.post("/api/workbench/prize_bids/check", json={"files": {"prizes.toml": {"prizes": deck[:12]}}})
    assert (short.status_code, short.json()["message"]) == (
        422,
        "prizes.toml: the deck holds 13 prizes (one for each number a game may deal), not 12",
    )
    rich = {"prizes": [{**deck[0], "points": 9}, *deck[1:]]}
    vid = client.post("/api/workbench/prize_bids/variants", json={"name": "Gold cup", "files": {"prizes.toml": rich}}).json()[
        "id"
    ]
    assert [c["text"] for c in client.get(f"/api/workbench/prize_bids/sets/{vid}").json()["diff"]] == [
        "prizes.toml: prize 'tin_cup': points 1 → 9"
    ]
    made = client.post("/api/games", json={"game": "prize_bids", "seats": ["human", "random"], "card_set": vid})
    assert made.status_code == 201, made.text
    view = client.get(f"/api/games/{made.json()['id']}/state").json()["view"]
    assert view["prize_points"] == [9, 2, 3, 4, 5]  # the variant's deck, at the table
