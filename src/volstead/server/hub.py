"""Live games: one in-memory state per game, its WebSockets, its bots.

The hub owns every game. A decision (a person's over a WebSocket, a bot's)
goes through `commit`: checked against the seat's pending decision and its
number, written to the store, applied, then broadcast — each connection
receives only what its seat may see (`payload`). Bots think in worker processes
(bot_pool.py: a fair scheduler shares them across clients and tables), within a
time budget counted from when the worker starts, so a slow bot never stalls the
event loop or other games; a bot that runs out of time or fails plays a random
legal option.

Several seats may decide at once (a game's secret simultaneous phase): every
pending seat's decision is offered to it, decisions are taken from all of
them as they come, every pending bot thinks in parallel, and the log shows
others only that a seat decided in private.

Every pending decision carries a number: the count of decisions its seat has
taken so far (the server's own single-option decisions included). A decide
names the number it answers; any other number is stale (`StaleDecision`, HTTP
409) and changes nothing, so a resent or doubled decide can never land on the
seat's next decision.

The table's talk (chat.py) and the round timer (clock.py) live here too: a
line said is stored, then sent to every connection; the timer follows the
people deciding and, where the game was created with a time limit, the server
decides for a person whose time ran out.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from volstead.bots import BotLimits, ask_bot, bot_names, get_bot
from volstead.engine import GameOverError, IllegalOptionError, VolsteadError, WrongSeatError, replay
from volstead.engine.contract import SEED_LIMIT, OptionsError, SetupError
from volstead.engine.decision import option_json
from volstead.engine.record import make_record
from volstead.games import get_game

from .bot_pool import BotPool, ClientLimits, ThinkJob, build_bot, client_key, live_bot_tables
from .chat import CHAT_TAIL, RateLimit, line_json, new_line
from .clock import MAX_LIMIT, MAX_TIMEOUT_MOVES, MIN_LIMIT, Clock
from .logtext import entry_text, is_public, shown_to
from .store import Batch, ChatLine, NewGameTokens, Store, StoredGame
from .writer import GroupWriter

log = logging.getLogger("volstead.server")

HUMAN = "human"
LOG_TAIL = 200  # log entries in a full state (on connecting, on refresh, over REST)
BROADCAST_EVERY = 0.25  # seconds: how often a long run of bot moves (no bot delay) is shown
HISTORY_KEPT = 64  # newest decisions a live game keeps as steps in its history (GameState.compact_history)
INLINE_BOT_MOVES = 200  # instant bots' moves made right after a decision (see _play_instant_bots)
LOG_UPDATE = 12  # log entries in a broadcast after a decision: the client keeps what it has (by "k")


def compact(state) -> None:
    """Fold a live game's history (a finished one's whole: nothing searches back through it)."""
    state.compact_history(0 if state.is_over() else HISTORY_KEPT)


class LobbyError(VolsteadError):
    """A game that cannot be created as asked (bad game, seats, options)."""


class StaleDecision(VolsteadError):
    """A decide that answers a decision which is no longer pending."""


@dataclass(eq=False)
class Conn:
    ws: Any
    seat: int | None  # None: spectator (or a hot-seat table before any human decided)
    table: bool = False  # hot-seat: the connection plays every human seat


@dataclass(eq=False)
class LiveGame:
    stored: StoredGame
    state: Any
    bots: dict[int, Any]
    log: list[dict] = field(default_factory=list)
    conns: list[Conn] = field(default_factory=list)
    taken: list[int] = field(default_factory=list)  # decisions each seat has taken (its next decision's number)
    # private steps each seat has taken in the secret phase now open: not counted for others
    private_steps: dict[int, int] = field(default_factory=dict)
    unsaved: list[tuple[int, int, str]] = field(default_factory=list)  # applied, not yet stored: (index, seat, id)
    thinking: set[int] = field(default_factory=set)
    error: str | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    threads: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(1))  # bot threads it may hold
    seat_names: list[str] = field(default_factory=list)  # the game's names of the seats (public)
    bot_task: asyncio.Task | None = None
    clock: Clock = field(default_factory=lambda: Clock(None))
    chat: list[ChatLine] = field(default_factory=list)
    chat_rate: RateLimit = field(default_factory=RateLimit)

    @property
    def id(self) -> str:
        return self.stored.id

    @property
    def kinds(self) -> list[str]:
        return self.stored.kinds

    def human_seats(self) -> list[int]:
        return [i for i, k in enumerate(self.kinds) if k == HUMAN]

    def deciding(self) -> int | None:
        """The first pending seat (None once over)."""
        return None if self.state.is_over() else self.state.decision().seat

    def pending(self) -> tuple[int, ...]:
        """Every seat with a decision pending (several in a simultaneous phase)."""
        return self.state.pending_seats()


class BotSpecError(LobbyError):
    """A bot whose budget is outside the server's bounds (HTTP 422)."""


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
    ):
        self.store = store
        self.bot_delay = bot_delay
        self.think_s = think_s
        self.auto_single = auto_single
        self.workers = workers  # bot worker processes (None: one a core); bot_pool.BotPool
        self.cheap_workers = cheap_workers
        self.bot_start = bot_start  # how workers start (None: forkserver; tests: fork)
        self.client_limits = client_limits or ClientLimits.for_workers(workers)
        self.client_secret = client_secret or secrets.token_bytes(32)  # the key of clients' hashes
        # unused since bots think in bot_pool's workers (BotPool.per_table); LiveGame.threads with it
        self.per_game = max(1, (workers or 2) // 2)
        self.start()
        # a bot never thinks past the think time: budgets above it are refused, searches are capped
        self.limits = BotLimits(
            max_ms=think_s * 1000, max_iterations=MAX_ITERATIONS, max_samples=MAX_SAMPLES, max_seconds=0.9 * think_s
        )
        self.games: dict[str, LiveGame] = {}

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
                self._take_forced(live)
                self._save_now(live)
            except Exception as e:  # a game that cannot be rebuilt is reported, not fatal
                log.error("game %s cannot be resumed: %s: %s", stored.id, type(e).__name__, e)

    def _rebuild(self, stored: StoredGame) -> LiveGame:
        record = make_record(game=stored.game, options=stored.options, seed=stored.seed, seats=stored.seats)
        state = replay(get_game(stored.game), record)
        live = LiveGame(
            stored,
            state,
            self._make_bots(stored),
            taken=[0] * stored.seats,
            threads=asyncio.Semaphore(self.per_game),
            seat_names=get_game(stored.game).seat_names(state),
            clock=Clock(stored.time_limit),
            chat=list(stored.chat),
        )
        state.tell_story()  # the game tells what happens (Game code: state.tell), re-told as it is rebuilt
        for seat, option_id in stored.decisions:
            self._apply(live, seat, option_id)
        return live

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
    ) -> tuple[LiveGame, NewGameTokens]:
        """Create and open a game, storing it on the calling thread (before the server runs)."""
        new = self._checked_new_game(game_name, kinds, options, seed, hotseat, time_limit)
        stored, tokens = self.store.new_game(*new)
        live = self._open(stored)
        self._save_now(live)
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
    ) -> tuple[LiveGame, NewGameTokens]:
        """`create_game` for the running server: storing happens on the storage thread. `client`
        (a keyed hash of its address) is held to its limits (BotLimitError) and stored with the game."""
        new = self._checked_new_game(game_name, kinds, options, seed, hotseat, time_limit)
        if client is not None and any(k != HUMAN and not self._instant(k) for k in new[3]):
            self.client_limits.check(live_bot_tables(self.games.values(), client, self._instant), self.pool.think_used(client))
        stored, tokens = await asyncio.get_running_loop().run_in_executor(
            self.db_pool, functools.partial(self.store.new_game, *new, client=client)
        )
        live = self._open(stored)
        await self._save(live)
        self.games[stored.id] = live  # shown to nobody before its forced decisions are stored
        return live, tokens

    def client_key(self, host: str | None) -> str:
        """What is kept of a client: a keyed hash of its address (bot_pool.client_key)."""
        return client_key(self.client_secret, host)

    def _instant(self, kind: str) -> bool:
        return build_bot(kind, "0", self.limits).instant

    def _open(self, stored: StoredGame) -> LiveGame:
        live = self._rebuild(stored)
        self._take_forced(live)
        self._play_instant_bots(live)
        return live

    def _checked_new_game(
        self,
        game_name: str,
        kinds: list[str],
        options: dict | None,
        seed: int | None,
        hotseat: bool,
        time_limit: int | None = None,
    ) -> tuple[str, dict, int, list[str], bool, bool, int | None]:
        """The arguments of `Store.new_game` for a game asked for so (LobbyError if it cannot be)."""
        try:
            game = get_game(game_name)
        except KeyError as e:
            raise LobbyError(str(e.args[0])) from None
        if not isinstance(kinds, list) or not all(isinstance(k, str) for k in kinds):
            raise LobbyError('seats must be a list of player kinds ("human" or a bot name)')
        kinds = [k.strip().lower() for k in kinds]
        for i, k in enumerate(kinds):
            if k == HUMAN:
                continue
            try:
                get_bot(k, 0, self.limits)
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
        hidden = sorted(game.lobby_hidden_options & set(opts.model_dump(exclude_defaults=True)))
        if hidden:
            raise LobbyError(f"option {hidden[0]!r} cannot be set from the lobby")
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

    # ------------------------------------------------------------- deciding
    def _apply(
        self, live: LiveGame, seat: int, option_id: str, auto: bool = False, persist: bool = False, number: int | None = None
    ) -> None:
        """Apply `option_id` for `seat` (checked against `number`, the decision it answers, if given)."""
        state = live.state
        if state.is_over():
            raise GameOverError("the game is over: no decision is pending")
        if not isinstance(seat, int) or seat not in state.pending_seats():
            pending = ", ".join(map(str, state.pending_seats()))
            raise WrongSeatError(f"seat {seat} cannot decide now: seat(s) {pending} are deciding")
        if number is not None and number != live.taken[seat]:
            raise StaleDecision(
                f"decision {number} of seat {seat} is no longer pending: its pending decision is "
                f"number {live.taken[seat]} (nothing was changed)"
            )
        d = state.decision(seat)
        if not isinstance(option_id, str):
            raise IllegalOptionError(f"option id must be a string, got {type(option_id).__name__}")
        index = d.index_of(option_id)
        label, kind, n = d.options[index].label, d.kind, state.decisions_made
        if persist:  # stored (off the event loop) before anyone is shown it: see _save
            live.unsaved.append((n, seat, option_id))
            live.stored.decisions.append((seat, option_id))
        state.apply_index(index, seat=seat)
        live.taken[seat] += 1
        story = state.take_story()
        # a private step is numbered for nobody: its place in the sequence would tell others how many
        # steps their rivals took
        live.log.append(
            {
                "i": None if d.lane else n + 1,
                "seat": seat,
                "kind": kind,
                "label": label,
                "private": d.lane,
                "public": is_public(live.stored.game, kind) and not d.lane,
                "auto": auto,
            }
        )
        for text, to in story:  # what the game told of it: for everyone, or for one seat alone
            live.log.append({"i": None, "seat": to, "note": text, "private": to is not None, "story": True})
        if d.lane:
            live.private_steps[seat] = live.private_steps.get(seat, 0) + 1
            if seat not in state.pending_seats():
                live.log.append({"i": None, "seat": seat, "note": "decided in private."})  # the page names the seat
        if not state.in_lanes():
            live.private_steps.clear()
        if state.is_over():
            scores = ", ".join(f"{x:g}" for x in state.result().scores)
            live.log.append({"i": n + 1, "seat": None, "note": f"Game over. Scores: {scores}"})

    async def commit(self, live: LiveGame, seat: int, option_id: str, number: int | None, auto: bool = False) -> None:
        """Take `option_id` for `seat` as the answer to its decision `number`: checked, stored, applied,
        then the server's own forced decisions, then broadcast. Raises VolsteadError, nothing changed."""
        async with live.lock:
            self._apply(live, seat, option_id, auto=auto, persist=True, number=number)
            self._take_forced(live)
            self._play_instant_bots(live)
            await self._save(live)
        await self.broadcast(live)
        self.kick(live)

    def _save_now(self, live: LiveGame) -> None:
        """`_save` for set-up code that runs before the game is shown to anyone."""
        compact(live.state)
        if live.unsaved:
            rows, live.unsaved = live.unsaved, []
            status = "finished" if live.state.is_over() else None
            self.store.add_decisions(live.id, rows, status)
            if status:
                live.stored.status = status

    async def _save(self, live: LiveGame) -> None:
        """Store the decisions applied since the last save, in one transaction on the storage thread
        (never on the event loop); called before any broadcast, so no decision a client saw is lost."""
        compact(live.state)  # thousands of live games: keep full collections short
        if not live.unsaved:
            return
        rows, live.unsaved = live.unsaved, []
        status = "finished" if live.state.is_over() else None
        try:
            await self.writer.write(Batch(live.id, rows, status))
            if status:
                live.stored.status = status  # shown as finished once stored as finished
        except Exception as e:  # the database is gone: the game stops rather than show unstored decisions
            log.exception("game %s: decisions could not be stored", live.id)
            live.error = f"the game stopped: its decisions could not be stored ({type(e).__name__})"

    def _take_forced(self, live: LiveGame) -> None:
        """Human seats' decisions with a single option, taken by the server before anyone is shown them."""
        if not self.auto_single:
            return
        while not live.state.is_over() and not live.error:
            forced = [d for d in live.state.decisions() if live.kinds[d.seat] == HUMAN and len(d) == 1]
            if not forced:
                return
            d = forced[0]
            self._apply(live, d.seat, d.option_ids[0], auto=True, persist=True)

    # ------------------------------------------------------------------ bots
    def _play_instant_bots(self, live: LiveGame) -> None:
        """With no bot delay, bots that answer at once (random) move as soon as they are to decide,
        in the same save and broadcast as the decision that made them so: a person sees the table
        once, with the bots' moves made, instead of once before and once after them. At most
        INLINE_BOT_MOVES moves. A game of bots alone is left to its bot runner (spectators watch it)."""
        if self.bot_delay or not live.human_seats():
            return
        for _ in range(INLINE_BOT_MOVES):
            if live.state.is_over() or live.error:
                return
            seats = live.pending()
            if not seats or not all(live.kinds[s] != HUMAN and live.bots[s].instant for s in seats):
                return
            seat = seats[0]
            index = ask_bot(live.bots[seat], live.state, seat=seat)
            self._apply(live, seat, live.state.decision(seat).option_ids[index], persist=True)
            # The people who decide next come after a bot's move, in the same broadcast: without
            # this their clock would run on from their last turn (and after a time-out, run out at once).
            live.clock.hand_over()
            self._take_forced(live)

    def kick(self, live: LiveGame) -> None:
        """Start the game's bot runner if a bot (or a forced human option) is to decide."""
        if live.bot_task is not None and not live.bot_task.done():
            return
        if live.state.is_over() or live.error or not self._bot_seats(live):
            return
        live.bot_task = asyncio.get_running_loop().create_task(self._run_bots(live))

    @staticmethod
    def _bot_seats(live: LiveGame) -> list[int]:
        return [s for s in live.pending() if live.kinds[s] != HUMAN]

    async def _run_bots(self, live: LiveGame) -> None:
        """Let the bots play until a person is to decide (or the game ends). With no bot delay,
        nobody can watch the moves in between: states are stored and broadcast once the bots
        are done, or every BROADCAST_EVERY seconds in a long run of bot moves."""
        loop = asyncio.get_running_loop()
        last_broadcast = loop.time()
        unsent = False
        try:
            while not live.state.is_over() and not live.error and not self.closing:
                seats = self._bot_seats(live)
                if not seats:
                    break
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
                # every pending bot thinks at once (in a simultaneous phase, several), each on its own clone
                numbers = {s: live.taken[s] for s in seats}
                live.thinking = set(seats)
                if self.bot_delay or not unsent:
                    await self.send_thinking(live)
                picks = await asyncio.gather(*(self._ask(live, s, numbers[s]) for s in seats))
                live.thinking = set()
                for seat, option_id in zip(seats, picks, strict=True):
                    async with live.lock:
                        if option_id is None or live.state.is_over() or live.taken[seat] != numbers[seat]:
                            continue
                        self._apply(live, seat, option_id, persist=True, number=numbers[seat])
                        self._take_forced(live)
                unsent = True
                if self.bot_delay or loop.time() - last_broadcast >= BROADCAST_EVERY:
                    await self._save_and_broadcast(live)
                    unsent, last_broadcast = False, loop.time()
            if unsent:
                await self._save_and_broadcast(live)
        except asyncio.CancelledError:
            raise
        except Exception as e:  # a bug in the rules: the game stops, the server goes on
            log.exception("game %s stopped", live.id)
            live.error = f"the game stopped: {type(e).__name__}: {e}"
            live.thinking = set()
            await self._save_and_broadcast(live)

    async def _save_and_broadcast(self, live: LiveGame) -> None:
        async with live.lock:
            await self._save(live)
        await self.broadcast(live)

    async def _ask(self, live: LiveGame, seat: int, number: int) -> str | None:
        """The option id `seat`'s bot takes for its decision `number` (a random one when it runs out of
        time or fails); None when that decision is no longer pending (while the bot runner waited,
        another task — a time-out deciding for a person, with the instant bots after it — moved the
        game on).

        The bot thinks in a worker process (bot_pool.py): the scheduler hands workers to clients,
        then their tables, in turn, and the think time starts when the worker starts thinking, so a
        bot queued behind other tables' searches thinks as long as any other."""
        if live.state.is_over() or seat not in live.pending() or live.taken[seat] != number:
            return None
        bot = live.bots[seat]
        if bot.instant:  # answers at once without a view: no clone, no worker
            index = ask_bot(bot, live.state, seat=seat)
            return live.state.decision(seat).option_ids[index]
        ids = live.state.decision(seat).option_ids
        if len(ids) == 1:  # nothing to think about: no worker (the bot is seeded per decision, so nothing is skipped)
            return ids[0]
        stored = live.stored
        job = ThinkJob(
            live.id, stored.game, stored.options, stored.seed, stored.seats, tuple(stored.decisions),
            seat, live.kinds[seat], number, len(ids), self.limits,
        )  # fmt: skip
        ticket = self.pool.submit(job, stored.client, self.think_s)  # CancelledError once closing
        try:
            await asyncio.shield(ticket.started)  # waiting for a worker costs no think time
            answer = await asyncio.wait_for(asyncio.shield(ticket.answer), timeout=self.think_s)
            index = answer.index
            if not (isinstance(index, int) and 0 <= index < len(ids)):
                raise ValueError(f"bot returned {index!r}")
        except TimeoutError:
            live.log.append(
                {
                    "i": None,
                    "seat": seat,
                    "note": f"{live.seat_names[seat]} ({live.kinds[seat]}) ran out of thinking time: a random option is taken",
                }
            )
            index = random.randrange(len(ids))
        except asyncio.CancelledError:
            self.pool.withdraw(ticket)  # not started yet: no worker will take it
            raise
        except Exception as e:
            if self.closing:  # the pool is shut down: the server is stopping, not the bot failing
                raise asyncio.CancelledError from None
            log.warning("bot of seat %s in game %s failed: %s", seat, live.id, e)
            live.log.append(
                {
                    "i": None,
                    "seat": seat,
                    "note": f"{live.seat_names[seat]}'s bot failed ({getattr(e, 'kind', type(e).__name__)}): "
                    "a random option is taken",
                }
            )
            index = random.randrange(len(ids))
        return ids[index]

    async def close(self) -> None:
        """Stop every game's bots (the server is shutting down): nothing is lost, every decision
        taken is stored; a search still running ends within its think time."""
        self.closing = True
        runners = []
        for live in self.games.values():
            if live.bot_task is not None:
                live.bot_task.cancel()
                runners.append(live.bot_task)
            if live.clock.handle is not None:
                live.clock.handle.cancel()
        self.pool.shutdown()  # every worker ends now: nothing they think is applied after the saves below
        if runners:  # stopped at their next await: none applies a move after the saves below
            await asyncio.wait(runners, timeout=5)
        # A bot runner stores its moves every BROADCAST_EVERY seconds, and the game's listing counts
        # them at once: the moves it applied since are stored now, so nothing anyone saw is lost.
        for live in self.games.values():
            if live.unsaved and not live.error:
                await self._save(live)
        if self.writer.task is not None:  # saves already asked for are stored
            await asyncio.wait([self.writer.task], timeout=5)
        self.db_pool.shutdown(wait=True)

    # -------------------------------------------------------- clock and talk
    def _follow_clock(self, live: LiveGame) -> None:
        """Start the round timer again when someone new is to decide, and (time limit) schedule the
        moment their time runs out."""
        clock = live.clock
        over = live.state.is_over() or live.error is not None
        deciding = frozenset() if over else frozenset(s for s in live.pending() if live.kinds[s] == HUMAN)
        if not clock.follow(deciding) and (clock.handle is not None or not deciding):
            return
        if clock.handle is not None:
            clock.handle.cancel()
            clock.handle = None
        if clock.limit is not None and deciding and not self.closing:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:  # set-up code off the event loop: the next payload schedules it
                return
            started = clock.started
            clock.handle = loop.call_later(
                clock.limit - (time.monotonic() - started), lambda: asyncio.ensure_future(self._time_out(live, started))
            )

    async def _time_out(self, live: LiveGame, started: float) -> None:
        """The time limit ran out for the people deciding since `started`: the server decides for them,
        as the game chooses for a seat out of time, until they have nothing pending."""
        clock = live.clock
        clock.handle = None
        game = get_game(live.stored.game)
        rng = random.Random()
        async with live.lock:
            if clock.started != started or self.closing:
                return  # someone new is deciding: their clock is another one
            for seat in sorted(clock.seats):
                if seat not in live.pending():
                    continue
                live.log.append(
                    {
                        "i": None,
                        "seat": None,
                        "note": f"{live.seat_names[seat]} ran out of time ({clock.limit} s): the server decides for them.",
                    }
                )
                for _ in range(MAX_TIMEOUT_MOVES):
                    if live.state.is_over() or live.error or seat not in live.pending():
                        break
                    d = live.state.decision(seat)
                    self._apply(live, seat, d.option_ids[game.timeout_choice(live.state, d, rng)], auto=True, persist=True)
                    self._take_forced(live)
            self._play_instant_bots(live)
            await self._save(live)
        await self.broadcast(live)
        self.kick(live)

    async def say(self, live: LiveGame, seat: int, text: str) -> dict:
        """`seat` says `text` to the table: checked (ChatError), stored, sent to every connection."""
        line = new_line(seat, text)
        live.chat_rate.check(seat)
        k = len(live.chat)
        live.chat.append(line)
        await asyncio.get_running_loop().run_in_executor(self.db_pool, functools.partial(self.store.add_chat, live.id, k, line))
        said = line_json(k, line, live.seat_names)
        for conn in list(live.conns):
            if not await self.send(conn, {"type": "chat", "line": said}):
                self.detach(live, conn)
        return said

    # -------------------------------------------------------------- payloads
    def meta(self, live: LiveGame, seat: int | None = None) -> dict:
        """The game's description as `seat` (None: anyone) may read it: the decisions counted are
        the public ones and the seat's own private steps of a phase still open."""
        game = get_game(live.stored.game)
        hidden = sum(n for s, n in live.private_steps.items() if s != seat)
        return {
            "id": live.id,
            "game": live.stored.game,
            "title": game.title,
            "seats": live.stored.seats,
            "kinds": live.kinds,
            "seat_names": live.seat_names,
            "hotseat": live.stored.hotseat,
            "status": live.stored.status,
            "decisions": live.state.decisions_made - hidden,
            "deciding": live.deciding(),
            "pending": list(live.pending()),
            "commitment": live.stored.commitment,
            "practice": live.stored.practice,
            "created": live.stored.created.isoformat(),
            "options": live.stored.options,
        }

    def shown_seat(self, live: LiveGame, conn: Conn) -> int | None:
        """The seat whose view a connection gets (a hot-seat table follows the deciding human)."""
        if conn.table:
            seat = self.table_seat(live)
            if seat is not None:
                conn.seat = seat
            elif conn.seat is None:
                conn.seat = live.human_seats()[0]
        return conn.seat

    @staticmethod
    def table_seat(live: LiveGame) -> int | None:
        """The human seat a hot-seat table plays now: the first pending human seat (None if none)."""
        return next((s for s in live.pending() if live.kinds[s] == HUMAN), None)

    def payload(self, live: LiveGame, seat: int | None, table: bool = False, log_tail: int = LOG_TAIL) -> dict:
        """What `seat` (None: a spectator) may see: its view, its own pending decision with its
        number and options, which seats are deciding, the log as it may read it."""
        self._follow_clock(live)  # cheap when nothing changed; a game just opened or reloaded starts here
        state = live.state
        decision = None
        pending = live.pending()
        if seat is not None and seat in pending:
            d = state.decision(seat)
            decision = {
                "seat": seat,
                "kind": d.kind,
                "number": live.taken[seat],
                "prompt": d.prompt,
                "simultaneous": d.lane,
                "options": [option_json(o) for o in d.options],
            }
            if unavailable := d.unavailable:
                decision["unavailable"] = unavailable
        elif pending and not state.in_lanes():  # whose turn it is and the question are public
            d = state.decision()
            decision = {"seat": d.seat, "kind": d.kind}
        first = max(0, len(live.log) - log_tail)
        entries = [
            {"k": k, "i": e["i"], "seat": e["seat"], "text": entry_text(e, seat), "mine": e["seat"] == seat}
            for k, e in enumerate(live.log[first:], first)
            if shown_to(e, seat)
        ]
        return {
            "type": "state",
            "meta": self.meta(live, seat),
            "you": seat,
            "table": table,
            "view": state.view(seat),
            "decision": decision,
            "pending": list(pending),
            "simultaneous": state.in_lanes(),
            "thinking": sorted(live.thinking),
            "log": entries,
            "error": live.error,
            "result": state.result().to_json() if state.is_over() else None,
            "chat": [
                line_json(k, line, live.seat_names)
                for k, line in enumerate(live.chat[-CHAT_TAIL:], max(0, len(live.chat) - CHAT_TAIL))
            ],
            "clock": live.clock.to_json(),
        }

    async def send(self, conn: Conn, message: dict) -> bool:
        try:
            await conn.ws.send_json(message)
            return True
        except Exception:
            return False

    async def broadcast(self, live: LiveGame) -> None:
        self._follow_clock(live)
        cache: dict[tuple, dict] = {}
        dead = []
        for conn in list(live.conns):
            seat = self.shown_seat(live, conn)
            key = (seat, conn.table)
            if key not in cache:
                cache[key] = self.payload(live, seat, conn.table, LOG_UPDATE)
            if not await self.send(conn, cache[key]):
                dead.append(conn)
        for conn in dead:
            self.detach(live, conn)

    async def send_thinking(self, live: LiveGame) -> None:
        for conn in list(live.conns):
            await self.send(conn, {"type": "thinking", "seats": sorted(live.thinking)})

    def attach(self, live: LiveGame, ws, seat: int | None, table: bool) -> Conn:
        conn = Conn(ws, seat, table)
        live.conns.append(conn)
        return conn

    def detach(self, live: LiveGame, conn: Conn) -> None:
        if conn in live.conns:
            live.conns.remove(conn)

    def public_log(self, live: LiveGame) -> list[dict]:
        return [{"i": e["i"], "seat": e["seat"], "text": entry_text(e, None, everything=True)} for e in live.log]
