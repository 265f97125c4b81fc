"""Game options of Scarface 1920 (frozen; one field per rule variant)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from volstead.engine.errors import VolsteadError

VARIANTS = ("published", "rulebook-wip")


@dataclass(frozen=True)
class Options:
    # "published" (default): the published edition (rules summary + how-to-play).
    # "rulebook-wip": the work-in-progress rulebook's numbers: $2 per business on
    # Reorganize, $5 per business and $1 per Associate star at the end, 8 gang
    # cards with 2 Right-hands.
    variant: str = "published"
    # Job draft (rulebook "Other modes"): deal 4 Jobs, keep 1 and pass 3 left,
    # until 4 are kept; return 1 to the bottom of the deck.
    job_draft: bool = False
    # Gang per seat by id; empty = dealt at random from the seed.
    gangs: tuple[str, ...] = field(default_factory=tuple)
    # A folder with another card set (the same 8 data files); empty = the embedded set.
    # For designers comparing card-set versions (`volstead sim --compare`).
    cards: str = ""
    # Solo mode: one player against the Enforcer automa (rulebook "Solo mode").
    solo: bool = False

    def __post_init__(self):
        if self.variant not in VARIANTS:
            raise VolsteadError(f"unknown variant {self.variant!r}; choose one of {', '.join(VARIANTS)}")
        if not isinstance(self.job_draft, bool):
            raise VolsteadError("job_draft must be true or false")
        if not isinstance(self.solo, bool):
            raise VolsteadError("solo must be true or false")
        if not isinstance(self.cards, str):
            raise VolsteadError("cards must be a folder path (a string)")
        object.__setattr__(self, "gangs", tuple(self.gangs))

    def to_json(self) -> dict:
        d = asdict(self)
        d["gangs"] = list(self.gangs)
        return d

    @classmethod
    def from_json(cls, data: dict) -> Options:
        if not isinstance(data, dict):
            raise VolsteadError("options must be a JSON object")
        unknown = set(data) - {"variant", "job_draft", "gangs", "cards", "solo"}
        if unknown:
            raise VolsteadError(f"unknown option(s): {', '.join(sorted(unknown))}")
        return cls(**{**data, "gangs": tuple(data.get("gangs", ()))})
