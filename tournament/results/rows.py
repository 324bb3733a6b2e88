"""Score-sheet rows: what a director or a player keys into one row of the sheet, turned into the engine's game fields.

The form knows the keyboard vocabulary of the sheet and nothing of scoring:

* contract  an abbreviation (``C``, ``H``, ``2L``, ``GSo`` …, ``CONTRACTS[key].abbr``), a key or a name, any case;
            the variants of issue 15 may be typed into it too: ``GSo/KM`` (a Gegensolo played with Kleiner Mann,
            ``played_with``) and ``U2 ouv`` (a goal game played open, ``ouverte``) — or chosen in their own inputs;
* seats     1…n as printed on the sheet (the engine and the database count from 0); a Schinden's seat column
            names the seat that loses (stored as ``penalty``, the engine's field for it);
* result    point games: the declarer side's card points; goal games: ``+`` (achieved), ``-`` (not achieved)
            or the declarer's number of tricks; Drescher: the seat that took the last trick;
* Räuber    card points (and optionally tricks) per seat, keyed in the players' columns; at a table of five under
            ``raeuber_with_dealer`` the dealer's too;
* the last rules of the seed documents (RULES.md §10, docs/entry.md): ``PR`` (or ``Pflichträuber``) is a Räuber
            nobody announced (``compulsory``, the seat column stays empty); ``U/3`` an Ultimo whose declarer bought
            the Kleiner Mann from seat 3 (``pagat_seller``); ``St`` (``Strafe``, ``fine``) a fine: the seat column
            names the payer (the dealer who sits out too), the result column the value per other player (empty:
            the ruleset's fine, stored as ``fine_value``).

``GameRowForm.game_data`` is a dict of ``engine.GAME_FIELDS`` for ``services.record_game`` /
``engine.engine_game``; whether the game is legal and what it scores is the engine's business alone.
Errors are keyed by the sheet's input names (``contract``, ``declarer``, ``result``, ``penalty``, ``calls``,
``rp_<seat>``, ``rt_<seat>``, ``reason``, ``__all__``) so the page can show each next to its field.
"""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.contracts import ALIASES as REGIONAL_NAMES
from scoring.contracts import CONTRACTS, DRESCHER, FINE, GOAL, LADDER, PENALTY, POINT, RAEUBER
from tournament.common.collation import german_key
from tournament.common.fields import WholeNumberField, digits_message
from tournament.common.numbers import parse_whole
from tournament.results.engine import GAME_FIELDS
from tournament.results.row_words import COMPULSORY_ABBR

YES = frozenset(("+", "j", "ja", "y", "yes", "✓", "✔"))
NO = frozenset(("-", "−", "–", "n", "nein", "no", "x"))


def _fold(text):
    """The form a typed alias is compared in: spaces collapsed, then the German key (lower case, ä = ae …)."""
    return german_key(" ".join(str(text).split()))


def contract_aliases():
    """``{typed text: contract key}`` for every contract: abbreviation, key and both names, case-insensitive."""
    aliases = {}
    for key, contract in CONTRACTS.items():
        for alias in (key, key.replace("_", " "), contract.label["de"], contract.label["en"]):
            aliases.setdefault(_fold(alias), key)
    for alias, key in REGIONAL_NAMES.items():   # Grebsler, Trio … (scoring.contracts.ALIASES, the one table)
        aliases.setdefault(_fold(alias), key)
    for key, contract in CONTRACTS.items():     # abbreviations win over names
        aliases[_fold(contract.abbr)] = key
    return aliases


ALIASES = contract_aliases()


# A Pflichträuber (RULES.md §10) is typed as its own contract: a Räuber with ``compulsory``.
COMPULSORY_ALIASES = frozenset(_fold(a) for a in ("PR", "Pflichträuber", "Pflichtraeuber", "compulsory Räuber",
                                                  "compulsory raeuber", "compulsory"))


def contract_key(text):
    if text and _fold(text) in COMPULSORY_ALIASES:
        return "raeuber"
    return ALIASES.get(_fold(text)) if text else None


def is_compulsory(text):
    """Whether a typed contract names a Pflichträuber (``PR``)."""
    return bool(text) and _fold(text) in COMPULSORY_ALIASES


OUVERTE_WORDS = ("ouverte", "ouvert", "ouv.", "ouv")


