"""The workbench's stored variants and experiments (issue 38 §6) on SQLite and, where DATABASE_URL
names one (.ci/run starts it), on a real PostgreSQL server: the same answers from both."""

from __future__ import annotations

import datetime as dt
import secrets

import pytest
from test_store import urls

from volstead.engine import card_sets
from volstead.engine.errors import ContentError
from volstead.games import get_game
from volstead.server.store import Store
from volstead.server.workbench.experiments import DONE, QUEUED, Experiments, NoSuchExperiment
from volstead.server.workbench.variants import NoSuchVariant, VariantNameTaken, Variants, materialize

GAME = get_game("prohibition")


@pytest.fixture(params=urls())
def store(request, db_url):
    from server_helpers import postgres_url

    s = Store(db_url if request.param == "sqlite" else postgres_url())
    yield s
    s.close()


def _cheap_padlock(bribe: int = 5) -> dict[str, str]:
    files = card_sets.embedded_set(GAME)
    fed = next(f for f in card_sets.parsed(files)["feds.toml"]["feds"] if f["id"] == "padlock")
    fed = {**fed, "levels": [{**fed["levels"][0], "bribe": bribe}, *fed["levels"][1:]]}
    return {**files, "feds.toml": card_sets.replace_entry(files["feds.toml"], "feds", "padlock", fed)}


def test_a_variant_is_saved_found_renamed_and_deleted(store, tmp_path):
    variants = Variants(store)
    name = f"Cheap padlock {secrets.token_hex(4)}"  # a PostgreSQL database is shared by the runs
    saved = variants.save(GAME, name, "bribe 10 → 5", "Ada", _cheap_padlock())
    assert (saved.game, saved.name, saved.note, saved.author) == ("prohibition", name, "bribe 10 → 5", "Ada")
    again = variants.get(saved.id)
    assert again.files == saved.files and again.created.tzinfo is not None
    assert variants.by_name("prohibition", name).id == saved.id and variants.by_name("scarface1920", name) is None
    assert saved.id in [v.id for v in variants.list("prohibition")]
    diff = card_sets.diff_sets(card_sets.embedded_set(GAME), again.files)
    assert [c.text for c in diff] == ["feds.toml: fed 'padlock': levels.0.bribe 10 → 5"]
    folder = materialize(again, tmp_path)
    assert sorted(p.name for p in folder.iterdir()) == sorted(GAME.card_set_files())
    GAME.check_card_set(folder)  # the folder loads as a game set up with it would
    with pytest.raises(VariantNameTaken, match=f"Prohibition already has a card set named '{name}'"):
        variants.save(GAME, name, "", "", card_sets.embedded_set(GAME))
    renamed = variants.save(GAME, name + " (v2)", "now with a note", "Ada", saved.files, saved.id)
    assert (renamed.id, renamed.name, renamed.created) == (saved.id, name + " (v2)", saved.created)
    assert renamed.updated >= saved.updated
    broken = _cheap_padlock(bribe=7)
    with pytest.raises(ContentError, match="levels.0.bribe: Input should be a multiple of 5"):
        variants.save(GAME, name + " (v3)", "", "", broken, saved.id)
    assert variants.get(saved.id).name == name + " (v2)"  # the refused save changed nothing
    variants.delete(saved.id)
    with pytest.raises(NoSuchVariant):
        variants.get(saved.id)


def test_an_experiment_is_queued_run_and_listed_by_client(store):
    experiments = Experiments(store)
    client = f"client-{secrets.token_hex(4)}"
    ids = [secrets.token_urlsafe(9) for _ in range(2)]
    for i, eid in enumerate(ids):
        config = {"bots": ["random"] * 4, "games": 10 + i, "seed": 7}
        made = experiments.add(
            eid, client, "prohibition", "base", "v1", {"base": "A", "v1": "B"}, config, 20 + 2 * i, f"/x/{eid}"
        )
        assert (made.status, made.done_games, made.total_games, made.config) == (QUEUED, 0, 20 + 2 * i, config)
    assert experiments.live_count(client) == 2 and experiments.live_count("nobody") == 0
    assert [x.id for x in experiments.live() if x.client == client] == ids  # oldest first
    now = dt.datetime.now(dt.UTC)
    # straight to done, not through running: the PostgreSQL database is shared by the test runs, and a
    # workbench server starting in another test queues again whatever it finds running (Runs.start) —
    # it once turned this experiment back to queued between the two updates
    experiments.set(ids[0], status=DONE, done_games=20, started=now, finished=now)
    done = experiments.get(ids[0])
    assert (done.status, done.done_games, done.labels) == (DONE, 20, {"base": "A", "v1": "B"})
    assert experiments.live_count(client) == 1
    assert [x.id for x in experiments.of_client(client)] == [ids[1], ids[0]]  # newest first
    assert experiments.of_client(client, "scarface1920") == []
    with pytest.raises(NoSuchExperiment):
        experiments.get("nope")
