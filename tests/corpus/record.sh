#!/usr/bin/env bash
# How tests/corpus/*.json.gz were recorded (issue #14: "the same games" after every optimisation). Each line appends
# its games to the game's file (`python -m capes.core.corpus record`); run from the repository root with a fresh
# directory as the first argument to record the whole corpus again into it:  bash tests/corpus/record.sh /tmp/new
# A game's entry keeps its config, seed, bot and actions, so the files describe themselves; this script is only how
# they came to be (tests/test_corpus.py checks, without recording, that it names every game of the files in order).
# Lines marked 2026-12-01 are the first corpus (190 games a game); 2026-12-04 added about a hundred
# a game (appended: the first 190 stayed as they were): every Champions hero against every villain, expert mode and
# modular sets, Alliances for 1-4 players, long Missions and every difficulty, every Heroes scenario, 3 players
# and named teams, with the `normal` and `easy` bots besides random play. The three heuristic-bot lines of
# 2026-12-01 record other games today (those bots were tuned since, issue 15); the random ones record the same.
set -euo pipefail
if [ $# -ne 1 ]; then
  echo "usage: bash tests/corpus/record.sh NEW_DIR (a new or empty directory; each line appends to NEW_DIR/GAME.json.gz)" >&2
  exit 2
fi
out="$1"
if compgen -G "$out/*.json.gz" > /dev/null; then
  echo "record.sh: $out already holds corpus files, and every line appends to them; give a new or empty directory" >&2
  exit 2
fi
mkdir -p "$out"
PY="${PYTHON:-.venv/bin/python}"
rec() { local g="$1"; shift; "$PY" -m capes.core.corpus record "$out/$g.json.gz" --game "$g" "$@"; }

# 2026-12-01: 150 random, 10 heuristic and 30 random games in a bigger setup, per game
rec champions --bot random --seeds 0-149
rec champions --bot champions-heuristic --seeds 0-9
rec champions --bot random --config heroes=spider_man,she_hulk --config villain=klaw --seeds 0-29
rec alliances --bot random --seeds 0-149
rec alliances --bot alliances-heuristic --seeds 0-9
rec alliances --bot random --config players=2 --seeds 0-29
rec heroes --bot random --seeds 0-149
rec heroes --bot heroes-heuristic --seeds 0-9
rec heroes --bot random --config players=4 --seeds 0-29

# 2026-12-04: the rest of the content and of the options
for h in spider_man captain_marvel she_hulk iron_man black_panther; do
  for v in rhino klaw ultron; do
    rec champions --bot random --config heroes=$h --config villain=$v --seeds 200-202
    rec champions --bot normal --config heroes=$h --config villain=$v --seeds 300-301
  done
done
rec champions --bot random --config heroes=spider_man,captain_marvel --config villain=ultron --config mode=expert --seeds 400-409
rec champions --bot normal --config heroes=iron_man --config villain=klaw --config mode=expert --seeds 410-414
rec champions --bot random --config heroes=captain_marvel,she_hulk,iron_man,black_panther \
  --config modulars=bomb_scare,masters_of_evil --seeds 420-424
rec champions --bot normal --config heroes=black_panther,she_hulk,spider_man --config villain=ultron \
  --config modulars=legions_of_hydra,the_doomsday_chair,under_attack --seeds 430-434
rec champions --bot easy --config heroes=she_hulk,iron_man --config villain=klaw --config decks=iron_man,she_hulk --seeds 440-444

rec alliances --bot random --config players=3 --config long=true --config difficulty=2 --seeds 200-209
rec alliances --bot random --config players=4 --config difficulty=4 --seeds 210-219
rec alliances --bot random --config players=1 --config long=true --config difficulty=1 --seeds 220-229
rec alliances --bot random --config players=2 --config difficulty=3 --config round_limit=10 --seeds 230-239
for p in 1 2 3 4; do
  rec alliances --bot normal --config players=$p --config difficulty=$((p - 1)) --seeds $((300 + 10 * p))-$((307 + 10 * p))
done
rec alliances --bot easy --config players=2 --config long=true --seeds 350-359
rec alliances --bot alliances-heuristic --config long=true --config difficulty=4 --seeds 360-377

for s in born_again house_of_m civil_war secret_invasion infinity_war days_of_future_past onslaught annihilation \
         maximum_carnage heroes_reborn; do
  rec heroes --bot random --config scenario=$s --seeds 200-204
  rec heroes --bot normal --config scenario=$s --seeds 300-302
done
rec heroes --bot random --config players=3 --config scenario=house_of_m --seeds 400-405
rec heroes --bot random --config players=3 --config teams=xmen,knights,f4 --config scenario=onslaught --seeds 410-415
rec heroes --bot normal --config players=4 --config teams=avengers,f4,xmen,knights --seeds 420-424
rec heroes --bot easy --config players=2 --config arch_tie=none --config scenario=civil_war --seeds 430-434
