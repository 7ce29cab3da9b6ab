"""`evolve(value, **changes)`: a frozen dataclass with some fields changed, fast.

`dataclasses.replace` looks the fields up and calls `__init__` every time; the
kit changes a game's flow several times per move, so it copies the fields
directly instead (no `__post_init__` is run: use it for values whose
invariants the caller keeps, as the kit does for `Flow` and states).

The copy is made by a copier built once per class: a dataclass with slots gets
a function that sets every slot through its descriptor, one without slots has
its instance dict copied whole (`dict.copy`, then set as the new instance's dict:
several times quicker than filling the empty dict a new instance starts with). A name
that is not a field is a TypeError, as with `dataclasses.replace`. `replacer(cls, name)`
makes the copier of one field, for a field that changes at nearly every step.

`@interned` declares a move (or any small frozen value made again and again) as a
frozen dataclass with slots whose equal values are one object: `Step("B1", "B3")`
listed in a thousand positions is made once and then looked up, a dict lookup
where a frozen dataclass's `__init__` sets every field through `object.__setattr__`
(several times quicker; a listing of moves is mostly making them).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import lru_cache
from typing import Any, TypeVar

T = TypeVar("T")

_FIELDS: dict[type, tuple[str, ...]] = {}
_COPIERS: dict[type, Callable[[Any, dict], Any]] = {}


def _names(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def _unknown(cls: type, changes: dict, names: frozenset) -> TypeError:
    bad = ", ".join(sorted(set(changes) - names))
    return TypeError(f"{cls.__name__} has no field {bad}")


def _slot_setters(cls: type, names: tuple[str, ...]) -> list | None:
    """Each field's slot descriptor `__set__`, or None if a field is not a slot
    (or instances also have a dict)."""
    setters = []
    for name in names:
        for klass in cls.__mro__:
            if name in klass.__dict__:
                desc = klass.__dict__[name]
                break
        else:
            return None
        if type(desc).__name__ != "member_descriptor":
            return None
        setters.append(desc.__set__)
    if any("__dict__" in klass.__dict__ for klass in cls.__mro__ if klass is not object):
        return None
    return setters


_DICT_FIELDS: dict[type, frozenset[str]] = {}  # a class whose instances keep their fields
#                                              in a dict -> its field names (evolve copies it)
_new, _set_attr = object.__new__, object.__setattr__


def _copier(cls: type) -> Callable[[Any, dict], Any]:
    names = _names(cls)
    known = frozenset(names)
    new = object.__new__
    setters = _slot_setters(cls, names)
    if setters is None:
        if any(hasattr(klass, "__slots__") for klass in cls.__mro__ if klass is not object):
            setattr_ = object.__setattr__

            def copy(value, changes):  # mixed slots and dict: field by field
                if not changes.keys() <= known:
                    raise _unknown(cls, changes, known)
                out = new(cls)
                for name in names:
                    setattr_(out, name, changes[name] if name in changes else getattr(value, name))
                return out

            return copy

        setdict = object.__setattr__
        count = len(names)
        _DICT_FIELDS[cls] = known  # evolve copies it itself from now on

        def copy(value, changes):  # instance dict: copied whole, then given to the copy
            d = value.__dict__.copy()
            n = len(d)
            d.update(changes)
            # a name that is not a field adds an entry; a value whose dict holds more
            # than its fields (a cache such as Memo's) has every name checked instead
            if len(d) != n or (n != count and not changes.keys() <= known):
                raise _unknown(cls, changes, known)
            out = new(cls)
            setdict(out, "__dict__", d)
            return out

        return copy
    if cls.__setattr__ is object.__setattr__:
        return _plain_slot_copier(cls, names)
    # frozen slots: one generated function that copies every slot, then sets the changed
    # ones (reading `v.name` per field is cheaper than asking the changes for each of them)
    return _slot_function(cls, names, setters, "copy(v, c)", {}, [
        "    if c:", "        if not c.keys() <= _known:",
        "            raise _unknown(_cls, c, _known)",
        "        for k, x in c.items():", "            _set[k](out, x)"])


def _plain_slot_copier(cls: type, names: tuple[str, ...]) -> Callable[[Any, dict], Any]:
    """The copier of a class of slots that is not frozen: a generated function that
    assigns each slot plainly, from the changes where they name it (`out.x = c["x"]`),
    else from the value; the changes it used are counted, and a name that is not a
    field (one more change than used) is a TypeError. Several times quicker than
    copying every slot and then setting the changed ones through their descriptors,
    and the changes' keys are never compared as a set."""
    lines = ["def copy(v, c):", "    out = _new(_cls)", "    if not c:"]
    lines += [f"        out.{name} = v.{name}" for name in names]
    lines += ["        return out", "    n = 0"]
    for name in names:
        lines += [f"    if {name!r} in c:", f"        out.{name} = c[{name!r}]", "        n += 1",
                  "    else:", f"        out.{name} = v.{name}"]
    lines += ["    if n != len(c):", "        raise _unknown(_cls, c, _known)", "    return out"]
    ns: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_known": frozenset(names),
                          "_unknown": _unknown}
    exec("\n".join(lines), ns)  # noqa: S102 (field names are identifiers)
    return ns["copy"]