def split_variants(text):
    """``(contract text, played-with text, ouverte)`` of a typed contract: ``GSo/KM`` → ``("GSo", "KM", False)``,
    ``U2 ouv.`` → ``("U2", "", True)``. A text without these marks comes back as it was typed."""
    text = " ".join(str(text or "").split())
    ouverte = False
    for word in OUVERTE_WORDS:
        if text.lower().endswith(" " + word) or text.lower().endswith("/" + word):
            text, ouverte = text[:-len(word) - 1].strip(), True
            break
    base, _slash, with_text = text.partition("/")
    return base.strip(), with_text.strip(), ouverte


def preselects_forehand(key):
    """Forehand is preselected as declarer only for Cego, Räuber and Drescher (the issue's list)."""
    return key == "cego" or CONTRACTS[key].kind in (RAEUBER, DRESCHER)


def keyboard_contracts():
    """What the page script needs to walk a row with Enter before the server has answered: every typed alias
    (folded: lower case, umlauts spelt out) → ``[kind, forehand preselected, a Gegensolo]`` (the last shows the
    "played with" input where the ruleset has it). No names, no scoring."""
    keys = {alias: [CONTRACTS[key].kind, preselects_forehand(key), key == "gegensolo"]
            for alias, key in ALIASES.items()}
    keys.update({alias: [RAEUBER, False, False] for alias in COMPULSORY_ALIASES})    # nobody announced it
    return keys


def show_raeuber_tricks(rs):
    """Räuber tricks per seat matter only where a ruleset pays for a Jungfrau or for taking every trick
    (``Ruleset.pays_on_tricks``, the one place of the rule)."""
    return rs.pays_on_tricks


