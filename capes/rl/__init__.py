"""capes as environments for reinforcement-learning and game-theory libraries (``pip install capes[rl]``).

One adapter per library, each built on the same three pieces of this package:

- :mod:`capes.rl.catalogue`: the fixed, documented action encoding of a configuration (every option id that
  configuration was seen to produce, sorted, then a few position slots for ids outside it);
- :mod:`capes.rl.observe`: observations as functions of ``state.view(seat)`` alone (so no seat's observation can
  hold another seat's secrets);
- :mod:`capes.rl.pettingzoo` (AEC env), :mod:`capes.rl.gymnasium` (``capes/Champions-v0``, ``capes/Alliances-v0``,
  ``capes/Heroes-v0``) and :mod:`capes.rl.openspiel` (``capes_champions``, ``capes_alliances``, ``capes_heroes``).

The adapters import their library when they are imported; this package itself needs only numpy. See docs/rl.md.
"""

from capes.rl.catalogue import Catalogue, catalogue_for
from capes.rl.observe import OBS_SIZE, encode_view, observe

__all__ = ["OBS_SIZE", "Catalogue", "catalogue_for", "encode_view", "observe"]
