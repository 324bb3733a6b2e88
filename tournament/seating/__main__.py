"""``python -m tournament.seating`` (see ``tournament.seating.cli``)."""

import sys

from tournament.seating.cli import main

sys.exit(main())