class GameRowForm(forms.Form):
    """One row of the sheet as typed. ``table`` and ``ruleset`` give the seats and whether calls exist."""

    number = WholeNumberField(min_value=1, max_value=60)
    version = WholeNumberField(required=False, min_value=0, max_value=2_000_000_000)
    contract = forms.CharField(required=False, max_length=40)
    declarer = forms.CharField(required=False, max_length=4)
    result = forms.CharField(required=False, max_length=6)
    penalty = forms.CharField(required=False, max_length=4)
    calls = forms.CharField(required=False, max_length=4)
    played_with = forms.CharField(required=False, max_length=24)
    ouverte = forms.BooleanField(required=False)
    reason = forms.CharField(required=False, max_length=200)

    def __init__(self, data, *, table, ruleset):
        super().__init__(data)
        self.table = table
        self.ruleset = ruleset
        for seat in range(table.size):
            self.fields[f"rp_{seat}"] = forms.CharField(required=False, max_length=4)
            self.fields[f"rt_{seat}"] = forms.CharField(required=False, max_length=4)
        self.game_data = None
        self.kind = None

    # -- parsing helpers ---------------------------------------------------------------------------------------
    def _int(self, name, message):
        text = self.cleaned_data.get(name, "")
        if text in ("", None):
            return None
        try:
            return parse_whole(text)
        except ValueError:
            self.add_error(name, digits_message(text) or message)
            return None

    def _seat(self, name, number, dealer_too=False):
        """A seat typed 1…n, returned 0-based; the dealer who sits out at a 5-table is no playing seat (unless
        ``dealer_too``: a fine's payer, a Räuber's seat where the dealer plays it)."""
        text = self.cleaned_data.get(name, "")
        if text in ("", None):
            return None
        n = self.table.size
        try:
            seat = parse_whole(text) - 1
        except ValueError:
            if digits_message(text):
                self.add_error(name, digits_message(text))
                return None
            seat = -1
        if not 0 <= seat < n:
            self.add_error(name, _("Enter a seat from 1 to %(n)s.") % {"n": n})
            return None
        if seat == self.table.sitting_out(number) and not dealer_too:
            self.add_error(name, _("Seat %(seat)s deals and sits out this game.") % {"seat": seat + 1})
            return None
        return seat

    def _per_seat(self, prefix, number, missing_message):
        """Räuber values per seat: a list (``None`` for the seat sitting out), or None when nothing was keyed.
        Under ``raeuber_with_dealer`` the dealer of a table of five plays a Räuber: his value is keyed too."""
        out = None if self.ruleset.raeuber_with_dealer else self.table.sitting_out(number)
        playing = [s for s in range(self.table.size) if s != out]
        values = [None] * self.table.size
        for seat in playing:
            values[seat] = self._int(f"{prefix}_{seat}", _("Enter a whole number."))
        keyed = [s for s in playing if self.cleaned_data.get(f"{prefix}_{s}")]
        if not keyed:
            return None
        missing = [s for s in playing if not self.cleaned_data.get(f"{prefix}_{s}")]
        for seat in missing:
            self.add_error(f"{prefix}_{seat}", missing_message)
        return None if missing else values

    # -- the row -----------------------------------------------------------------------------------------------
    def clean(self):  # noqa: C901 (one check per field of a row, in the order the errors show)
        cleaned = super().clean()
        number = cleaned.get("number")
        if number is None or self.errors.get("number"):
            return cleaned
        if number > self.table.games_planned:
            self.add_error("number", _("Game %(number)s does not exist at this table (1–%(max)s).")
                           % {"number": number, "max": self.table.games_planned})
            return cleaned
        text, with_text, ouverte = split_variants(cleaned.get("contract", ""))
        if not text:
            self.add_error("contract", _("Enter the contract, e.g. C for Cego."))
            return cleaned
        key = contract_key(text)
        if key is None:
            self.add_error("contract", _("Unknown contract “%(text)s”. Type an abbreviation such as C, H, E, S or R.")
                           % {"text": text})
            return cleaned
        kind = self.kind = CONTRACTS[key].kind
        data = dict.fromkeys(GAME_FIELDS)
        data["contract"] = key
        data["compulsory"] = is_compulsory(text)
        if key == "ultimo" and with_text and with_text.isdigit():    # U/3: the Kleiner Mann bought from seat 3
            data["pagat_seller"] = self._typed_seat(with_text, number)
        elif with_text.isdigit():
            self.add_error("contract", _("Only an Ultimo names the seat that sold the Kleiner Mann (U/3)."))
        else:
            data["played_with"] = self._played_with(with_text or cleaned.get("played_with", ""))
        data["ouverte"] = ouverte or bool(cleaned.get("ouverte"))
        seat = self._seat("declarer", number, dealer_too=kind == FINE or (
            kind == RAEUBER and self.ruleset.raeuber_with_dealer))
        if kind in (POINT, GOAL):
            data["declarer"] = seat
        elif kind == FINE:
            data["payer"] = seat
        elif kind != PENALTY:
            data["announcer"] = seat
        result = cleaned.get("result", "")
        if kind == FINE:
            data["fine_value"] = self._int("result", _("Enter the fine per other player as a whole number."))
            if data["payer"] is None and not self.errors.get("declarer"):
                self.add_error("declarer", _("Enter the seat that pays the fine."))
        elif kind == POINT:
            data["card_points"] = self._int("result", _("Enter the declarer's card points as a whole number."))
        elif kind == GOAL and result:
            folded = _fold(result)
            if folded in YES:
                data["achieved"] = True
            elif folded in NO:
                data["achieved"] = False
            else:
                data["tricks"] = self._int("result", _("Enter + (goal met), − (goal missed) or the number of tricks."))
        elif kind == DRESCHER:
            data["last_trick"] = self._seat("result", number)
        elif kind == RAEUBER:
            data["raeuber_points"] = self._per_seat("rp", number, _("Enter the card points of every playing seat."))
            data["raeuber_tricks"] = self._per_seat("rt", number, _("Enter the tricks of every playing seat, or none."))
        data["penalty"] = self._seat("penalty", number)
        if kind == PENALTY:     # Schinden: the seat column names the loser; the penalty column may repeat it
            if seat is not None and data["penalty"] not in (None, seat):
                self.add_error("penalty", _("A Schinden has one loser: the seat in the player column."))
            data["penalty"] = seat if seat is not None else data["penalty"]
            if data["penalty"] is None and not self.errors.get("declarer"):
                self.add_error("declarer", _("Enter the seat that loses the Schinden."))
        if self.ruleset.calls:
            calls = self._int("calls", _("Enter the number of calls as a whole number."))
            data["calls"] = calls or 0
        else:
            data["calls"] = 0
        self.game_data = data
        return cleaned

    def _typed_seat(self, text, number):
        """A seat typed after the contract (``U/3``), 0-based; errors go to the contract input."""
        seat = int(text) - 1
        if not 0 <= seat < self.table.size or seat == self.table.sitting_out(number):
            self.add_error("contract", _("“%(text)s” is no playing seat: type e.g. U/3 for an Ultimo with the Kleiner "
                                         "Mann bought from seat 3.") % {"text": text})
            return None
        return seat

    def _played_with(self, text):
        """The point game a Gegensolo was played with (``KM``, ``Kleiner Mann`` …) as a contract key, or None."""
        if not text:
            return None
        key = contract_key(text)
        if key not in LADDER:
            self.add_error("contract", _("“%(text)s” is no point game a Gegensolo is played with; type e.g. "
                                         "GSo/KM for Kleiner Mann.") % {"text": text})
            return None
        return key

    @property
    def expected_version(self):
        return self.cleaned_data.get("version") or None

    @property
    def game_number(self):
        return self.cleaned_data.get("number")

    def ui_errors(self):
        return {field: [str(m) for m in messages] for field, messages in self.errors.items()}

    def first_playing_seat(self):
        out = self.table.sitting_out(self.game_number) if self.game_number else None
        return 1 if out == 0 else 0


