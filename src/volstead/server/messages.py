"""Request bodies and WebSocket messages, as pydantic models with size limits.

A body that does not fit gets a 400 naming the first bad field (app.py, `validation_message`),
a WebSocket message a `MalformedMessage` error; neither echoes large input back.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, TypeAdapter, ValidationError

from volstead.engine.contract import SEED_LIMIT, describe_validation_error

from .clock import MAX_LIMIT, MIN_LIMIT

OptionId = Annotated[StrictStr, Field(max_length=200)]
Token = Annotated[StrictStr, Field(max_length=100)]
DecisionNumber = Annotated[
    StrictInt, Field(ge=0, description="The number of the decision this answers (the state's decision.number).")
]


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CreateGame(Body):
    game: Annotated[StrictStr, Field(max_length=60)] | None = None
    seats: Annotated[list[Annotated[StrictStr, Field(max_length=40)]], Field(min_length=1, max_length=8)] = Field(
        default_factory=lambda: ["human", "random"]
    )
    options: dict[str, Any] = Field(default_factory=dict)
    seed: Annotated[StrictInt, Field(ge=0, lt=SEED_LIMIT)] | None = None  # given: a practice game (the engine's range)
    hotseat: StrictBool = False
    time_limit: (
        Annotated[
            StrictInt,
            Field(
                ge=MIN_LIMIT,
                le=MAX_LIMIT,
                description=(
                    "Seconds a turn or a simultaneous phase may take; when they run out the server decides for the "
                    "people still deciding (none: no limit)."
                ),
            ),
        ]
        | None
    ) = None
    spectators: StrictBool = Field(
        True, description="Whether the spectator link (no token) opens the game; false: only seat links do."
    )
    card_set: Annotated[StrictStr, Field(max_length=16)] | None = Field(
        None, description="A card set saved in the designer's workbench (its id) to play with; none: the built-in set."
    )


class Decide(Body):
    token: Token | None = None
    option: OptionId
    decision: DecisionNumber


TakeBackNumber = Annotated[
    StrictInt,
    Field(ge=0, description="The number of the decision to take back (the state's undo.number)."),
]


class Undo(Body):
    token: Token | None = None
    decision: TakeBackNumber


ChatText = Annotated[StrictStr, Field(max_length=2000)]  # cleaned and checked to MAX_CHARS by chat.py


class Say(Body):
    token: Token | None = None
    text: ChatText


class WsDecide(Body):
    type: Literal["decide"]
    option: OptionId
    decision: DecisionNumber


class WsUndo(Body):
    type: Literal["undo"]
    decision: TakeBackNumber


class WsPing(Body):
    type: Literal["ping"]


class WsRefresh(Body):
    type: Literal["refresh"]


class WsSay(Body):
    type: Literal["chat"]
    text: ChatText


WsMessage = Annotated[WsDecide | WsUndo | WsPing | WsRefresh | WsSay, Field(discriminator="type")]
WS_MESSAGE = TypeAdapter(WsMessage)
WS_HELP = (
    'a message is {"type": "decide", "option": "<option id>", "decision": <its number>}, '
    '{"type": "undo", "decision": <its number>}, {"type": "chat", "text": "<what you say>"}, {"type": "ping"} '
    'or {"type": "refresh"}'
)


class BadMessage(ValueError):
    """A body or message that does not fit its model (the message names the field)."""


def parse_ws(text: str) -> WsDecide | WsUndo | WsPing | WsRefresh | WsSay:
    try:
        return WS_MESSAGE.validate_json(text)
    except ValidationError as e:
        err = e.errors()[0]
        if err["type"] in ("json_invalid", "union_tag_invalid", "union_tag_not_found", "model_type"):
            raise BadMessage(WS_HELP) from None
        raise BadMessage(describe_validation_error(e, "field")) from None