def _slot_function(cls: type, names: tuple[str, ...], setters: list, signature: str,
                   given: dict[str, str], tail: list[str]) -> Callable:
    """A generated function `signature` that makes a new `cls` and sets every slot from
    `v` (or from the expression `given[name]`), then runs the lines `tail`. A class that
    is not frozen has its slots set by plain assignment (`out.phase = v.phase`, which
    the interpreter specialises), several times quicker than each slot's `__set__`."""
    ns: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_known": frozenset(names),
                          "_unknown": _unknown, "_set": dict(zip(names, setters))}
    lines = [f"def {signature}:", "    out = _new(_cls)"]
    plain = cls.__setattr__ is object.__setattr__  # not frozen: `out.name = x` may be written
    for i, name in enumerate(names):
        ns[f"_s{i}"] = setters[i]
        value = given.get(name, "v." + name)
        lines.append(f"    out.{name} = {value}" if plain else f"    _s{i}(out, {value})")
    lines += tail + ["    return out"]
    exec("\n".join(lines), ns)  # noqa: S102 (field names are identifiers)
    return ns[signature.split("(")[0]]


#: A field marked `metadata={"hash": WHEN_SET}` counts in a state's hash
#: (`kit.rules.stable_hash`, `field_hash`) only once it differs from its default: a
#: field added to a value later (a deck's known top and bottom cards) leaves the hash of
#: every state that does not use it as it was, so the golden records of the games that
#: never set it keep their hashes.
WHEN_SET = "when set"


def replacer(cls: type, name: str) -> Callable[[Any, Any], Any]:
    """`f(value, x)`: `evolve(value, name=x)` for one field changed at nearly every step
    (a zone's cards): for a class of slots a generated function that sets each slot, with
    no changes dict to build and check (about twice as quick)."""
    names = _names(cls)
    if name not in names:
        raise TypeError(f"{cls.__name__} has no field {name}")
    setters = _slot_setters(cls, names)
    if setters is None:
        return lambda value, x: evolve(value, **{name: x})
    return _slot_function(cls, names, setters, "replace(v, x)", {name: "x"}, [])


#: How many `@interned` values are kept (of all classes together); past it the one used
#: longest ago is made again when next asked for (values are equal by value either way:
#: only their sharing is lost).
INTERNED_LIMIT = 1 << 16


class _Interned(type):
    """The metaclass of an `@interned` class: calling the class returns the value already
    made with the same arguments, if any (`functools.lru_cache` over `type.__call__`: the
    lookup is C, where a Python `__call__` would cost about what it saves). `evolve` and
    unpickling do not call the class: they make a value of their own, equal as ever."""

    __call__ = lru_cache(maxsize=INTERNED_LIMIT)(type.__call__)


def interned(cls: type[T]) -> type[T]:
    """`cls` as a frozen dataclass with slots whose equal values are one object (see the
    module docstring). Its fields must hash (strings, numbers, tuples of them): they are
    the key it is found by."""
    ns = {k: v for k, v in cls.__dict__.items() if k not in ("__dict__", "__weakref__")}
    made = _Interned(cls.__name__, cls.__bases__, ns)
    made.__qualname__ = cls.__qualname__
    return dataclasses.dataclass(frozen=True, slots=True)(made)


def copier(cls: type[T]) -> Callable[[T, dict], T]:
    """`f(value, changes)`: `evolve(value, **changes)` with the changes given as a dict
    (for a caller that has one already: the kit's `reflow`)."""
    copy = _COPIERS.get(cls)
    if copy is None:
        copy = _COPIERS[cls] = _copier(cls)
    return copy


def evolve(value: T, **changes: Any) -> T:
    cls = type(value)
    known = _DICT_FIELDS.get(cls)
    if known is not None:  # the instance-dict copier's work, without a second call
        d = value.__dict__.copy()
        n = len(d)
        d.update(changes)
        if len(d) != n or (n != len(known) and not changes.keys() <= known):
            raise _unknown(cls, changes, known)
        out = _new(cls)
        _set_attr(out, "__dict__", d)
        return out
    copy = _COPIERS.get(cls)
    if copy is None:
        copy = _COPIERS[cls] = _copier(cls)
    return copy(value, changes)
