"""A ruleset's options: their schema (``OptionSpec``, what a form or a help page shows) and reading them
from ``key=value`` texts or a mapping (``with_options``). A ruleset's fields are its options; these
functions serve every ruleset alike (``Ruleset.with_options``, ``Ruleset.option_schema``).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, Self

from majiang.errors import InvalidOptionError
from majiang.rules.bounds import Bounds, check_bound

__all__ = ["OptionSpec", "ScoringOptions", "option_schema", "optional", "with_options"]


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a ruleset as a form or a help page shows it (``Ruleset.option_schema``).

    ``kind`` is ``bool``, ``int``, ``choice`` (one of ``choices``, the texts ``key=value`` takes) or
    ``text``; ``optional`` says ``none`` is also allowed; ``minimum``, ``maximum`` and ``step`` bound an
    integer where the ruleset's own check does. The ruleset's parser (``with_options``) stays the judge.
    """

    name: str
    kind: str
    default: Any
    choices: tuple[str, ...] = ()
    optional: bool = False
    minimum: int | None = None
    maximum: int | None = None
    step: int | None = None
    help: str = ""

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return {"name": self.name, "kind": self.kind, "default": self.default, "choices": list(self.choices),
                "optional": self.optional, "minimum": self.minimum, "maximum": self.maximum,
                "step": self.step, "help": self.help}


class ScoringOptions:
    """What a regional ruleset's scoring options (a frozen dataclass of fields) share: checked when made
    against ``option_choices`` (the texts a field takes), ``option_bounds`` and their bool fields, changed
    by name (``replace``) or from ``key=value`` text (``parse``), and given as plain data (``to_dict``)."""

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, Any]]  # (what a dataclass has: the subclass is one)
    option_choices: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    option_bounds: ClassVar[Mapping[str, Bounds]] = {}

    def __post_init__(self) -> None:
        for name, values in self.option_choices.items():
            value = getattr(self, name)
            if value not in values:
                raise InvalidOptionError(f"{name} must be one of {', '.join(map(repr, values))}, "
                                         f"not {value!r}")
        for name, bounds in self.option_bounds.items():
            check_bound(name, getattr(self, name), bounds)
        for f in dataclasses.fields(self):
            if isinstance(f.default, bool) and not isinstance(getattr(self, f.name), bool):
                raise InvalidOptionError(f"{f.name} must be True or False, not {getattr(self, f.name)!r}")

    def replace(self, **changes: Any) -> Self:
        """A copy with some fields changed; an unknown field raises ``InvalidOptionError``."""
        names = [f.name for f in dataclasses.fields(self)]
        unknown = sorted(set(changes) - set(names))
        if unknown:
            raise InvalidOptionError(f"no option {unknown[0]!r}; options are {', '.join(names)}")
        return dataclasses.replace(self, **changes)

    def parse(self, text: str) -> Self:
        """A copy with one ``key=value`` option read from text (the command line's ``--option``): a bool as
        true/false, an integer in ASCII digits, anything else as the text."""
        names = [f.name for f in dataclasses.fields(self)]
        key, sep, raw = text.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or key not in names:
            raise InvalidOptionError(f"an option is key=value with key one of {', '.join(names)}, "
                                     f"not {text!r}")
        raw = raw.strip()
        value: object = raw
        if isinstance(getattr(self, key), bool):
            value = _convert(key, raw, bool)
        elif key in self.option_bounds:
            # ASCII digits only: int() would also read " 3", "+3" and other scripts' digits.
            value = int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 9 else raw
        return self.replace(**{key: value})

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return dataclasses.asdict(self)


_HINTS: dict[type, dict[str, Any]] = {}


def option_hints(cls: type) -> dict[str, Any]:
    """The resolved type of each option of the ruleset class ``cls`` (``typing.get_type_hints``, read once
    per class: it evaluates every annotation anew on each call, and records read them per hand). Not to be
    changed by the caller."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


def with_options(rules: Any, options: Mapping[str, Any] | Iterable[str]) -> Any:
    """A copy of the ruleset ``rules`` with ``options`` changed (a mapping, or ``key=value`` texts)."""
    known = {f.name: f for f in dataclasses.fields(rules) if f.name != "name"}
    changes: dict[str, Any] = {}
    items = options.items() if isinstance(options, Mapping) else (_split(t) for t in options)
    hints = option_hints(type(rules))
    for key, raw in items:
        key = key.replace("-", "_")
        if key not in known:
            raise InvalidOptionError(f"unknown option {key!r} for ruleset {rules.name!r}; the options are "
                                     f"{', '.join(known) or 'none'}")
        changes[key] = _convert(key, raw, hints[key]) if isinstance(raw, str) else raw
    try:
        return dataclasses.replace(rules, **changes)
    except (TypeError, ValueError) as err:
        if isinstance(err, InvalidOptionError):
            raise
        raise InvalidOptionError(f"bad options for ruleset {rules.name!r}: {err}") from None


def option_schema(rules: Any, meanings: Mapping[str, str]) -> list[OptionSpec]:
    """Every option of the ruleset ``rules``: its kind, default (its value), choices or bounds and meaning
    (``meanings``)."""
    hints = option_hints(type(rules))
    values = rules.options()
    out = []
    for f in dataclasses.fields(rules):
        if f.name == "name":
            continue
        hint = hints[f.name]
        args = typing.get_args(hint) if typing.get_origin(hint) in (typing.Union, types.UnionType) \
            else (hint,)
        enums = [a for a in args if isinstance(a, type) and issubclass(a, Enum)]
        choices = tuple(rules.option_choices.get(f.name, ()))
        if enums and not choices:
            choices = tuple(str(m.value) for e in enums for m in e)
        low, high, step = rules.option_bounds.get(f.name, (None, None, None))
        if choices:
            kind = "choice"
        elif bool in args:
            kind = "bool"
        elif int in args:
            kind = "int"
        else:
            kind = "text"
        out.append(OptionSpec(f.name, kind, values[f.name], choices, type(None) in args, low, high, step,
                              meanings.get(f.name, "")))
    return out


def optional(cls: type, key: str) -> bool:
    """Whether the option ``key`` of the ruleset class ``cls`` may be None."""
    hint = option_hints(cls)[key]
    return typing.get_origin(hint) in (typing.Union, types.UnionType) and type(None) in typing.get_args(hint)


def _split(text: str) -> tuple[str, str]:
    key, sep, raw = text.partition("=")
    if not sep or not key:
        raise InvalidOptionError(f"an option is key=value, not {text!r}")
    return key.strip(), raw.strip()


def _convert(key: str, raw: str, hint: Any) -> Any:
    """A ``key=value`` text as the option's type (bool, int, str, enum, or None where allowed)."""
    args = typing.get_args(hint) if typing.get_origin(hint) in (typing.Union, types.UnionType) else (hint,)
    if type(None) in args and raw.lower() == "none":
        return None
    for kind in args:
        if kind is bool:
            if raw.lower() in ("true", "yes", "on", "1"):
                return True
            if raw.lower() in ("false", "no", "off", "0"):
                return False
            raise InvalidOptionError(f"{key} must be true or false, not {raw!r}")
        if kind is int:
            try:
                return int(raw)
            except ValueError:
                raise InvalidOptionError(f"{key} must be an integer, not {raw!r}") from None
    return raw  # strings and enums: the ruleset's own checks turn them into values or refuse them
