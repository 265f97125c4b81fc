"""The hub: every live game by id (opening, loading, creating, closing them), the connections'
caps, and the bots' thinking (`Hub.think`).

A live game (live.py, `LiveGame`) applies and broadcasts its decisions, follows its clock,
holds its talk and takes its bots' turns; when one of its bots is to decide it asks the hub,
which has it thought in a worker process (bot_pool.py: a fair scheduler shares the workers
across clients and tables), within a think time counted from when the worker starts (`think`),
so a slow bot never stalls the event loop or other games; a bot that runs out of time or fails
plays a random legal option (the game's part). A client is held to its limits on live bot
tables and think time when it creates a game (`open_game`, BotLimitError: HTTP 429).

WebSocket connections are capped (`connect`): at most `conns_per_game` on one game and
`conns_per_client` from one client host over all games, spectators included; a game created
with `spectators: false` takes none without a seat token.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
import secrets
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from volstead.bots import BotError, BotLimits, bot_names, check_bot_table, get_bot
from volstead.engine import VolsteadError, replay
from volstead.engine.contract import SEED_LIMIT, Game, OptionsError, SetupError
from volstead.engine.fairness import log_hash_start
from volstead.engine.record import make_record
from volstead.games import get_game

from .bot_pool import BotPool, ClientLimits, ThinkJob, build_bot, client_key, live_bot_tables
from .clock import MAX_LIMIT, MIN_LIMIT, Clock
from .live import HUMAN, Conn, LiveGame
from .store import NewGameTokens, Store, StoredGame
from .workbench.variants import NoSuchVariant, Variants, materialize
from .writer import GroupWriter

__all__ = [
    "HUMAN",
    "BotSpecError",
    "Conn",
    "Hub",
    "LiveGame",
    "LobbyError",
    "NoSuchGame",
    "TooManyConnections",
]

log = logging.getLogger("volstead.server")

CONNS_PER_GAME = 64  # WebSocket connections one game takes (its seats and spectators)
CONNS_PER_CLIENT = 256  # WebSocket connections one client host may hold over every game


class LobbyError(VolsteadError):
    """A game that cannot be created as asked (bad game, seats, options)."""


class BotSpecError(LobbyError):
    """A bot whose budget is outside the server's bounds (HTTP 422)."""


class NoSuchGame(VolsteadError):
    """No live game has that id (HTTP 404; WebSocket close 4404)."""


class TooManyConnections(VolsteadError):
    """A WebSocket over the game's or the client's cap (WebSocket close 4429)."""


MAX_ITERATIONS = 20_000  # the largest ISMCTS iteration budget the server accepts (0.4–3 s of search; the think time caps it)
MAX_SAMPLES = 8  # greedy determinizations per decision