def ui_field(field, kind, first_seat=0):
    """The sheet input an error of a service or engine field belongs to."""
    if kind == RAEUBER:
        if field in ("card_points", "raeuber_points"):
            return f"rp_{first_seat}"
        if field in ("tricks", "raeuber_tricks"):
            return f"rt_{first_seat}"
    return {
        "card_points": "result", "achieved": "result", "tricks": "result", "last_trick": "result",
        "announcer": "declarer", "declarer": "declarer", "contract": "contract", "calls": "calls",
        "penalty": "penalty", "reason": "reason", "played_with": "contract", "ouverte": "contract",
        "compulsory": "contract", "pagat_seller": "contract", "payer": "declarer", "fine_value": "result",
        f"rp_{first_seat}": f"rp_{first_seat}", f"rt_{first_seat}": f"rt_{first_seat}",
    }.get(field, "__all__")


def row_values(game, size=None):
    """A stored game as the sheet shows it in its inputs (the inverse of ``GameRowForm``)."""
    contract = CONTRACTS.get(game.contract)
    kind = contract.kind if contract else POINT
    seat = {RAEUBER: game.announcer, DRESCHER: game.announcer, PENALTY: game.penalty,
            FINE: getattr(game, "payer", None)}.get(kind, game.declarer)
    contract_text = game.contract
    if contract:    # played with and open have their own inputs; PR and U/3 are typed into the contract's
        contract_text = COMPULSORY_ABBR if game.contract == "raeuber" and getattr(game, "compulsory", False) \
            else contract.abbr
        if getattr(game, "pagat_seller", None) is not None:
            contract_text += f"/{game.pagat_seller + 1}"
    values = {"contract": contract_text, "declarer": _seat_text(seat),
              "result": "", "penalty": "" if kind == PENALTY else _seat_text(game.penalty),
              "calls": str(game.calls) if game.calls else "", "kind": kind,
              "played_with": CONTRACTS[game.played_with].abbr if getattr(game, "played_with", None) else "",
              "ouverte": bool(getattr(game, "ouverte", False))}
    if kind == POINT:
        values["result"] = "" if game.card_points is None else str(game.card_points)
    elif kind == GOAL:
        if game.tricks is not None:
            values["result"] = str(game.tricks)
        elif game.achieved is not None:
            values["result"] = "+" if game.achieved else "-"
    elif kind == DRESCHER:
        values["result"] = _seat_text(game.last_trick)
    elif kind == FINE:
        values["result"] = "" if game.fine_value is None else str(game.fine_value)
    size = size or game.table.size
    for prefix, stored in (("rp", game.raeuber_points), ("rt", game.raeuber_tricks)):
        for s in range(size):
            v = stored[s] if stored and s < len(stored) else None
            values[f"{prefix}_{s}"] = "" if v is None or kind != RAEUBER else str(v)
    return values


def _seat_text(seat):
    return "" if seat is None else str(seat + 1)


class TotalsForm(forms.Form):
    """Totals-only entry: one signed number per seat, as written at the foot of the paper sheet."""

    reason = forms.CharField(label=gettext_lazy("Reason for the correction"), required=False, max_length=200)

    def __init__(self, *args, seats, **kwargs):
        super().__init__(*args, **kwargs)
        self.seats = seats
        for seat in seats:
            self.fields[f"seat_{seat.position}"] = WholeNumberField(
                label=f"{seat.position + 1} · {seat.entry.player.full_name}", min_value=-1_000_000,
                max_value=1_000_000)

    def seat_fields(self):
        return [(seat, self[f"seat_{seat.position}"]) for seat in self.seats]

    def totals(self):
        return {seat.position: self.cleaned_data[f"seat_{seat.position}"] for seat in self.seats}
