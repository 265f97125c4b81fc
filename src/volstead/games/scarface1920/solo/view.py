"""What everyone sees of the Enforcer: his Plan, cubes, token, piles (deck order secret)."""

from __future__ import annotations


def enforcer_view(s) -> dict:
    sc = s.solo
    c = s.content
    ids = c.district_ids
    return {
        "district": ids[s.enf_district],
        "district_numbers": {ids[d]: n for d, n in enumerate(s.district_no)},
        "plan": [sc.cards[x].id for x in s.enf_plan],
        "cubes": [{"line": line + 1, "card": pos + 1} for line, pos in s.enf_cubes],
        "last_plan": [sc.cards[x].id for x in s.enf_last_plan],
        "last_cubes": [{"line": line + 1, "card": pos + 1} for line, pos in s.enf_last_cubes],
        "deck_count": len(s.enf_deck),
        "deck_b_count": len(s.enf_deck_b),
        "deck_c_count": len(s.enf_deck_c),
        "discard": [sc.cards[x].id for x in s.enf_discard],
        "jobs": [c.jobs[j].id for j in s.enf_jobs],
        "associates": [c.cards[x].id for x in s.enf_associates],
        "job_draft": [[c.jobs[j].id for j in pair] for pair in s.draft],
    }
