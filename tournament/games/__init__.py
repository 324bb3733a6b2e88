"""The games a tournament can play — Cego, Offiziers-Cego, Ziege — each as one ``GameKind``, and the registry every
package asks instead of branching on the game (docs/architecture.md "Games").

``kind_of(tournament_or_key)`` gives the kind of a tournament (or of a ``Tournament.Game`` key), ``kinds()`` all of
them in the order of the model's choices. A kind says what a table seats, how a round is drawn, how a game is
recorded and validated, when a table is complete, the phone's sheet and its writes, the standings, which exporters
and pages fit, what the backup carries and which templates show it. Its behaviour lives where it always lived (the
packages' ``ziege.py``/``offiziers.py`` modules, the Cego services); the kind names it by dotted path, resolved on
first use (``GameKind.hook``), so that every package may import this one without an import cycle.
"""

from tournament.games.base import HOOKS, GameKind
from tournament.games.registry import keys, kind_of, kinds

__all__ = ["HOOKS", "GameKind", "keys", "kind_of", "kinds"]