class Hub:
    def __init__(
        self,
        store: Store,
        *,
        bot_delay: float = 0.0,
        think_s: float = 5.0,
        auto_single: bool = True,
        workers: int | None = None,
        cheap_workers: int | None = None,
        client_limits: ClientLimits | None = None,
        client_secret: bytes | None = None,
        bot_start: str | None = None,
        conns_per_game: int = CONNS_PER_GAME,
        conns_per_client: int = CONNS_PER_CLIENT,
    ):
        self.store = store
        self.variants_root = Path("variants")  # where saved card sets are written for play (create_app sets it)
        self.conns_per_game = conns_per_game
        self.conns_per_client = conns_per_client
        self.client_conns: Counter[str | None] = Counter()  # open WebSockets per client host
        self.bot_delay = bot_delay
        self.think_s = think_s
        self.auto_single = auto_single
        self.workers = workers  # bot worker processes (None: one a core but one); bot_pool.BotPool
        self.cheap_workers = cheap_workers
        self.bot_start = bot_start  # how workers start (None: forkserver; tests: fork)
        self.client_limits = client_limits or ClientLimits.for_workers(workers)
        self.client_secret = client_secret or secrets.token_bytes(32)  # the key of clients' hashes
        self.start()
        # a bot never thinks past the think time: budgets above it are refused, searches are capped
        self.limits = BotLimits(
            max_ms=think_s * 1000,
            max_iterations=MAX_ITERATIONS,
            max_samples=MAX_SAMPLES,
            max_seconds=0.9 * think_s,
            policy_files=False,  # a client names no file of the server's: `learned` only (the game's policy)
        )
        self.games: dict[str, LiveGame] = {}

    def get(self, game_id: str) -> LiveGame:
        """The live game `game_id` (NoSuchGame, HTTP 404, if there is none)."""
        live = self.games.get(game_id)
        if live is None:
            raise NoSuchGame(f"no game {game_id[:40]!r}")
        return live

    def start(self) -> None:
        """The bot workers and the storage thread (again, for an app started after a `close`)."""
        self.pool = BotPool(
            self.workers, self.cheap_workers, think_per_minute=self.client_limits.think_per_minute, start_method=self.bot_start
        )
        self.db_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="volstead-db")  # the only writer
        self.writer = GroupWriter(self.store, self.db_pool)
        self.closing = False

    # ---------------------------------------------------------------- loading
    def load_all(self) -> None:
        for stored in self.store.load_all():
            if stored.status == "record":
                continue
            try:
                live = self.games[stored.id] = self._rebuild(stored)
                live.take_forced()
                live.save_now()
            except Exception as e:  # a game that cannot be rebuilt is reported, not fatal
                log.error("game %s cannot be resumed: %s: %s", stored.id, type(e).__name__, e)

    def _rebuild(self, stored: StoredGame) -> LiveGame:
        record = make_record(game=stored.game, options=stored.options, seed=stored.seed, seats=stored.seats)
        state = replay(get_game(stored.game), record)
        live = LiveGame(
            self,
            stored,
            state,
            self._make_bots(stored),
            seat_names=get_game(stored.game).seat_names(state),
            clock=Clock(stored.time_limit),
            chat=list(stored.chat),
            log_key=stored.salt.encode(),
            log_hash=log_hash_start(stored.commitment),
            card_set=self._card_set_name(stored),
        )
        live.shown_log_hash = live.log_hash.hex()
        state.tell_story()  # the game tells what happens (Game code: state.tell), re-told as it is rebuilt
        for seat, option_id in stored.decisions:
            # the server's own forced decisions were taken so (take_forced): a take-back passes them
            forced = self.auto_single and live.kinds[seat] == HUMAN and len(state.decision(seat).codes) == 1
            live.apply(seat, option_id, auto=forced)
        return live

    def _variant_folder(self, game: Game, variant_id: str) -> str:
        """The folder of a saved variant of `game` (LobbyError if there is none, or the game cannot
        play another set)."""
        if not game.card_set_option:
            raise LobbyError(f"{game.title} is played with its built-in card set only")
        try:
            variant = Variants(self.store).get(variant_id)
        except NoSuchVariant as e:
            raise LobbyError(f"card_set: {e}") from None
        if variant.game != game.name:
            raise LobbyError(f"card_set: no saved card set {variant_id[:20]!r} of {game.title}")
        return str(materialize(variant, self.variants_root))

    def _card_set_name(self, stored: StoredGame) -> str | None:
        """The saved variant a game is played with, by name (its folder's name if it is no longer
        saved; None: the built-in set)."""
        key = get_game(stored.game).card_set_option
        folder = stored.options.get(key) if key else None
        if not folder:
            return None
        variant_id = Path(folder).name.rsplit("-", 1)[0]
        try:
            return Variants(self.store).get(variant_id).name
        except NoSuchVariant:
            return Path(folder).name

    def _make_bots(self, stored: StoredGame) -> dict[int, Any]:
        bots = {}
        for i, k in enumerate(stored.kinds):
            if k == HUMAN:
                continue
            try:
                bots[i] = get_bot(k, f"{stored.seed}/{i}/{k}", self.limits)
            except KeyError:  # stored under other bounds: the same bot at its default budget
                bots[i] = get_bot(k.partition(":")[0], f"{stored.seed}/{i}/{k}", self.limits)
        return bots

    # --------------------------------------------------------------- creating
    def create_game(
        self,
        game_name: str,
        kinds: list[str],
        options: dict | None = None,
        seed: int | None = None,
        hotseat: bool = False,
        time_limit: int | None = None,
        spectators: bool = True,
    ) -> tuple[LiveGame, NewGameTokens]:
        """Create and open a game, storing it on the calling thread (before the server runs)."""
        new = self._checked_new_game(game_name, kinds, options, seed, hotseat, time_limit)
        stored, tokens = self.store.new_game(*new, spectators=spectators)
        live = self._open(stored)
        live.save_now()
        self.games[stored.id] = live
        return live, tokens

    async def open_game(
        self,
        game_name: str,
        kinds: list[str],
        options: dict | None = None,
        seed: int | None = None,
        hotseat: bool = False,
        time_limit: int | None = None,
        client: str | None = None,
        spectators: bool = True,
        card_set: str | None = None,
    ) -> tuple[LiveGame, NewGameTokens]:
        """`create_game` for the running server: storing happens on the storage thread. `client`
        (a keyed hash of its address) is held to its limits (BotLimitError) and stored with the game;
        `card_set`: a saved variant's id (the workbench's), played through the game's card-set option."""
        new = self._checked_new_game(game_name, kinds, options, seed, hotseat, time_limit, card_set)
        if client is not None and any(k != HUMAN and not self._instant(k) for k in new[3]):
            self.client_limits.check(live_bot_tables(self.games.values(), client, self._instant), self.pool.think_used(client))
        stored, tokens = await asyncio.get_running_loop().run_in_executor(
            self.db_pool, functools.partial(self.store.new_game, *new, spectators=spectators, client=client)
        )
        live = self._open(stored)
        await live.save()
        self.games[stored.id] = live  # shown to nobody before its forced decisions are stored
        return live, tokens

    def client_key(self, host: str | None) -> str:
        """What is kept of a client: a keyed hash of its address (bot_pool.client_key)."""
        return client_key(self.client_secret, host)

    def _instant(self, kind: str) -> bool:
        return build_bot(kind, "0", self.limits).instant

    def _open(self, stored: StoredGame) -> LiveGame:
        live = self._rebuild(stored)
        live.take_forced()
        live.play_instant_bots()
        return live

    def _checked_new_game(
        self,
        game_name: str,
        kinds: list[str],
        options: dict | None,
        seed: int | None,
        hotseat: bool,
        time_limit: int | None = None,
        card_set: str | None = None,
    ) -> tuple[str, dict, int, list[str], bool, bool, int | None]:
        """The arguments of `Store.new_game` for a game asked for so (LobbyError if it cannot be)."""
        try:
            game = get_game(game_name)
        except KeyError as e:
            raise LobbyError(str(e.args[0])) from None
        if not isinstance(kinds, list) or not all(isinstance(k, str) for k in kinds):
            raise LobbyError('seats must be a list of player kinds ("human" or a bot name)')
        kinds = [k.strip().lower() for k in kinds]
        bots = {}
        for i, k in enumerate(kinds):
            if k == HUMAN:
                continue
            try:
                bots[i] = get_bot(k, 0, self.limits)
            except KeyError as e:
                if k.partition(":")[0] in bot_names():
                    raise BotSpecError(f"seat {i}: {e.args[0]}") from None
                raise LobbyError(
                    f"seat {i} is {k[:40]!r}, which is not a player kind; use human or a bot: "
                    f"{', '.join(bot_names())} (with a budget, e.g. ismcts:500ms)"
                ) from None
        try:
            opts = game.options_from_json(options if options is not None else {})
        except OptionsError as e:
            raise LobbyError(f"bad options: {e}") from None
        for i, bot in bots.items():
            try:  # a learned bot: only where the game ships a policy for this many seats
                check_bot_table(bot, game, len(kinds), opts)
            except BotError as e:
                raise BotSpecError(f"seat {i}: {e}") from None
        hidden = sorted(game.lobby_hidden_options & set(opts.model_dump(exclude_defaults=True)))
        if hidden:
            raise LobbyError(f"option {hidden[0]!r} cannot be set from the lobby")
        if card_set is not None:  # the server sets the folder option itself, to a variant it saved
            opts = game.options_from_json({**opts.to_json(), game.card_set_option: self._variant_folder(game, card_set)})
        # The server draws the seed (nobody can know it while the game runs; its commitment is
        # published); a seed chosen by the creator makes a practice game, marked as such.
        practice = seed is not None
        if seed is None:
            seed = random.SystemRandom().randrange(SEED_LIMIT)
        try:  # the engine checks the seed, the seats and the options, as for every game
            game.new_game(seed=seed, seats=len(kinds), options=opts)
        except VolsteadError as e:
            raise LobbyError(str(e) if isinstance(e, SetupError) else f"the game cannot start: {e}") from None
        if hotseat and len([k for k in kinds if k == HUMAN]) < 2:
            hotseat = False
        if time_limit is not None and (
            isinstance(time_limit, bool) or not isinstance(time_limit, int) or not MIN_LIMIT <= time_limit <= MAX_LIMIT
        ):
            raise LobbyError(f"time_limit must be a whole number of seconds from {MIN_LIMIT} to {MAX_LIMIT} (or none)")
        return game_name, opts.to_json(), seed, kinds, hotseat, practice, time_limit

    # ------------------------------------------------------------------ bots
    async def think(self, live: LiveGame, seat: int, number: int, options: int) -> int:
        """The index of the option `seat`'s bot takes for its decision `number` (of `options`
        options): TimeoutError when it runs past the think time, the bot's own exception when it
        fails (a worker's `kind` names it), CancelledError when the server is stopping
        (`LiveGame.ask` takes a random option for the first two).

        The bot thinks in a worker process (bot_pool.py), which replays the game's decisions: the
        scheduler hands workers to clients, then their tables, in turn, and the think time starts
        when the worker starts thinking, so a bot queued behind other tables' searches thinks as
        long as any other."""
        stored = live.stored
        job = ThinkJob(
            live.id, stored.game, stored.options, stored.seed, stored.seats, tuple(stored.decisions),
            seat, live.kinds[seat], number, options, self.limits,
        )  # fmt: skip
        ticket = self.pool.submit(job, stored.client, self.think_s)  # CancelledError once closing
        try:
            await asyncio.shield(ticket.started)  # waiting for a worker costs no think time
            answer = await asyncio.wait_for(asyncio.shield(ticket.answer), timeout=self.think_s)
        except asyncio.CancelledError:
            self.pool.withdraw(ticket)  # not started yet: no worker will take it
            raise
        return answer.index

    async def close(self) -> None:
        """Stop every game's bots (the server is shutting down): nothing is lost, every decision
        taken is stored; a search still running ends within its think time."""
        self.closing = True
        runners = [task for live in self.games.values() if (task := live.stop()) is not None]
        self.pool.shutdown()  # every worker ends now: nothing they think is applied after the saves below
        if runners:  # stopped at their next await: none applies a move after the saves below
            await asyncio.wait(runners, timeout=5)
        # A bot runner stores its moves every BROADCAST_EVERY seconds, and the game's listing counts
        # them at once: the moves it applied since are stored now, so nothing anyone saw is lost.
        for live in self.games.values():
            if live.unsaved and not live.error:
                await live.save()
        if self.writer.task is not None:  # saves already asked for are stored
            await asyncio.wait([self.writer.task], timeout=5)
        self.db_pool.shutdown(wait=True)

    # ------------------------------------------------------------ connections
    def connect(self, live: LiveGame, ws: Any, seat: int | None, table: bool, client: str | None) -> Conn:
        """Attach a WebSocket to `live`, within the caps (TooManyConnections otherwise)."""
        if len(live.conns) >= self.conns_per_game:
            raise TooManyConnections(f"this game has {self.conns_per_game} connections already: try again later")
        if self.client_conns[client] >= self.conns_per_client:
            raise TooManyConnections(
                f"you have {self.conns_per_client} connections to this server open already: close some first"
            )
        self.client_conns[client] += 1
        return live.attach(ws, seat, table, client)

    def disconnected(self, conn: Conn) -> None:
        """A connection left its game (`LiveGame.detach`): its client may open another."""
        left = self.client_conns[conn.client] - 1
        if left > 0:
            self.client_conns[conn.client] = left
        else:
            self.client_conns.pop(conn.client, None)
