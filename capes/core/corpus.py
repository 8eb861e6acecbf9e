"""Recorded games: the safety net that lets engine internals change freely.

A corpus is a gzip'd JSON file of games, each stored as what is needed to replay it (game id,
config, seed, the actions) and what it must replay to: a digest of the whole log, the result, and
a digest of the final state (``to_json``). :func:`verify` replays every game and names each one
that differs. Refactors and optimisations must leave a corpus identical; a deliberate rules change
re-records it (``python -m capes.core.corpus record ...``) and says so in its commit; a change of log text only is
checked against the code before it and re-recorded with ``python -m capes.core.corpus compare FILE --old REV
--write`` (:mod:`capes.core.corpus_compare`).

>>> import capes
>>> games = record("heroes", {"players": 2}, seeds=[1], bot="random")
>>> verify(games)
[]
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from capes.core.bots.base import make_bot
from capes.core.errors import CapesError
from capes.core.protocol import State, replay_actions
from capes.core.registry import load

FORMAT = "capes-corpus/1"


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def fingerprint(state: State) -> dict[str, Any]:
    """What a replay must reproduce: the log, the result and the final state, as digests."""
    res = state.result
    return {
        "log": _sha(json.dumps([list(e) for e in state.log], separators=(",", ":"))),
        "result": None if res is None else {"outcomes": list(res.outcomes), "scores": list(res.scores)},
        "state": _sha(state.to_json()),
        "length": len(state.actions),
    }


def record(game_id: str, config: Mapping[str, Any], seeds: Iterable[int], bot: str,
           max_actions: int | None = None) -> list[dict[str, Any]]:
    """Play one game per seed with ``bot`` in every seat and return the corpus entries."""
    out: list[dict[str, Any]] = []
    for seed in seeds:
        game = load(game_id, **config)
        state = game.new_game(seed)
        bots = [make_bot(bot, game, s, seed=seed) for s in range(game.num_seats)]
        limit = max_actions if max_actions is not None else game.max_actions
        while not state.is_over and len(state.actions) < limit:
            seat = state.decision.seat
            assert seat is not None
            state.apply(bots[seat].choose(state))
        out.append({"game": game_id, "config": game.config_json(), "seed": seed, "bot": bot,
                    "actions": list(state.actions), "expect": fingerprint(state)})
    return out


def replay(entry: Mapping[str, Any]) -> State:
    """The final state of a corpus game, replayed from its game, config, seed and actions."""
    return replay_actions(load(entry["game"], **entry["config"]).new_game(int(entry["seed"])), entry["actions"])


def verify(entries: Sequence[Mapping[str, Any]]) -> list[str]:
    """Replay every entry; one line per game that does not reproduce its fingerprint."""
    bad: list[str] = []
    for e in entries:
        tag = f"{e['game']} seed {e['seed']} ({e['bot']})"
        try:
            state = replay(e)
        except Exception as exc:  # a corpus game that no longer replays is reported, not raised
            bad.append(f"{tag}: {type(exc).__name__}: {exc}"[:300])
            continue
        got = fingerprint(state)
        diff = [k for k in ("log", "result", "state", "length") if got[k] != e["expect"][k]]
        if diff:
            bad.append(f"{tag}: {', '.join(diff)} differ{'s' if len(diff) == 1 else ''}")
    return bad


def save(path: Path, entries: Sequence[Mapping[str, Any]]) -> None:
    doc = {"format": FORMAT, "games": list(entries)}
    # mtime=0: the same corpus always writes the same bytes
    with gzip.GzipFile(filename="", mode="wb", fileobj=path.open("wb"), mtime=0) as f:
        f.write(json.dumps(doc, separators=(",", ":"), sort_keys=True).encode("utf-8"))


#: the largest corpus text read (the recorded ones are 0.2-1.5 MB): a bigger or endless gzip stream is refused
MAX_TEXT = 256 * 1024 * 1024
#: what every game of a corpus holds
GAME_KEYS = frozenset(("game", "config", "seed", "bot", "actions", "expect"))


def load_corpus(path: Path) -> list[dict[str, Any]]:
    """The games of a corpus file; a ValueError of one line when it is not one."""
    try:
        with gzip.open(path, "rb") as f:
            raw = f.read(MAX_TEXT + 1)
        if len(raw) > MAX_TEXT:
            raise ValueError(f"more than {MAX_TEXT // 2**20} MB of text")
        doc = json.loads(raw.decode("utf-8"))
    except (OSError, EOFError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise ValueError(f"{path}: not a readable {FORMAT} file (gzip'd JSON): "
                         f"{type(exc).__name__}: {str(exc)[:120]}") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ValueError(f"{path}: not a {FORMAT} file (its 'format' should be {FORMAT!r})")
    games = doc.get("games")
    if not isinstance(games, list) or not all(isinstance(g, dict) and GAME_KEYS <= g.keys() for g in games):
        raise ValueError(f"{path}: not a {FORMAT} file: 'games' should be a list of games, each with "
                         f"{', '.join(sorted(GAME_KEYS))}")
    return games


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m capes.core.corpus", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    rec = sub.add_parser("record", help="record games into a corpus file (appends to it when it exists)")
    rec.add_argument("file", type=Path)
    rec.add_argument("--game", required=True)
    rec.add_argument("--config", action="append", default=[], help="key=value")
    rec.add_argument("--bot", default="random")
    rec.add_argument("--seeds", default="0-9", help="A-B (inclusive)")
    chk = sub.add_parser("check", help="replay a corpus file and report every game that differs")
    chk.add_argument("file", type=Path)
    cmp = sub.add_parser("compare", help="replay a corpus file with older code and with this checkout's, action by "
                         "action: the same games but for the log text? (capes.core.corpus_compare)")
    cmp.add_argument("file", type=Path)
    cmp.add_argument("--old", required=True, help="a git revision, or a directory holding the old capes/ package")
    cmp.add_argument("--write", action="store_true", help="re-record the file's expectations if only the log differs")
    a = ap.parse_args(argv)
    if not a.file.is_file() and a.cmd != "record":
        print(f"{a.file}: no such corpus file (tests/corpus/<game>.json.gz are the recorded ones)", file=sys.stderr)
        return 2
    try:
        games = load_corpus(a.file) if a.file.exists() else []
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    if a.cmd == "compare":
        from capes.core.corpus_compare import run

        try:
            same = run(a.file, a.old)
        except RuntimeError as exc:
            print(exc, file=sys.stderr)
            return 2
        if not same:
            return 1
        if a.write:
            for e in games:
                e["expect"] = fingerprint(replay(e))
            save(a.file, games)
            print(f"{a.file}: {len(games)} games re-recorded")
        return 0
    if a.cmd == "record":
        from capes.core.config import parse_pairs

        lo, _, hi = a.seeds.partition("-")
        if not (lo.isdigit() and (hi.isdigit() or not hi)) or len(a.seeds) > 20 or int(hi or lo) < int(lo):
            print(f"--seeds {a.seeds!r}: give A-B, two whole numbers with A <= B (0-9), or one seed", file=sys.stderr)
            return 2
        try:
            entries = games + record(a.game, parse_pairs(a.config), range(int(lo), int(hi or lo) + 1), a.bot)
        except CapesError as exc:
            print(exc, file=sys.stderr)
            return 2
        save(a.file, entries)
        print(f"{a.file}: {len(entries)} games")
        return 0
    bad = verify(games)
    for line in bad:
        print(line)
    print(f"{len(bad)} of {len(games)} games differ")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
