"""The contract suite on several configurations (heroes)."""

import pytest

import capes
from capes.core.contract import check_game


@pytest.mark.parametrize(
    "players,scenario",
    [(2, "born_again"), (3, "house_of_m"), (4, "secret_invasion"), (2, "annihilation"), (4, "infinity_war")],
)
def test_contract(players: int, scenario: str) -> None:
    game = capes.load("heroes", players=players, scenario=scenario)
    report = check_game(game, games=1, seed=players, resample_every=2, roundtrip_every=2)
    assert report.games == 1


def test_contract_all_scenarios_quick() -> None:
    game0 = capes.load("heroes")
    for sc in game0.C.scenarios:
        game = capes.load("heroes", players=3, scenario=sc)
        check_game(game, games=1, seed=11, resample_every=25, roundtrip_every=25)


def _fields(st: object) -> dict[str, object]:
    """Every field a state holds: its instance dict and each slot that is set (the state's fields are slots)."""
    out = dict(st.__dict__)
    for cls in type(st).__mro__:
        for k in getattr(cls, "__slots__", ()):
            if hasattr(st, k):
                out[k] = getattr(st, k)
    return out


def test_clone_copies_every_field_and_shares_no_list() -> None:
    # issue 14: _copy_into names each field; a field added to the state but not to the copy, or shared with the
    # original, fails here (the contract suite's clone check would only see it where a game touches that field)
    from capes.core.rng import Rng

    game = capes.load("heroes", players=3)
    st = game.new_game(4)
    rng = Rng(2)
    for _ in range(400):
        if st.is_over:
            break
        c = st.clone()
        mine, theirs = _fields(st), _fields(c)
        assert set(mine) - {"_ticks"} <= set(theirs)
        for k, v in mine.items():
            if isinstance(v, (list, dict)):
                w = theirs[k]
                assert w == v and w is not v, k
                rows = v.values() if isinstance(v, dict) else v
                copies = w.values() if isinstance(w, dict) else w
                for a, b in zip(rows, copies, strict=True):
                    assert not isinstance(a, list) or a is not b, k
        opts = st.decision.options
        st.apply(opts[rng.randbelow(len(opts))])
    assert len(st.actions) > 100
