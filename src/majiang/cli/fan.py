"""``majiang fan --rules R``: any registered ruleset's hand scored through its scorer hook.

The command's flags are the fields of the ruleset's win context (``Scorer.context_fields``): a field
``last_of_wall`` is ``--last-of-wall`` (``seat_wind`` and ``round_wind`` also ``--seat`` and ``--round``),
a ``bool`` field a bare flag, any other one a flag with a value. ``--option key=value`` sets the
ruleset's options (``--profile NAME`` is ``--option profile=NAME``), ``--self-drawn`` is
``--win self-drawn``. A flag the ruleset's context does not take is refused by name, with the rulesets
that take it. Nothing here knows a ruleset by name: a ruleset registered with a scorer is scored as is.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from majiang.cli.options import MAX_DIGITS
from majiang.errors import InvalidNotationError, InvalidOptionError
from majiang.game.ruleset import DEFAULT_RULESET, Ruleset, find_ruleset, ruleset_aliases, ruleset_names
from majiang.game.scoring import ContextField, Scored, Scorer
from majiang.hand import Hand
from majiang.mcr import parse_wind
from majiang.notation import parse_tiles
from majiang.tiles import Tile

__all__ = ["FLAG_NAMES", "FanRequest", "flag", "read_extra_flags", "refusal", "score", "scorer_for"]

FLAG_NAMES = {"seat_wind": "--seat", "round_wind": "--round"}
"""Fields whose flag has a shorter name than the field (both spellings are taken)."""

_SELF_DRAWN = "--self-drawn"


def flag(name: str) -> str:
    """The command-line flag of a context field or an option: ``last_of_wall`` is ``--last-of-wall``.

    >>> flag("last_of_wall"), flag("seat_wind")
    ('--last-of-wall', '--seat')
    """
    return FLAG_NAMES.get(name, "--" + name.replace("_", "-"))


def _field_of(text: str) -> str:
    """The field name a flag spells (``--seat-wind`` and ``--seat`` both ``seat_wind``)."""
    name = text.lstrip("-").replace("-", "_")
    return next((field for field, short in FLAG_NAMES.items() if short == text), name)


@dataclass(frozen=True, slots=True)
class FanRequest:
    """What ``majiang fan`` was asked, before any ruleset reads it: flags given as text, by field name."""

    rules: str | None
    options: tuple[str, ...] = ()
    profile: str | None = None
    self_drawn: bool = False
    values: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    """Each context flag given: True for a bare flag, its text, or a tuple of texts (repeatable)."""


def score(scorer: Scorer, hand: Hand | str, context: Any) -> Scored:
    """The scorer's score of ``hand`` won in ``context`` (one name the command calls for every ruleset,
    so a test can put a failing scorer in its place)."""
    return scorer.score(hand, context)


def scorer_for(request: FanRequest) -> tuple[Ruleset, Scorer, dict[str, Any]]:
    """The ruleset ``--rules`` names with its ``--option`` settings, its scorer and the context values
    (plain data by field name) of the flags given; InvalidOptionError for a flag or option it refuses."""
    rules = _find(request.rules)
    texts = list(request.options)
    if request.profile is not None:
        texts.append(_profile(rules, request.profile))
    for text in texts:
        _check_option(rules, text)
    if texts:
        rules = rules.with_options(texts)
    scorer = rules.scorer()
    fields = {f.name: f for f in scorer.context_fields()}
    wrong = [flag(name) for name in request.values if name not in fields]
    win = fields.get("win")
    if request.self_drawn and (win is None or "self-drawn" not in win.choices):
        wrong.insert(0, _SELF_DRAWN)
    if wrong:
        raise InvalidOptionError(refusal(wrong, rules.name))
    values = {name: _from_text(fields[name], raw) for name, raw in request.values.items()}
    if request.self_drawn:
        if values.get("win", "self-drawn") != "self-drawn":
            raise InvalidOptionError(f"--self-drawn is short for --win self-drawn; it contradicts --win "
                                     f"{values['win']}")
        values["win"] = "self-drawn"
    return rules, scorer, values


def refusal(flags: Sequence[str], rules: str) -> str:
    """Why flags the ruleset ``rules`` does not take are refused, and which rulesets take them.

    >>> print(refusal(["--flowers"], "riichi"))  # doctest: +ELLIPSIS
    --flowers do not go with --rules riichi; --flowers only go with --rules mcr...
    """
    out = f"{', '.join(flags)} do not go with --rules {rules}"
    takers: dict[tuple[str, ...], list[str]] = {}
    for text in flags:
        takers.setdefault(tuple(_takers(text)), []).append(text)
    for names, group in takers.items():
        if names:
            out += f"; {', '.join(group)} only go with --rules {' or '.join(names)}"
    return out


def _takers(text: str) -> list[str]:
    """The registered rulesets whose default scorer takes the flag ``text``."""
    out = []
    for name in ruleset_names():
        rules = find_ruleset(name)
        if text == "--profile":
            if "profile" in _option_names(rules):
                out.append(name)
            continue
        try:
            fields = {f.name: f for f in rules.scorer().context_fields()}
        except InvalidOptionError:
            continue  # no scorer
        if text == _SELF_DRAWN:
            if "win" in fields and "self-drawn" in fields["win"].choices:
                out.append(name)
        elif _field_of(text) in fields:
            out.append(name)
    return out


def _find(name: str | None) -> Ruleset:
    try:
        return find_ruleset(DEFAULT_RULESET if name is None else name)
    except InvalidOptionError:
        names = ruleset_names()
        aliases = [a for n in names for a in ruleset_aliases(n)]
        raise InvalidOptionError(f"--rules must be one of {', '.join(names)} (or an alias: "
                                 f"{', '.join(aliases)}), not {name!r}") from None


def _option_names(rules: Ruleset) -> list[str]:
    return [f.name for f in dataclasses.fields(rules) if f.name != "name"]


def _check_option(rules: Ruleset, text: str) -> None:
    """Refuse an ``--option`` whose key the ruleset has no option of (its value is the ruleset's to check)."""
    key, sep, _ = text.partition("=")
    key = key.strip().replace("-", "_")
    names = _option_names(rules)
    if sep and key and key not in names:
        raise InvalidOptionError(f"no {rules.name} option {key!r}; --option only go with key=value where key "
                                 f"is one of {', '.join(names) or 'none'}")


def _profile(rules: Ruleset, value: str) -> str:
    """``--profile NAME`` as the option text ``profile=NAME``, for a ruleset that has that option."""
    if "profile" not in _option_names(rules):
        raise InvalidOptionError(refusal(["--profile"], rules.name))
    choices = rules.option_choices.get("profile")
    if choices is not None and value not in choices:
        raise InvalidOptionError(f"unknown profile {value!r}; choose one of {', '.join(choices)}")
    return f"profile={value}"


def _from_text(field: ContextField, raw: Any) -> Any:
    """A flag's text as the plain data the scorer reads, refused in the flag's name when it is unreadable.

    Ranges and the rules' own checks are the scorer's (``make_context``), in the field's name.
    """
    name = flag(field.name)
    if field.kind == "bool":
        if raw is True:
            return True
        if str(raw).lower() in ("true", "yes", "on", "1", "false", "no", "off", "0"):
            return str(raw).lower() in ("true", "yes", "on", "1")
        raise InvalidOptionError(f"{name} is a flag: give it alone, or as {name}=true or false, not {raw!r}")
    if field.kind == "tiles":
        tiles: list[Tile] = []
        for text in raw if isinstance(raw, tuple) else (raw,):
            try:
                tiles += parse_tiles(text.replace("0", "5"))  # a red five indicates as a five does
            except InvalidNotationError as exc:
                raise InvalidOptionError(f"{name}: {exc}") from None
        return tuple(tiles)
    text = raw[-1] if isinstance(raw, tuple) else raw
    if field.kind == "wind":
        return parse_wind(text, name)
    if field.kind == "int":
        if not (text.isascii() and text.isdigit()) or len(text) > MAX_DIGITS:
            shown = repr(text) if len(text) <= 40 else f"a text of {len(text)} characters"
            whole = field.minimum == 0 and field.maximum is None
            kind = "a whole number" if whole else f"an integer from {field.minimum} to {field.maximum}" \
                if field.minimum is not None and field.maximum is not None else "an integer"
            raise InvalidOptionError(f"{name} must be {kind}, not {shown}")
        return int(text)
    if text.strip() not in field.choices:
        raise InvalidOptionError(f"{name} must be one of {', '.join(field.choices)}, not {text!r}")
    return text.strip()


def read_extra_flags(args: Iterable[str]) -> tuple[list[str], dict[str, Any]]:
    """Split what the option parser left (the hand and flags it does not declare) into the positional
    arguments and ``--flag value`` pairs by field name, for a ruleset's own fields.

    A flag of a ``bool`` field of any registered scorer stands alone (``--flag=value`` gives a value
    anyway); every other flag takes the next argument. A flag no registered ruleset takes is refused
    as the option parser would.

    >>> read_extra_flags(["123m", "--honba", "2", "--riichi"])
    (['123m'], {'honba': '2', 'riichi': True})
    """
    kinds: dict[str, str] | None = None  # read once a flag comes up (the usual command has none here)
    positional: list[str] = []
    values: dict[str, Any] = {}
    items = iter(args)
    for text in items:
        if not text.startswith("-") or text == "-":
            positional.append(text)
            continue
        head, sep, tail = text.partition("=")
        name = _field_of(head)
        kinds = _known_fields() if kinds is None else kinds
        kind = kinds.get(name)
        if not head.startswith("--") or kind is None:
            raise InvalidOptionError(f"No such option: {head}")
        if sep:
            values[name] = tail
        elif kind == "bool":
            values[name] = True
        else:
            value = next(items, None)
            if value is None:
                raise InvalidOptionError(f"{head} needs a value")
            values[name] = (*values[name], value) if kind == "tiles" and name in values else \
                (value,) if kind == "tiles" else value
    return positional, values


def _known_fields() -> dict[str, str]:
    """The kind of every context field of every registered scorer, by name."""
    out: dict[str, str] = {}
    for name in ruleset_names():
        try:
            fields = find_ruleset(name).scorer().context_fields()
        except InvalidOptionError:
            continue
        for f in fields:
            out.setdefault(f.name, f.kind)
    return out
