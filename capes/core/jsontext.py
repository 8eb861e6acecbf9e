"""The JSON text of saves, written incrementally.

:meth:`~capes.core.protocol.State.to_json` writes ``json.dumps(doc, sort_keys=True, separators=(",", ":"))`` of
its whole document, but without encoding again what it encoded at the previous save: the actions and the log only
grow (:class:`ListJson` keeps their text and appends the new entries).

>>> encode({"b": [1, (2, 3)], "a": None})
'{"a":null,"b":[1,[2,3]]}'
>>> t = ListJson.extend(None, ["x"], encode); t = ListJson.extend(t, ["x", "y"], encode); t.text
'["x","y"]'
"""

from __future__ import annotations

import json
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


class ListJson:
    """The JSON text of a list that only grows (a state's actions or log), and a private copy of the items it encodes.

    :meth:`extend` encodes only the items added since: it first checks that the list still begins with the encoded
    items (equal items, as the text is a function of them), so a list changed in any other way is encoded afresh.
    Immutable once built; a clone shares it with its original.
    """

    __slots__ = ("items", "text")

    def __init__(self, items: list[Any], text: str) -> None:
        self.items = items
        self.text = text

    @staticmethod
    def extend(cache: ListJson | None, items: list[Any], encode: Callable[[Sequence[Any]], str]) -> ListJson:
        if cache is not None:
            n = len(cache.items)
            if len(items) == n and items == cache.items:
                return cache
            if len(items) > n and items[:n] == cache.items:
                more = encode(items[n:])  # "[a,b]": spliced after the encoded items
                return ListJson(items[:], f"{cache.text[:-1]},{more[1:]}" if n else more)
        return ListJson(items[:], encode(items))
