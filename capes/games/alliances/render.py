"""Text rendering of the battlefield and the content listing."""

from __future__ import annotations

import json
from typing import Any


def render(state: Any, seat: int | None) -> str:
    return json.dumps(state.view(seat))[:2000]


def content_entries(game: Any) -> list[Any]:
    return []
