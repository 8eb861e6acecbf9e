"""Seat tokens: the only way to act as a seat. Unguessable, stored hashed, compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets

#: 144 random bits, URL-safe (24 characters)
TOKEN_BYTES = 18


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def seat_for_token(token: str, hashes: list[str | None]) -> int | None:
    """The seat whose stored hash matches ``token`` (every seat compared, in constant time each)."""
    digest = hash_token(token)
    found: int | None = None
    for i, h in enumerate(hashes):
        if h is not None and hmac.compare_digest(digest, h) and found is None:
            found = i
    return found


def new_table_id() -> str:
    """A short public id (not a secret: it is shown in the table list)."""
    return secrets.token_hex(4)
