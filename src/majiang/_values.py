"""Frozen dataclasses and named tuples made without importing ``dataclasses`` or ``typing``.

``import dataclasses`` imports ``inspect`` (and with it ``ast``, ``dis``, ``tokenize``) and ``typing``
imports ``re``: together about half of ``import majiang.mcr``. The value types on that path are declared
as usual, but their modules take ``dataclass``, ``field`` and ``NamedTuple`` from here at run time and
from the standard library under ``TYPE_CHECKING``, so mypy checks them as the real thing::

    TYPE_CHECKING = False
    if TYPE_CHECKING:
        from dataclasses import dataclass, field
    else:
        from majiang._values import dataclass, field

What is made here behaves as the standard library's: ``__init__`` (with ``__post_init__``), ``repr``,
``==``, ``hash``, refusing assignment with ``dataclasses.FrozenInstanceError``, ``__match_args__``,
``__slots__`` and pickling; ``__dataclass_fields__`` is built by ``dataclasses`` itself when first read, so
``dataclasses.fields``, ``replace``, ``asdict`` and ``is_dataclass`` work on these classes (whoever calls
them has imported ``dataclasses`` already). Only the frozen form is made: the one the package uses.
"""

from __future__ import annotations

from collections import namedtuple
from operator import attrgetter

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

__all__ = ["NamedTuple", "dataclass", "field"]


class _Missing:
    """No default: the field must be given."""

    def __repr__(self) -> str:
        return "<no default>"


_MISSING: Any = _Missing()


class _Field:
    """What ``field()`` declares: a default and whether the field is in ``__init__``, repr and ``==``."""

    __slots__ = ("compare", "default", "init", "repr")

    def __init__(self, default: object, init: bool, repr: bool, compare: bool) -> None:
        self.default = default
        self.init = init
        self.repr = repr
        self.compare = compare


def field(*, default: Any = _MISSING, init: bool = True, repr: bool = True, compare: bool = True) -> Any:
    """A field's options, as ``dataclasses.field`` takes them (no factories: values are immutable)."""
    return _Field(default, init, repr, compare)


class _Twin:
    """A class attribute (``__dataclass_fields__``, ``__dataclass_params__``) that ``dataclasses`` makes.

    On first read a real dataclass with the same fields is made; its two attributes replace these.
    """

    def __init__(self, name: str, spec: list[tuple[str, str, _Field]]) -> None:
        self.name = name
        self.spec = spec
        self.owner: type | None = None

    def __get__(self, instance: object, owner: type) -> Any:
        import dataclasses

        cls = self.owner
        assert cls is not None, "set by _make"
        if isinstance(cls.__dict__["__dataclass_fields__"], _Twin):
            made = dataclasses.make_dataclass(cls.__name__, [
                (name, kind, dataclasses.field(
                    default=dataclasses.MISSING if f.default is _MISSING else f.default,
                    init=f.init, repr=f.repr, compare=f.compare))
                for name, kind, f in self.spec], frozen=True)
            type.__setattr__(cls, "__dataclass_fields__", made.__dataclass_fields__)  # type: ignore[attr-defined]
            type.__setattr__(cls, "__dataclass_params__", made.__dataclass_params__)  # type: ignore[attr-defined]
        return cls.__dict__[self.name]


def _frozen(name: str, verb: str) -> Exception:
    from dataclasses import FrozenInstanceError

    return FrozenInstanceError(f"cannot {verb} field {name!r}")


def dataclass(cls: type | None = None, /, *, frozen: bool = False, slots: bool = False) -> Any:
    """``dataclasses.dataclass(frozen=True[, slots=True])``, the only form made here."""
    if not frozen:
        raise TypeError("majiang._values.dataclass makes frozen classes only (frozen=True)")

    def wrap(cls: type) -> type:
        return _make(cls, slots)

    return wrap if cls is None else wrap(cls)


def _make(cls: type, slots: bool) -> type:
    own = cls.__dict__
    spec: list[tuple[str, str, _Field]] = []
    for name, kind in own.get("__annotations__", {}).items():
        if isinstance(kind, str) and kind.startswith(("ClassVar", "typing.ClassVar")):
            continue
        declared = own.get(name, _MISSING)
        if not isinstance(declared, _Field):
            declared = _Field(declared, True, True, True)
        spec.append((name, kind, declared))
    names = tuple(name for name, _, _ in spec)
    init = [(name, f.default) for name, _, f in spec if f.init]
    late = [(name, f.default) for name, _, f in spec if not f.init and f.default is not _MISSING]
    shown = tuple(name for name, _, f in spec if f.repr)
    compared = tuple(name for name, _, f in spec if f.compare)

    namespace = {key: value for key, value in own.items() if key not in names}
    namespace["__qualname__"] = cls.__qualname__
    for name, default in [*init, *late]:
        if default is not _MISSING and not slots:
            namespace[name] = default
    # The new class gets its own; the old class's would not apply to its instances.
    namespace.pop("__dict__", None)
    namespace.pop("__weakref__", None)
    if slots:
        namespace["__slots__"] = names
    made: type = type(cls)(cls.__name__, cls.__bases__, namespace)

    def put(name: str, value: object) -> None:
        if name not in own:
            type.__setattr__(made, name, value)

    put("__init__", _init(made, init, late, "__post_init__" in own))
    put("__repr__", _repr(made, shown))
    put("__eq__", _eq(compared))
    explicit_hash = own.get("__hash__", _MISSING)
    if explicit_hash is _MISSING or (explicit_hash is None and "__eq__" in own):
        type.__setattr__(made, "__hash__", _hash(compared))
    type.__setattr__(made, "__setattr__", _setattr(made, names))
    type.__setattr__(made, "__delattr__", _delattr(made, names))
    put("__match_args__", tuple(name for name, _ in init))
    if slots:
        put("__getstate__", _getstate(names))
        put("__setstate__", _setstate(names))
    twin_spec = [(name, kind if isinstance(kind, str) else repr(kind), f) for name, kind, f in spec]
    for attribute in ("__dataclass_fields__", "__dataclass_params__"):
        twin = _Twin(attribute, twin_spec)
        twin.owner = made
        type.__setattr__(made, attribute, twin)
    return made


