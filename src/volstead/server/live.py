"""A live game: its in-memory state, its WebSockets, its bots' turns, its clock and its talk.

A decision (a person's over a WebSocket or REST, a bot's) goes through `LiveGame.commit`:
checked against the seat's pending decision and its number, written to the store, applied,
then broadcast — each connection receives only what its seat may see (`payload`), and only
when that has changed. The hub (hub.py) holds the games by id, opens and closes them, and
runs the bots' thinking (`Hub.think`); a game's bot runner (`run_bots`) takes its bots' turns.

Several seats may decide at once (a game's secret simultaneous phase): every pending seat's
decision is offered to it, decisions are taken from all of them as they come, every pending
bot thinks in parallel, and the log shows others only that a seat decided in private.

Nothing of a secret phase reaches another seat but "deciding / done": a broadcast sends a
connection a state only when the text of its view changed (so a rival's private step, which
changes nothing it may see, sends it nothing); log entries are numbered per viewer (`k`, no
gaps where another seat's private steps are); a decision's public number (`i`) counts public
decisions only; `meta.decisions` counts the public decisions and the viewer's own private
steps.

Every pending decision carries a number: the count of decisions its seat has taken so far
(the server's own single-option decisions included). A decide names the number it answers;
any other number is stale (`StaleDecision`, HTTP 409) and changes nothing, so a resent or
doubled decide can never land on the seat's next decision.

The table's talk (chat.py) and the round timer (clock.py) live here too: a line said is
stored, then sent to every connection; the timer follows the people deciding and, where the
game was created with a time limit, the server decides for a person whose time ran out.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import orjson

from volstead.bots import ask_bot
from volstead.engine import GameOverError, IllegalOptionError, VolsteadError, WrongSeatError
from volstead.engine.decision import option_json
from volstead.engine.fairness import log_hash_start, log_hash_step
from volstead.engine.record import make_record
from volstead.engine.replay import replay
from volstead.engine.takeback import GAME_OVER, TIMED_OUT, Reason, Windows, closed_by, final_options, marks
from volstead.games import get_game

from .chat import CHAT_TAIL, RateLimit, line_json, new_line
from .clock import MAX_TIMEOUT_MOVES, Clock
from .logtext import entry_text, shown_to
from .store import Batch, ChatLine, StoredGame

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("volstead.server")

HUMAN = "human"
LOG_TAIL = 200  # log entries in a full state (on connecting, on refresh, over REST)
BROADCAST_EVERY = 0.25  # seconds: how often a long run of bot moves (no bot delay) is shown
HISTORY_KEPT = 64  # newest decisions a live game keeps as steps in its history (GameState.compact_history)
INLINE_BOT_MOVES = 200  # instant bots' moves made right after a decision (see play_instant_bots)
LOG_UPDATE = 12  # log entries in a broadcast after a decision: the client keeps what it has (by "k")


def compact(state) -> None:
    """Fold a live game's history (a finished one's whole: nothing searches back through it)."""
    state.compact_history(0 if state.is_over() else HISTORY_KEPT)


def to_text(message: dict) -> str:
    """A message as sent on a WebSocket: compact JSON, as Starlette's `send_json` writes it, by
    orjson (json.dumps of the states was a sixth of the server's time at 1,000 tables, py-spy)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


class StaleDecision(VolsteadError):
    """A decide that answers a decision which is no longer pending."""


class CannotTakeBack(VolsteadError):
    """A take-back the window does not allow (HTTP 409): the message says why."""


@dataclass(eq=False, slots=True)
class Span:
    """One applied decision as a take-back needs it (LiveGame.spans, one a stored decision): whose
    it was, taken by the server (auto) or in a secret phase (lane), the log entries it added
    (`log[start:end]`) and the log hash shown before it."""

    seat: int
    auto: bool
    lane: bool
    start: int
    end: int
    shown_before: str


@dataclass(eq=False)
class Conn:
    ws: Any
    seat: int | None  # None: spectator (or a hot-seat table before any human decided)
    table: bool = False  # hot-seat: the connection plays every human seat
    client: str | None = None  # the client's host (connections are capped per client: Hub.connect)
    last: str | None = None  # the last state sent to it, as a broadcast would send it (see broadcast)
    thinking: tuple[int, ...] = ()  # the bot seats it was last told are thinking (send_thinking)


@dataclass(eq=False)
class LiveGame:
    hub: Hub
    stored: StoredGame
    state: Any
    bots: dict[int, Any]
    log: list[dict] = field(default_factory=list)
    # seen[v]: the indices into `log` of the entries viewer v reads (v = a seat; the last list: spectators),
    # so that each viewer's entries are numbered 0, 1, 2... (its "k") with no gap where another's are hidden
    seen: list[list[int]] = field(default_factory=list)
    conns: list[Conn] = field(default_factory=list)
    taken: list[int] = field(default_factory=list)  # decisions each seat has taken (its next decision's number)
    public_made: int = 0  # decisions outside secret phases (the log's public numbering, "i")
    private_made: list[int] = field(default_factory=list)  # private steps each seat took (counted for it alone)
    unsaved: list[tuple[int, int, str]] = field(default_factory=list)  # applied, not yet stored: (index, seat, id)
    thinking: set[int] = field(default_factory=set)
    error: str | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    seat_names: list[str] = field(default_factory=list)  # the game's names of the seats (public)
    bot_task: asyncio.Task | None = None
    clock: Clock = field(default_factory=lambda: Clock(None))
    chat: list[ChatLine] = field(default_factory=list)
    chat_rate: RateLimit = field(default_factory=RateLimit)
    # the decision log's running hash (engine/fairness.py): one SHA-256 per decision applied; state
    # messages show `shown_log_hash`, which skips a secret phase's private steps until it closes
    log_key: bytes = b""
    log_hash: bytes = b""
    shown_log_hash: str = ""
    # Take-back (engine/takeback.py): every seat's window over the decisions applied, one Span a
    # decision (its log entries); `undos` counts take-backs (a bot's answer thought before one is
    # stale); `finals` caches the "cannot be taken back" warnings of each seat's pending decision.
    windows: Windows = field(default_factory=lambda: Windows(0))
    spans: list[Span] = field(default_factory=list)
    undos: int = 0
    finals: dict[int, tuple[Any, dict[int, Reason]]] = field(default_factory=dict)
    card_set: str | None = None  # the name of the designer's card set it is played with (None: the built-in one)

    def __post_init__(self) -> None:
        seats = self.stored.seats
        self.taken = self.taken or [0] * seats
        self.private_made = self.private_made or [0] * seats
        self.seen = self.seen or [[] for _ in range(seats + 1)]
        self.windows = Windows(seats)

    @property
    def id(self) -> str:
        return self.stored.id

    @functools.cached_property
    def game(self) -> Any:
        """The game's rules object (looked up once: it is read on every decision)."""
        return get_game(self.stored.game)

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

    def bot_seats(self) -> list[int]:
        return [s for s in self.pending() if self.kinds[s] != HUMAN]

    # ------------------------------------------------------------------ log
    def add_log(self, entry: dict) -> None:
        """Append a log entry, numbered for each viewer that reads it."""
        n = len(self.log)
        self.log.append(entry)
        spectators = self.stored.seats
        for viewer, entries in enumerate(self.seen):
            if shown_to(entry, None if viewer == spectators else viewer):
                entries.append(n)

    def note(self, text: str, seat: int | None = None) -> None:
        """A line of the server's own in the log, for everyone (the page names `seat`)."""
        self.add_log({"i": None, "seat": seat, "note": text})

    # ------------------------------------------------------------- deciding
    def apply(
        self,
        seat: int,
        option_id: str | None,
        auto: bool = False,
        persist: bool = False,
        number: int | None = None,
        index: int | None = None,
    ) -> None:
        """Apply `option_id` for `seat` (checked against `number`, the decision it answers, if given);
        the server's own picks (bots, forced steps, time-outs) give the option's `index` instead, which
        spares making every option's id to look one up."""
        state = self.state
        if state.is_over():
            raise GameOverError("the game is over: no decision is pending")
        pending_before = state.pending_seats()
        if not isinstance(seat, int) or seat not in pending_before:
            pending = ", ".join(map(str, pending_before))
            raise WrongSeatError(f"seat {seat} cannot decide now: seat(s) {pending} are deciding")
        if number is not None and number != self.taken[seat]:
            raise StaleDecision(
                f"decision {number} of seat {seat} is no longer pending: its pending decision is "
                f"number {self.taken[seat]} (nothing was changed)"
            )
        d = state.decision(seat)
        if index is None:
            if not isinstance(option_id, str):
                raise IllegalOptionError(f"option id must be a string, got {type(option_id).__name__}")
            index = d.index_of(option_id)
        else:
            option_id = d.id_at(index)
        label, kind, n = d.label_at(index), d.kind, state.decisions_made
        said, hidden = d.log_texts(index)
        before = marks(state, seat)  # what the decision makes known ends take-back windows
        log_start, shown_before = len(self.log), self.shown_log_hash
        if persist:  # stored (off the event loop) before anyone is shown it: see save
            self.unsaved.append((n, seat, option_id))
            self.stored.decisions.append((seat, option_id))
        state.apply_index(index, seat=seat)
        self.taken[seat] += 1
        self.log_hash = log_hash_step(self.log_hash, self.log_key, seat, option_id)
        story = state.take_story()
        # a private step is numbered for nobody, and public numbers count public decisions only:
        # a number that counted private steps would tell others how many steps their rivals took
        if d.lane:
            self.private_made[seat] += 1
        else:
            self.public_made += 1
        self.add_log(
            {
                "i": None if d.lane else self.public_made,
                "seat": seat,
                "kind": kind,
                "label": label,
                "said": said,
                "hidden": hidden,
                "private": d.lane,
                "public": kind in self.game.public_decision_kinds and not d.lane,
                "auto": auto,
            }
        )
        for text, to in story:  # what the game told of it: for everyone, or for one seat alone
            self.add_log({"i": None, "seat": to, "note": text, "private": to is not None, "story": True})
        if d.lane and seat not in state.pending_seats():
            self.note("decided in private.", seat)  # the page names the seat
        # the hash shown moves on a public decision and when a secret phase closes (its last
        # deciding seat is done: no phase open, or another one, with other seats deciding)
        if not d.lane or (pending_before == (seat,) and (not state.in_lanes() or state.pending_seats() != (seat,))):
            self.shown_log_hash = self.log_hash.hex()
        if state.is_over():
            scores = ", ".join(f"{x:g}" for x in state.result().scores)
            self.add_log({"i": self.public_made, "seat": None, "note": f"Game over. Scores: {scores}"})
        self.windows.decided(seat, d.lane, closed_by(before, state, seat), auto)
        self.spans.append(Span(seat, auto, d.lane, log_start, len(self.log), shown_before))

    # ------------------------------------------------------------ take-back
    def take_back_target(self, seat: int) -> list[int] | Reason:
        """The indices of the decisions one take-back of `seat` removes (its last decision of its
        own and the server's forced ones after it, ascending), or why there are none."""
        return GAME_OVER if self.state.is_over() else self.windows.target(seat)

    def take_back_info(self, seat: int | None, table: bool) -> dict | None:
        """What a state message says of taking back: the seat whose decision it would be, how many
        of its decisions can be taken back one after the other, and the number of the one a
        take-back now removes; None when the viewer cannot take back (spectators never can)."""
        seats = self.human_seats() if table else [seat] if seat is not None and self.kinds[seat] == HUMAN else []
        best: tuple[int, int] | None = None  # (newest index, seat)
        for s in seats:
            target = self.take_back_target(s)
            if isinstance(target, list) and (best is None or target[0] > best[0]):
                best = (target[0], s)
        if best is None:
            return None
        j, s = best
        removed = sum(1 for k in range(j, len(self.spans)) if self.spans[k].seat == s)
        return {"seat": s, "decisions": self.windows.count(s), "number": self.taken[s] - removed}

    def final_warnings(self, seat: int) -> dict[int, Reason]:
        """The options of `seat`'s pending decision that cannot be taken back (engine/takeback.py),
        computed once per decision (and per set of seats still deciding: closing a secret phase)."""
        key = (self.taken[seat], self.undos, self.pending())
        cached = self.finals.get(seat)
        if cached is not None and cached[0] == key:
            return cached[1]
        try:
            found = final_options(self.state, seat, follow_forced=self.hub.auto_single)
        except Exception:  # a warning is a courtesy: a rules bug shows up where the option is taken
            log.exception("game %s: the take-back warnings of seat %s failed", self.id, seat)
            found = {}
        self.finals[seat] = (key, found)
        return found

    async def take_back(self, seat: int, number: int | None, table: bool = False) -> int:
        """Take back `seat`'s last decision (a hot-seat `table`: the human seat whose decision is the
        newest that can be), if its window allows and `number` is that decision's number: removed
        from the store, the state rebuilt without it, the log and its hash as before it, the clock
        restarted, every connection sent its state. Returns the seat; CannotTakeBack or
        StaleDecision (nothing changed) otherwise."""
        async with self.lock:
            if table:
                info = self.take_back_info(None, True)
                # none: the reason is that of the human seat whose own decision is the newest
                seat = info["seat"] if info else max(self.human_seats(), key=lambda s: self.windows.last_own[s])
            await self.save()  # a bot runner's moves not stored yet: stored first, then renumbered
            target = self.take_back_target(seat)
            if isinstance(target, Reason):
                raise CannotTakeBack(f"cannot take back: {target.since}")
            wanted = self.taken[seat] - len(target)
            if number is not None and number != wanted:
                raise StaleDecision(
                    f"decision {number} of seat {seat} cannot be taken back: the one that can is number {wanted} "
                    "(nothing was changed)"
                )
            await self.remove_decisions(target)
        await self.broadcast()
        self.kick()
        return seat

    async def remove_decisions(self, removed: list[int]) -> None:
        """Remove the decisions at `removed` (ascending; one seat's: its last own one, the server's
        forced ones after it, with only rivals' private steps between), under the lock."""
        first = removed[0]
        gone = set(removed)
        spans, kept_rows = self.spans, []
        decisions = [d for k, d in enumerate(self.stored.decisions) if k not in gone]
        for k in range(first, len(self.stored.decisions)):
            if k not in gone:
                seat, option_id = self.stored.decisions[k]
                kept_rows.append((len(kept_rows) + first, seat, option_id))
        stored, hub = self.stored, self.hub
        record = make_record(game=stored.game, options=stored.options, seed=stored.seed, seats=stored.seats, decisions=decisions)
        state = replay(get_game(stored.game), record)  # first: a replay that failed would change nothing
        state.tell_story()
        compact(state)
        await asyncio.get_running_loop().run_in_executor(
            hub.db_pool, functools.partial(hub.store.replace_decisions, self.id, first, kept_rows)
        )
        # the log: the removed decisions' entries go; each viewer's numbering is rebuilt, gapless
        drop = set()
        for k in removed:
            drop.update(range(spans[k].start, spans[k].end))
        shift = [0] * (len(self.log) + 1)
        for n in range(len(self.log)):
            shift[n + 1] = shift[n] + (n in drop)
        self.log = [e for n, e in enumerate(self.log) if n not in drop]
        everyone = self.stored.seats
        self.seen = [
            [n for n, e in enumerate(self.log) if shown_to(e, None if v == everyone else v)] for v in range(everyone + 1)
        ]
        target = spans[first]
        for k in removed:
            span = spans[k]
            self.taken[span.seat] -= 1
            if span.lane:
                self.private_made[span.seat] -= 1
            else:
                self.public_made -= 1
        new_spans = []
        for k, span in enumerate(spans):
            if k not in gone:
                span.start, span.end = span.start - shift[span.start], span.end - shift[span.end]
                new_spans.append(span)
        self.spans = new_spans
        self.windows.removed(removed)
        h = log_hash_start(stored.commitment)
        for seat, option_id in decisions:
            h = log_hash_step(h, self.log_key, seat, option_id)
        self.log_hash = h
        if not target.lane:  # in an open secret phase the hash shown has not moved since it opened
            self.shown_log_hash = target.shown_before
        stored.decisions = decisions
        self.state = state
        self.undos += 1  # bots thinking on the state with the removed decisions: their answers are stale
        self.finals.clear()
        self.clock.hand_over()  # the clock starts again for whoever decides now

    async def commit(self, seat: int, option_id: str, number: int | None, auto: bool = False) -> None:
        """Take `option_id` for `seat` as the answer to its decision `number`: checked, stored, applied,
        then the server's own forced decisions, then broadcast. Raises VolsteadError, nothing changed."""
        async with self.lock:
            self.apply(seat, option_id, auto=auto, persist=True, number=number)
            self.take_forced()
            self.play_instant_bots()
            await self.save()
        await self.broadcast()
        self.kick()

    def take_forced(self) -> None:
        """Human seats' decisions with a single option, taken by the server before anyone is shown them."""
        if not self.hub.auto_single:
            return
        while not self.state.is_over() and not self.error:
            forced = [d for d in self.state.decisions() if self.kinds[d.seat] == HUMAN and len(d) == 1]
            if not forced:
                return
            d = forced[0]
            self.apply(d.seat, None, auto=True, persist=True, index=0)

    def save_now(self) -> None:
        """`save` for set-up code that runs before the game is shown to anyone (on the calling thread)."""
        compact(self.state)
        if self.unsaved:
            rows, self.unsaved = self.unsaved, []
            status = "finished" if self.state.is_over() else None
            self.hub.store.add_decisions(self.id, rows, status)
            if status:
                self.stored.status = status

    async def save(self) -> None:
        """Store the decisions applied since the last save, in one transaction on the storage thread
        (never on the event loop); called before any broadcast, so no decision a client saw is lost."""
        compact(self.state)  # thousands of live games: keep full collections short
        if not self.unsaved:
            return
        rows, self.unsaved = self.unsaved, []
        status = "finished" if self.state.is_over() else None
        try:
            await self.hub.writer.write(Batch(self.id, rows, status))
            if status:
                self.stored.status = status  # shown as finished once stored as finished
        except Exception as e:  # the database is gone: the game stops rather than show unstored decisions
            log.exception("game %s: decisions could not be stored", self.id)
            self.error = f"the game stopped: its decisions could not be stored ({type(e).__name__})"

    async def save_and_broadcast(self) -> None:
        async with self.lock:
            await self.save()
        await self.broadcast()

    # ------------------------------------------------------------------ bots
    def play_instant_bots(self) -> None:
        """With no bot delay, bots that answer at once (random) move as soon as they are to decide,
        in the same save and broadcast as the decision that made them so: a person sees the table
        once, with the bots' moves made, instead of once before and once after them. At most
        INLINE_BOT_MOVES moves. A game of bots alone is left to its bot runner (spectators watch it)."""
        if self.hub.bot_delay or not self.human_seats():
            return
        for _ in range(INLINE_BOT_MOVES):
            if self.state.is_over() or self.error:
                return
            seats = self.pending()
            if not seats or not all(self.kinds[s] != HUMAN and self.bots[s].instant for s in seats):
                return
            seat = seats[0]
            index = ask_bot(self.bots[seat], self.state, seat=seat)
            self.apply(seat, None, persist=True, index=index)
            # The people who decide next come after a bot's move, in the same broadcast: without
            # this their clock would run on from their last turn (and after a time-out, run out at once).
            self.clock.hand_over()
            self.take_forced()

    def kick(self) -> None:
        """Start the game's bot runner if a bot is to decide."""
        if self.bot_task is not None and not self.bot_task.done():
            return
        if self.state.is_over() or self.error or not self.bot_seats():
            return
        self.bot_task = asyncio.get_running_loop().create_task(self.run_bots())

    async def run_bots(self) -> None:
        """Let the bots play until a person is to decide (or the game ends). With no bot delay,
        nobody can watch the moves in between: states are stored and broadcast once the bots
        are done, or every BROADCAST_EVERY seconds in a long run of bot moves."""
        hub = self.hub
        loop = asyncio.get_running_loop()
        last_broadcast = loop.time()
        unsent = False
        try:
            while not self.state.is_over() and not self.error and not hub.closing:
                seats = self.bot_seats()
                if not seats:
                    break
                if hub.bot_delay:
                    await asyncio.sleep(hub.bot_delay)
                # every pending bot thinks at once (in a simultaneous phase, several), each on its own clone
                numbers = {s: self.taken[s] for s in seats}
                undos = self.undos  # a take-back while they think makes their answers stale
                self.thinking = set(seats)
                if hub.bot_delay or not unsent:
                    await self.send_thinking()
                picks = await asyncio.gather(*(self.ask(s, numbers[s]) for s in seats))
                self.thinking = set()
                for seat, option_id in zip(seats, picks, strict=True):
                    async with self.lock:
                        if option_id is None or self.state.is_over() or self.taken[seat] != numbers[seat] or self.undos != undos:
                            continue
                        self.apply(seat, option_id, persist=True, number=numbers[seat])
                        self.take_forced()
                unsent = True
                if hub.bot_delay or loop.time() - last_broadcast >= BROADCAST_EVERY:
                    await self.save_and_broadcast()
                    unsent, last_broadcast = False, loop.time()
            if unsent:
                await self.save_and_broadcast()
        except asyncio.CancelledError:
            raise
        except Exception as e:  # a bug in the rules: the game stops, the server goes on
            log.exception("game %s stopped", self.id)
            self.error = f"the game stopped: {type(e).__name__}: {e}"
            self.thinking = set()
            await self.save_and_broadcast()

    async def ask(self, seat: int, number: int) -> str | None:
        """The option id `seat`'s bot takes for its decision `number` (a random one when it runs out of
        time or fails); None when that decision is no longer pending (while the bot runner waited,
        another task — a time-out deciding for a person, with the instant bots after it — moved the
        game on). The thinking itself is the hub's (`Hub.think`, in a worker process)."""
        if self.state.is_over() or seat not in self.pending() or self.taken[seat] != number:
            return None
        bot = self.bots[seat]
        if bot.instant:  # answers at once without a view: no worker
            index = ask_bot(bot, self.state, seat=seat)
            return self.state.decision(seat).id_at(index)
        ids = self.state.decision(seat).option_ids
        if len(ids) == 1:  # nothing to think about: no worker (the bot is seeded per decision, so nothing is skipped)
            return ids[0]
        if self.hub.closing:
            raise asyncio.CancelledError
        try:
            index = await self.hub.think(self, seat, number, len(ids))
            if not (isinstance(index, int) and 0 <= index < len(ids)):
                raise ValueError(f"bot returned {index!r}")
        except TimeoutError:
            self.note(f"{self.seat_names[seat]} ({self.kinds[seat]}) ran out of thinking time: a random option is taken", seat)
            index = random.randrange(len(ids))
        except Exception as e:
            if self.hub.closing:  # the pool is shut down: the server is stopping, not the bot failing
                raise asyncio.CancelledError from None
            log.warning("bot of seat %s in game %s failed: %s", seat, self.id, e)
            self.note(
                f"{self.seat_names[seat]}'s bot failed ({getattr(e, 'kind', type(e).__name__)}): a random option is taken", seat
            )
            index = random.randrange(len(ids))
        return ids[index]

    def stop(self) -> asyncio.Task | None:
        """Cancel the bot runner and the time-out (the server is stopping); the runner, to wait for."""
        if self.clock.handle is not None:
            self.clock.handle.cancel()
        if self.bot_task is not None:
            self.bot_task.cancel()
        return self.bot_task

    # -------------------------------------------------------- clock and talk
    def follow_clock(self) -> None:
        """Start the round timer again when someone new is to decide, and (time limit) schedule the
        moment their time runs out."""
        clock = self.clock
        over = self.state.is_over() or self.error is not None
        deciding = frozenset() if over else frozenset(s for s in self.pending() if self.kinds[s] == HUMAN)
        if not clock.follow(deciding) and (clock.handle is not None or not deciding):
            return
        if clock.handle is not None:
            clock.handle.cancel()
            clock.handle = None
        if clock.limit is not None and deciding and not self.hub.closing:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:  # set-up code off the event loop: the next payload schedules it
                return
            started = clock.started
            clock.handle = loop.call_later(
                clock.limit - (time.monotonic() - started), lambda: asyncio.ensure_future(self.time_out(started))
            )

    async def time_out(self, started: float) -> None:
        """The time limit ran out for the people deciding since `started`: the server decides for them,
        as the game chooses for a seat out of time, until they have nothing pending."""
        clock = self.clock
        clock.handle = None
        game = self.game
        rng = random.Random()
        async with self.lock:
            if clock.started != started or self.hub.closing:
                return  # someone new is deciding: their clock is another one
            for seat in sorted(clock.seats):
                if seat not in self.pending():
                    continue
                self.note(f"{self.seat_names[seat]} ran out of time ({clock.limit} s): the server decides for them.")
                for _ in range(MAX_TIMEOUT_MOVES):
                    if self.state.is_over() or self.error or seat not in self.pending():
                        break
                    d = self.state.decision(seat)
                    self.apply(seat, None, auto=True, persist=True, index=game.timeout_choice(self.state, d, rng))
                    self.take_forced()
                # what the server chose for them is not theirs to take back, nor what came before
                self.windows.close(seat, TIMED_OUT)
            self.play_instant_bots()
            await self.save()
        await self.broadcast()
        self.kick()

    async def say(self, seat: int, text: str) -> dict:
        """`seat` says `text` to the table: checked (ChatError), stored, sent to every connection."""
        line = new_line(seat, text)
        self.chat_rate.check(seat)
        k = len(self.chat)
        self.chat.append(line)
        hub = self.hub
        await asyncio.get_running_loop().run_in_executor(hub.db_pool, functools.partial(hub.store.add_chat, self.id, k, line))
        said = line_json(k, line, self.seat_names)
        text_sent = to_text({"type": "chat", "line": said})  # one encoding for every connection
        for conn in list(self.conns):
            if not await self.send_text(conn, text_sent):
                self.detach(conn)
        return said

    # -------------------------------------------------------------- payloads
    def decisions_seen(self, seat: int | None) -> int:
        """The decisions `seat` (None: anyone) may count: the public ones and its own private steps
        (every one once the game is over)."""
        if self.state.is_over():
            return self.state.decisions_made
        return self.public_made + (self.private_made[seat] if seat is not None else 0)

    def meta(self, seat: int | None = None) -> dict:
        """The game's description as `seat` (None: anyone) may read it."""
        game = self.game
        return {
            "id": self.id,
            "game": self.stored.game,
            "title": game.title,
            "seats": self.stored.seats,
            "kinds": self.kinds,
            "seat_names": self.seat_names,
            "hotseat": self.stored.hotseat,
            "status": self.stored.status,
            "decisions": self.decisions_seen(seat),
            "deciding": self.deciding(),
            "pending": list(self.pending()),
            "commitment": self.stored.commitment,
            "practice": self.stored.practice,
            "spectators": self.stored.spectators,
            "created": self.stored.created.isoformat(),
            "options": self.stored.options,
            "card_set": self.card_set,
        }

    def shown_seat(self, conn: Conn) -> int | None:
        """The seat whose view a connection gets (a hot-seat table follows the deciding human)."""
        if conn.table:
            seat = self.table_seat()
            if seat is not None:
                conn.seat = seat
            elif conn.seat is None:
                conn.seat = self.human_seats()[0]
        return conn.seat

    def table_seat(self) -> int | None:
        """The human seat a hot-seat table plays now: the first pending human seat (None if none)."""
        return next((s for s in self.pending() if self.kinds[s] == HUMAN), None)

    def log_for(self, seat: int | None, tail: int) -> list[dict]:
        """The last `tail` log entries `seat` (None: a spectator) reads, numbered ("k") in its own numbering."""
        seen = self.seen[self.stored.seats if seat is None else seat]
        first = max(0, len(seen) - tail)
        log_ = self.log
        out = []
        for k in range(first, len(seen)):
            e = log_[seen[k]]
            out.append({"k": k, "i": e["i"], "seat": e["seat"], "text": entry_text(e, seat), "mine": e["seat"] == seat})
        return out

    def payload(self, seat: int | None, table: bool = False, log_tail: int = LOG_TAIL) -> dict:
        """What `seat` (None: a spectator) may see: its view, its own pending decision with its
        number and options, which seats are deciding, the log as it may read it."""
        self.follow_clock()  # cheap when nothing changed; a game just opened or reloaded starts here
        state = self.state
        decision = None
        pending = self.pending()
        if seat is not None and seat in pending:
            d = state.decision(seat)
            decision = {
                "seat": seat,
                "kind": d.kind,
                "number": self.taken[seat],
                "prompt": d.prompt,
                "simultaneous": d.lane,
                "options": [option_json(o) for o in d.options],
            }
            if self.kinds[seat] == HUMAN:  # what cannot be taken back, said before the click
                for index, reason in self.final_warnings(seat).items():
                    decision["options"][index]["final"] = reason.final
            if unavailable := d.unavailable:
                decision["unavailable"] = unavailable
        elif pending and not state.in_lanes():  # whose turn it is and the question are public
            d = state.decision()
            decision = {"seat": d.seat, "kind": d.kind}
        return {
            "type": "state",
            "meta": self.meta(seat),
            "you": seat,
            "table": table,
            "view": state.view(seat),
            "decision": decision,
            "pending": list(pending),
            "simultaneous": state.in_lanes(),
            "thinking": sorted(self.thinking),
            "log": self.log_for(seat, log_tail),
            "log_size": len(self.seen[self.stored.seats if seat is None else seat]),
            "undo": self.take_back_info(seat, table),
            "error": self.error,
            "result": state.result().to_json() if state.is_over() else None,
            "chat": [
                line_json(k, line, self.seat_names)
                for k, line in enumerate(self.chat[-CHAT_TAIL:], max(0, len(self.chat) - CHAT_TAIL))
            ],
            "clock": self.clock.to_json(),
            "log_hash": self.shown_log_hash,
        }

    def full_state(self, conn: Conn) -> str:
        """The whole state a connection gets on connecting or asking for a refresh (the last LOG_TAIL
        log entries), as text; notes what a broadcast would have sent it now, so that the next
        broadcast sends it a state only if that changes."""
        message = self.payload(self.shown_seat(conn), conn.table)
        text = to_text(message)
        conn.thinking = tuple(message["thinking"])
        message["log"] = message["log"][-LOG_UPDATE:]
        conn.last = to_text(message)
        return text

    @staticmethod
    async def send_text(conn: Conn, text: str) -> bool:
        try:
            await conn.ws.send_text(text)
            return True
        except Exception:
            return False

    async def broadcast(self) -> None:
        """Send each connection its state (the last LOG_UPDATE log entries) if it changed since the
        last one it was sent: built and encoded once per distinct view (seat, hot-seat table), the
        same text sent to every connection of that view."""
        self.follow_clock()
        texts: dict[tuple[int | None, bool], str] = {}
        dead = []
        for conn in list(self.conns):
            seat = self.shown_seat(conn)
            key = (seat, conn.table)
            text = texts.get(key)
            if text is None:
                text = texts[key] = to_text(self.payload(seat, conn.table, LOG_UPDATE))
            if text == conn.last:
                continue  # nothing it may see changed (a rival's private step): nothing is sent
            conn.last, conn.thinking = text, tuple(sorted(self.thinking))
            if not await self.send_text(conn, text):
                dead.append(conn)
        for conn in dead:
            self.detach(conn)

    async def send_thinking(self) -> None:
        """Tell the connections which bots think now, those not told so already: a bot taking private
        steps one after another is announced once, not once a step."""
        seats = tuple(sorted(self.thinking))
        text = to_text({"type": "thinking", "seats": list(seats)})
        for conn in list(self.conns):
            if conn.thinking != seats:
                conn.thinking = seats
                await self.send_text(conn, text)

    def attach(self, ws, seat: int | None, table: bool, client: str | None = None) -> Conn:
        conn = Conn(ws, seat, table, client)
        self.conns.append(conn)
        return conn

    def detach(self, conn: Conn) -> None:
        if conn in self.conns:
            self.conns.remove(conn)
            self.hub.disconnected(conn)

    def public_log(self) -> list[dict]:
        return [{"i": e["i"], "seat": e["seat"], "text": entry_text(e, None, everything=True)} for e in self.log]
