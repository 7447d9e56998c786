"""The 考级定段 ladder in the server's database: the one place its rows are read and written.

The web server (``majiang.web.ranks``: rated tables, the leaderboard, the table's rank badges) and the
command line (``majiang ladder ... --db``: a club reading its server's ladder, entering a competition's
placings) both go through these functions, inside the store's transactions (``Store.reading`` and
``Store.writing``). A player on the server's ladder is keyed ``account:ID`` or ``bot:NAME``; a ruleset's
ladder rules are the setting ``ladder_rules:RULES`` (``LadderRules.to_dict``'s JSON), else the defaults.

>>> from majiang.web.store import Store
>>> store = Store(":memory:")
>>> with store.writing() as db:
...     set_ladder_rules(db, "mcr", LadderRules(demotion=False))
>>> with store.reading() as db:
...     ladder_rules(db, "mcr").demotion, read_entries(db, "mcr", ["bot:random"])
(False, {})
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from majiang.ladder import Ladder, LadderEntry, LadderRules, RankChange, bot_player
from majiang.web.store import Store, accounts_t, ladder_t, settings_t

__all__ = ["LadderPlayer", "board_rows", "entry_of", "find_player", "ladder_rules", "read_entries",
           "record_competition", "set_ladder_rules", "write_entry"]


@dataclass(frozen=True, slots=True)
class LadderPlayer:
    """A player of the server's ladder: its key (``account:ID`` or ``bot:NAME``), the name shown (the
    account's name as written, or ``bot:NAME``), and the account or bot it is."""

    key: str
    name: str
    account: int | None
    bot: str | None


def _rules_key(rules: str) -> str:
    return f"ladder_rules:{rules}"


def ladder_rules(db: sa.Connection, rules: str) -> LadderRules:
    """The ladder rules of ruleset ``rules``: a club's own (the setting) or the defaults."""
    key = _rules_key(rules)
    text = db.execute(sa.select(settings_t.c.value).where(settings_t.c.key == key)).scalar()
    return LadderRules() if text is None else LadderRules.from_dict(json.loads(text), key)


def set_ladder_rules(db: sa.Connection, rules: str, chosen: LadderRules) -> None:
    """Keep ``chosen`` as ruleset ``rules``'s ladder rules (grades already earned stay)."""
    key = _rules_key(rules)
    db.execute(sa.delete(settings_t).where(settings_t.c.key == key))
    db.execute(sa.insert(settings_t).values(key=key, value=json.dumps(chosen.to_dict(), sort_keys=True)))


def entry_of(row: Any) -> LadderEntry:
    """The ``LadderEntry`` of a ``ladder`` row; LadderError naming the row if a field is wrong."""
    data = {"points": row.points, "grade": row.grade, "pro_dan": row.pro_dan, "mu": row.mu,
            "sigma": row.sigma, "games": row.games, "places": json.loads(row.places)}
    return LadderEntry.from_dict(data, f"ladder {row.rules} {row.player}")


def read_entries(db: sa.Connection, rules: str, keys: Sequence[str], *,
                 for_update: bool = False) -> dict[str, LadderEntry]:
    """The stored entries of ``keys`` under ``rules`` (a key without a row is absent). ``for_update``
    locks the rows until the transaction ends (PostgreSQL; SQLite's writing transaction locks the whole
    database), so two writers cannot both read an entry and each write back their own change of it."""
    query = sa.select(ladder_t).where(ladder_t.c.rules == rules, ladder_t.c.player.in_(list(keys)))
    if for_update:
        query = query.with_for_update()
    return {row.player: entry_of(row) for row in db.execute(query)}


def write_entry(db: sa.Connection, rules: str, player: LadderPlayer, entry: LadderEntry, *,
                new: bool) -> None:
    """Store ``player``'s entry under ``rules`` (``new``: it has no row yet)."""
    values = {"points": entry.points, "grade": entry.grade.index, "pro_dan": entry.pro_dan, "mu": entry.mu,
              "sigma": entry.sigma, "games": entry.games, "places": json.dumps(entry.places)}
    if new:
        db.execute(sa.insert(ladder_t).values(rules=rules, player=player.key, account=player.account,
                                              bot=player.bot, **values))
    else:
        db.execute(sa.update(ladder_t).where(ladder_t.c.rules == rules, ladder_t.c.player == player.key)
                   .values(**values))


def board_rows(db: sa.Connection, rules: str) -> list[tuple[LadderPlayer, LadderEntry]]:
    """Every entry of ruleset ``rules``, in the leaderboard's order (``Ladder.board``)."""
    a = accounts_t.c
    rows = db.execute(sa.select(ladder_t, a.name.label("account_name"))
                      .join_from(ladder_t, accounts_t, ladder_t.c.account == a.id, isouter=True)
                      .where(ladder_t.c.rules == rules)).all()
    ladder = Ladder()
    ladder.entries[rules] = {row.player: entry_of(row) for row in rows}
    who = {row.player: LadderPlayer(row.player, row.account_name if row.bot is None else bot_player(row.bot),
                                    row.account, row.bot) for row in rows}
    return [(who[key], entry) for key, entry in ladder.board(rules)]


def find_player(store: Store, name: str, bots: Sequence[str]) -> LadderPlayer | str:
    """The ladder's player called ``name`` (an account's name, compared as log-in compares it, or
    ``bot:NAME`` of the rated pool ``bots``), or why there is none."""
    if name.startswith("bot:"):
        bot = name[4:]
        if bot not in bots:
            return f"no bot {bot[:40]!r} in the rated pool; its bots are {', '.join(bots)}"
        return LadderPlayer(bot_player(bot), bot_player(bot), None, bot)
    from majiang.web.accounts import name_key

    account = store.account_named(name_key(name[:80]))
    if account is None:
        return f"no player {name[:40]!r} (an account's name, or bot:NAME)"
    return LadderPlayer(f"account:{account.id}", account.name, account.id, None)


def record_competition(db: sa.Connection, rules: str, players: Sequence[LadderPlayer], places: Sequence[int],
                       entrants: int) -> list[RankChange]:
    """Book a competition's placings (``players`` in order of ``places``, 1st first, out of ``entrants``)
    on the server's ladder: the professional 段 they earn (``Ladder.record_competition``), each change named
    by the player's shown name."""
    found = read_entries(db, rules, [p.key for p in players], for_update=True)
    ladder = Ladder()
    ladder.set_rules(rules, ladder_rules(db, rules))
    ladder.entries[rules] = dict(found)
    by_key = {p.key: p for p in players}
    changes = ladder.record_competition(rules, [p.key for p in players], places, entrants)
    out = []
    for change in changes:
        player = by_key[change.player]
        write_entry(db, rules, player, ladder.entry(rules, player.key), new=player.key not in found)
        out.append(RankChange(change.rules, player.name, change.before, change.after, change.promoted,
                              change.points, change.professional))
    return out