def _init(cls: type, init: list[tuple[str, object]], late: list[tuple[str, object]],
          post_init: bool) -> Callable[..., None]:
    # Written out and compiled once, as dataclasses does: a generic (*args, **kwargs) binder would cost
    # every construction a few microseconds, and this keeps the signature and its TypeErrors exact.
    defaults = {f"_d_{name}": default for name, default in [*init, *late] if default is not _MISSING}
    params = ", ".join(name if default is _MISSING else f"{name}=_d_{name}" for name, default in init)
    body = [f"    _set(self, {name!r}, {name})" for name, _ in init]
    body += [f"    _set(self, {name!r}, _d_{name})" for name, _ in late]
    if post_init:
        body.append("    self.__post_init__()")
    source = f"def __init__(self{', ' if params else ''}{params}):\n" + ("\n".join(body) or "    pass") + "\n"
    scope: dict[str, Any] = {"_set": object.__setattr__, **defaults}
    exec(compile(source, f"<{cls.__qualname__}.__init__>", "exec"), scope)
    made: Callable[..., None] = scope["__init__"]
    made.__qualname__ = f"{cls.__qualname__}.__init__"
    made.__annotations__ = {name: cls.__annotations__[name] for name, _ in init} | {"return": None}
    return made


def _repr(cls: type, shown: tuple[str, ...]) -> Callable[[object], str]:
    def __repr__(self: object) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{type(self).__qualname__}({inner})"

    __repr__.__qualname__ = f"{cls.__qualname__}.__repr__"
    return __repr__


def _key(compared: tuple[str, ...]) -> Callable[[object], tuple[object, ...]]:
    """The tuple of compared fields that ``==`` and ``hash`` read, as a dataclass builds it."""
    if len(compared) > 1:
        return attrgetter(*compared)
    return lambda self: tuple(getattr(self, name) for name in compared)


def _eq(compared: tuple[str, ...]) -> Callable[[object, object], bool]:
    key = _key(compared)

    def __eq__(self: object, other: object) -> bool:
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented

    return __eq__


def _hash(compared: tuple[str, ...]) -> Callable[[object], int]:
    key = _key(compared)

    def __hash__(self: object) -> int:
        return hash(key(self))

    return __hash__


def _setattr(cls: type, names: tuple[str, ...]) -> Callable[[object, str, object], None]:
    def __setattr__(self: object, name: str, value: object) -> None:
        if type(self) is cls or name in names:
            raise _frozen(name, "assign to")
        object.__setattr__(self, name, value)  # a subclass's own attribute: no base of ours sets any

    return __setattr__


def _delattr(cls: type, names: tuple[str, ...]) -> Callable[[object, str], None]:
    def __delattr__(self: object, name: str) -> None:
        if type(self) is cls or name in names:
            raise _frozen(name, "delete")
        object.__delattr__(self, name)

    return __delattr__


def _getstate(names: tuple[str, ...]) -> Callable[[object], list[object]]:
    def __getstate__(self: object) -> list[object]:
        return [getattr(self, name) for name in names]

    return __getstate__


def _setstate(names: tuple[str, ...]) -> Callable[[object, list[object]], None]:
    def __setstate__(self: object, state: list[object]) -> None:
        for name, value in zip(names, state, strict=True):
            object.__setattr__(self, name, value)

    return __setstate__


class _NamedTupleMaker(type):
    """Makes ``class X(NamedTuple)`` a ``collections.namedtuple`` with the body's methods, as typing does."""

    def __new__(mcs, name: str, bases: tuple[type, ...], namespace: dict[str, Any]) -> Any:
        fields = list(namespace.get("__annotations__", {}))
        defaults = [namespace[f] for f in fields if f in namespace]
        if any(f not in namespace for f in fields[len(fields) - len(defaults):]):
            raise TypeError(f"{name}: a field without a default follows one with a default")
        made = namedtuple(name, fields, defaults=defaults, module=namespace["__module__"])  # type: ignore[misc]
        made.__annotations__ = dict(namespace.get("__annotations__", {}))
        for key, value in namespace.items():
            if key in _NAMED_TUPLE_OWN:
                raise AttributeError(f"Cannot overwrite NamedTuple attribute {key}")
            if key not in ("__module__", "__name__", "__annotations__") and key not in made._fields:
                setattr(made, key, value)
        return made


_NAMED_TUPLE_OWN = frozenset({"__new__", "__init__", "__slots__", "__getnewargs__", "_fields",
                              "_field_defaults", "_make", "_replace", "_asdict", "_source"})


def NamedTuple(name: str, fields: object = None, /) -> Any:
    """``typing.NamedTuple`` in its class form, the only one used here."""
    raise TypeError("majiang._values.NamedTuple is for the class form: class X(NamedTuple): ...")


_BASE = type.__new__(_NamedTupleMaker, "NamedTuple", (), {})
NamedTuple.__mro_entries__ = lambda bases: (_BASE,)  # type: ignore[attr-defined]
