"""The JSON text of saves, written incrementally.

:meth:`~capes.core.protocol.State.to_json` writes ``json.dumps(doc, sort_keys=True, separators=(",", ":"))`` of
its whole document, but without encoding again what it encoded at the previous save: the actions and the log only
grow (:class:`ListJson` keeps their text and appends the new entries).

>>> encode({"b": [1, (2, 3)], "a": None})
'{"a":null,"b":[1,[2,3]]}'
>>> t = ListJson.extend(None, ["x"], encode); t = ListJson.extend(t, ["x", "y"], encode); t.text, t.head
('["x","y"]', '["x","y"')
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Sequence
from typing import Any

JSON = Any


def _text_encoder() -> Callable[[JSON], str]:
    """JSON text as :meth:`State.to_json` writes it: sorted keys, no spaces; no cycle check (a state is a tree).

    Built once: ``json.dumps`` with options makes a new JSONEncoder per call, and ``JSONEncoder.encode`` a new C
    scanner per call (together ~3 µs, paid five times a save). This is the scanner ``iterencode`` would make, with
    the same arguments, so the text is the same; without the C accelerator, the encoder's own ``encode``."""
    enc = json.JSONEncoder(sort_keys=True, separators=(",", ":"), check_circular=False)
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:
        return enc.encode
    scan = make(None, enc.default, json.encoder.encode_basestring_ascii, None, ":", ",", True, False, True)

    def encode(data: JSON) -> str:
        return "".join(scan(data, 0))

    return encode


#: ``json.dumps(data, sort_keys=True, separators=(",", ":"))``, faster (tuples, NamedTuples included, are lists)
encode = _text_encoder()


def int_text(value: JSON) -> str:
    """``encode(value)``, faster for an int (its repr is its JSON text; a bool, an int subclass, is not).

    >>> int_text(-12), int_text(True), int_text(2.0)
    ('-12', 'true', '2.0')
    """
    return int.__repr__(value) if value.__class__ is int else encode(value)


class ListJson:
    """The JSON text of a list that only grows (a state's actions or log), and a private copy of the items it encodes.

    :meth:`extend` encodes only the items added since: it first checks that the list still begins with the encoded
    items (equal items, as the text is a function of them), so a list changed in any other way is encoded afresh.

    Immutable once built, and shared by a clone with its original. It stands for the first ``count`` items of
    ``items``, a private list that successive saves of one state grow in place (items are only ever appended to it,
    and only by the newest ListJson on it, under a lock, so the items an older one stands for never change, even when
    clones are saved in several threads); ``head`` is the text without its closing bracket, so that growing it copies
    the text once.
    """

    __slots__ = ("items", "count", "head")

    def __init__(self, items: list[Any], count: int, head: str) -> None:
        self.items = items
        self.count = count
        self.head = head

    @property
    def text(self) -> str:
        return self.head + "]"

    @staticmethod
    def extend(cache: ListJson | None, items: list[Any], encode: Callable[[Sequence[Any]], str]) -> ListJson:
        if cache is not None:
            n, mine, m = cache.count, cache.items, len(items)
            newest = len(mine) == n  # no later save grew the private list: this one may
            if m == n and (items == mine if newest else items == mine[:n]):
                return cache
            if m > n:
                tail = items[n:]
                if newest:
                    with _GROWING:  # clones saved in other threads may share the private list: one grows it at a time
                        grown = len(mine) == n
                        if grown:
                            mine += tail
                            grown = mine == items
                            if not grown:
                                del mine[n:]  # the list changed otherwise: leave the private list as it was
                    if grown:
                        return ListJson(mine, m, f"{cache.head},{encode(tail)[1:-1]}" if n else encode(items)[:-1])
                elif items[:n] == mine[:n]:
                    return ListJson(items[:], m, f"{cache.head},{encode(tail)[1:-1]}" if n else encode(items)[:-1])
        return ListJson(items[:], len(items), encode(items)[:-1])


_GROWING = threading.Lock()
