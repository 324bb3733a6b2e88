"""Forms of the director's pages: they check and tidy input; the views hand the cleaned data to a service
(``seasons``, ``registration``, ``results``, ``draws``), which checks the rules that hold for every caller (the
engine's verdict on the ruleset overrides, what entered results freeze, taken start numbers, category names)
and saves. A form never saves; a service's refusal comes back onto it through ``tournament.office.errors``.
"""

import datetime
import json
import secrets

from django import forms
from django.core.validators import MinValueValidator
from django.utils.translation import gettext_lazy as _

from scoring.rulesets import RULESET_KEYS, resolve
from tournament.common import names
from tournament.common.fields import WholeNumberField, tidy_names, whole_numbers
from tournament.common.i18n import engine_lang
from tournament.models import Category, Entry, Player, Season, Team, Tournament
from tournament.office.forms import day_facts, variants, visibility
from tournament.office.forms.game_fields import GameFields
from tournament.registration.selectors import namesakes
from tournament.registration.services import ENTRY_FIELDS, PLAYER_FIELDS
from tournament.results.engine import MAX_POINTS
from tournament.seasons.services import SEASON_FIELDS, TOURNAMENT_FIELDS
from tournament.standings import ranking as standings
from tournament.standings.labels import tiebreak_label

MAX_GAMES = 60   # Game.number is 1–60
TIEBREAK_SLOTS = 4


def ruleset_choices():
    lang = engine_lang()
    return [(key, resolve(key).name[lang]) for key in RULESET_KEYS]


class SeasonForm(forms.ModelForm):
    class Meta:
        model = Season
        formfield_callback = whole_numbers
        fields = ["name", "year", "best_n", "youth_age", "senior_age", "embed_origins"]
        widgets = {"name": forms.TextInput(attrs={"autofocus": True}), "embed_origins": forms.Textarea({"rows": 3})}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if not self.instance.pk:
            self.initial.setdefault("year", datetime.date.today().year)
        self.fields["year"].min_value = 2000
        self.fields["year"].widget.attrs.update(min=2000, max=2100)
        self.fields["best_n"].min_value = 1
        self.fields["best_n"].widget.attrs.update(min=1, placeholder=_("all"))
        self.fields["best_n"].validators.append(MinValueValidator(1))
        self.fields["youth_age"].min_value = 1
        self.fields["youth_age"].widget.attrs.update(min=1, max=99)
        self.fields["youth_age"].validators.append(MinValueValidator(1))
        self.fields["senior_age"].widget.attrs.update(min=1, max=120, placeholder=_("none"))
        self.fields["senior_age"].validators.append(MinValueValidator(1))

    def service_fields(self):
        return {name: self.cleaned_data[name] for name in SEASON_FIELDS}


MAX_PREREG = 2000          # places for online pre-registration


class TournamentForm(GameFields, forms.ModelForm):
    ruleset = forms.ChoiceField(label=_("Ruleset"))
    options = forms.CharField(
        label=_("Ruleset overrides (JSON)"), required=False, max_length=4000,     # a few parameters: 4,000 is ample
        widget=forms.Textarea(attrs={"rows": 4, "spellcheck": "false", "class": "mono",
                                     "placeholder": '{"raeuber_value": 50}'}),
        help_text=_("Optional. Parameters that differ from the ruleset, as a JSON object, "
                    "e.g. {\"raeuber_value\": 50}. Empty: the ruleset as published."))
    prereg_capacity = WholeNumberField(
        label=_("Places for pre-registration"), required=False, min_value=1, max_value=MAX_PREREG,
        help_text=_("Empty: no limit. Beyond it players join the waiting list."))

    class Meta:
        model = Tournament
        formfield_callback = whole_numbers
        fields = ["name", "date", "start_time", "venue", "venue_address", "host", "entry_fee", "game", "ruleset",
                  "options", "round_count", "games_per_round_4", "games_per_round_5", "games_per_round_3",
                  "games_per_round_2", "win_loss", "round_robin", "keep_teams_apart", "seed", "published",
                  "prize_places", "last_place_prize", "prereg_open", "prereg_capacity"]
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
                   "name": forms.TextInput(attrs={"autofocus": True})}

    def __init__(self, *args, season=None, **kwargs):
        super().__init__(*args, **kwargs)
        if season is not None:
            self.instance.season = season
        self.fields["ruleset"].choices = ruleset_choices()
        labels = {"games_per_round_4": _("Games at a table of 4"), "games_per_round_5": _("Games at a table of 5"),
                  "games_per_round_3": _("Games at a table of 3")}
        labels["games_per_round_2"] = _("Games at a table of 2 (Offiziers-Cego)")
        self.fields["game"].required = self.fields["games_per_round_2"].required = False   # not sent: they stay
        for name in ("games_per_round_4", "games_per_round_5", "games_per_round_3", "games_per_round_2"):
            self.fields[name].label = labels[name]
            self.fields[name].min_value = 1
            self.fields[name].max_value = MAX_GAMES
            self.fields[name].widget.attrs.update(min=1, max=MAX_GAMES)
        self.fields["round_count"].widget.attrs.update(min=1, max=8)
        day_facts.adjust(self)
        self.fields["prize_places"].required = False       # empty: keep the current number (10 when new)
        self.fields["prize_places"].widget.attrs.update(min=0, max=999)
        self.fields["prize_places"].help_text = _("Ranks 1 to this number win a prize; ties at the edge are included.")
        self.fields["last_place_prize"].help_text = _("The last place gets a prize as well (a Cego custom).")
        self._add_tiebreak_fields()
        self.own_game_fields()
        variants.add_fields(self)
        visibility.add_field(self)
        self.fields["seed"].help_text = _(
            "Publish it before the draw, or take it from a public physical draw. The same seed and the same "
            "players always give the same draw.")
        if self.instance.pk:
            self.fields["status"] = forms.ChoiceField(label=_("Status"), choices=Tournament.Status.choices,
                                                      initial=self.instance.status)
            if self.instance.round_set.exists():
                self.fields["games_per_round_4"].help_text = _("Tables already drawn keep their number of games.")
        else:
            self.initial.setdefault("seed", secrets.token_hex(4))
            self.initial.setdefault("date", datetime.date.today())

    def _add_tiebreak_fields(self):
        """The tie-break chain as ordered selects: 1st, 2nd, … tie-break, each one of ``standings.TIEBREAKS``."""
        choices = [("", _("— none —"))] + [(name, tiebreak_label(name)) for name in standings.TIEBREAKS]
        labels = [_("1st tie-break"), _("2nd tie-break"), _("3rd tie-break"), _("4th tie-break")]
        try:
            current = standings.parse_chain(self.instance.tiebreaks if self.instance.pk else "lots")
        except ValueError:
            current = ()
        for i in range(TIEBREAK_SLOTS):
            name = f"tiebreak_{i + 1}"
            self.fields[name] = forms.ChoiceField(label=labels[i], choices=choices, required=False)
            self.initial.setdefault(name, current[i] if i < len(current) else "")
        self.tiebreak_help = _(
            "Players with the same total are ordered by the first tie-break, then the second, and so on. "
            "Lots are drawn once and stored; after lots nothing is left to decide.")

    def tiebreak_fields(self):
        return [self[f"tiebreak_{i + 1}"] for i in range(TIEBREAK_SLOTS)]

    def clean_tiebreaks(self, data):
        """The selects as a chain (gaps closed up), checked by ``standings.parse_chain``; empty → lots."""
        chain = [data.get(f"tiebreak_{i + 1}") for i in range(TIEBREAK_SLOTS)]
        chain = [name for name in chain if name]
        try:
            chain = standings.parse_chain(",".join(chain))
        except ValueError:
            self.add_error("tiebreak_1", forms.ValidationError(
                _("Each tie-break can be chosen only once."), code="tiebreak_twice"))
            return None
        if "lots" in chain and chain[-1] != "lots":
            self.add_error("tiebreak_1", forms.ValidationError(
                _("Lots decide every tie, so nothing can come after them. Put lots last."), code="lots_not_last"))
            return None
        return ",".join(chain or standings.DEFAULT_CHAIN)

    def clean_prize_places(self):
        places = self.cleaned_data.get("prize_places")
        return self.instance.prize_places if places is None else places

    def clean_round_count(self):
        rounds = self.cleaned_data["round_count"]
        if not 1 <= rounds <= 8:
            raise forms.ValidationError(_("A tournament has 1 to 8 rounds."), code="bad_rounds")
        return rounds

    def clean_options(self):
        text = (self.cleaned_data.get("options") or "").strip()
        if not text:
            return {}
        try:
            options = json.loads(text)
        except json.JSONDecodeError as err:
            raise forms.ValidationError(
                _("This is not valid JSON (line %(line)s, column %(column)s: %(problem)s).")
                % {"line": err.lineno, "column": err.colno, "problem": err.msg}, code="bad_json") from None
        except RecursionError:
            raise forms.ValidationError(_("This JSON is nested too deeply."), code="bad_json") from None
        if not isinstance(options, dict):
            raise forms.ValidationError(_("Give a JSON object in braces, e.g. {\"raeuber_value\": 50}."),
                                        code="not_an_object")
        return options

    def clean(self):
        data = super().clean()
        variants.clean(self, data)
        chain = self.clean_tiebreaks(data)
        if chain is not None:
            data["tiebreaks"] = chain
        return visibility.clean(self, data)

    def clean_game(self):
        """Empty (a form of before the choice, a script): the current game, Cego for a new tournament."""
        return self.cleaned_data.get("game") or self.instance.game

    def clean_games_per_round_2(self):
        value = self.cleaned_data.get("games_per_round_2")
        return self.instance.games_per_round_2 if value is None else value

    def service_fields(self):
        """The settings for ``seasons.create_tournament``/``update_tournament`` (the status only when editing)."""
        return {name: self.cleaned_data[name] for name in TOURNAMENT_FIELDS if name in self.cleaned_data}


class CategoryForm(forms.ModelForm):
    """A season's own category (name only; its players are added on the category's page)."""

    class Meta:
        model = Category
        formfield_callback = whole_numbers
        fields = ["name"]
        widgets = {"name": forms.TextInput(attrs={"autocomplete": "off", "placeholder": _("e.g. Seniors")})}

    def __init__(self, *args, season, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.season = season

    def service_fields(self):
        """The name for ``seasons.create_category``/``rename_category`` (which tidy it and refuse a name the
        season has already)."""
        return {"name": self.cleaned_data["name"]}


class MergeForm(forms.Form):
    """One pair of the duplicate list: the two players (``a``, ``b``), which record to keep, and the confirmation."""
    a = WholeNumberField(min_value=1, widget=forms.HiddenInput)
    b = WholeNumberField(min_value=1, widget=forms.HiddenInput)
    keep = WholeNumberField(min_value=1, label=_("Keep"))
    confirm = forms.BooleanField(label=_("Yes, these are the same person: merge them."))

    def clean(self):
        data = super().clean()
        if {data.get("keep")} - {data.get("a"), data.get("b")}:
            raise forms.ValidationError(_("Choose which of the two records to keep."), code="merge_keep")
        return data

    def kept_and_other(self):
        a, b = self.cleaned_data["a"], self.cleaned_data["b"]
        return (a, b) if self.cleaned_data["keep"] == a else (b, a)


class PlayerSearchForm(forms.Form):
    q = forms.CharField(label=_("Find a player"), required=False, max_length=80,
                        widget=forms.TextInput(attrs={"type": "search", "autocomplete": "off", "autofocus": True,
                                                      "placeholder": _("Name or town")}))


class CheckInForm(forms.Form):
    """The check-in desk: one start number, Enter after each (docs/director.md, "Check-in")."""
    number = WholeNumberField(
        label=_("Start number"), min_value=1, max_value=99999,
        error_messages={"required": _("Type a start number."), "invalid": _("Type a start number.")},
        widget=forms.TextInput(attrs={"inputmode": "numeric", "pattern": "[0-9]*", "maxlength": 5, "size": 6,
                                      "autocomplete": "off", "placeholder": _("No.")}))


def birth_year_field():
    this_year = datetime.date.today().year
    return WholeNumberField(label=_("Year of birth"), required=False, min_value=1900, max_value=this_year,
                              widget=forms.NumberInput(attrs={"min": 1900, "max": this_year, "placeholder": "1987"}))


class PlayerForm(forms.ModelForm):
    """A player's data; warns about likely namesakes (``registration.selectors.namesakes``: the same name the German
    way or one typo apart, the same town first) until ``confirm`` is ticked."""

    birth_year = birth_year_field()
    confirm = forms.BooleanField(
        label=_("Yes, this is a different person with the same name"), required=False)

    class Meta:
        model = Player
        formfield_callback = whole_numbers
        fields = ["first_name", "last_name", "town", "club", "is_woman", "birth_year", "is_guest"]

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user            # whose players the namesake warning may name (``namesakes(visible_to=…)``)
        self.duplicates = []
        for name in ("first_name", "last_name", "town", "club"):
            self.fields[name].widget.attrs["autocomplete"] = "off"

    def clean(self):
        data = super().clean()
        tidy_names(self, data, ("first_name", "last_name"), ("town", "club"))     # no invisible names
        first, last = data.get("first_name"), data.get("last_name")
        renamed = not self.instance.pk or {"first_name", "last_name"} & set(self.changed_data)
        if first and last and renamed:
            # "Jürgen Weiss" next to "Jürgen Weiß", "Mueller" next to "Müller", one typo: common.names
            self.duplicates = namesakes(first, last, data.get("town") or "", exclude=self.instance.pk,
                                        visible_to=self.user)
            if self.duplicates and not data.get("confirm"):
                raise forms.ValidationError(
                    _("A player named %(name)s already exists. Register the existing player, or confirm that "
                      "this is a different person.") % {"name": f"{first} {last}"}, code="duplicate_name")
        return data

    def service_data(self):
        """The player's data for ``registration.services.register``/``update`` (without ``confirm``)."""
        return {name: self.cleaned_data[name] for name in PLAYER_FIELDS}


class EntryForm(forms.ModelForm):
    """Start number and team of one entry; a new team name creates the team in the season (the service checks
    that the start number is free, under the tournament's lock)."""

    new_team = forms.CharField(label=_("or new team"), required=False, max_length=120)

    class Meta:
        model = Entry
        formfield_callback = whole_numbers
        fields = ["start_number", "team", "paid", "checked_in", "withdrawn", "note"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        season = self.instance.tournament.season
        self.fields["team"].queryset = Team.objects.filter(season=season)
        self.fields["team"].empty_label = _("— no team —")
        self.fields["start_number"].min_value = 1
        self.fields["start_number"].widget.attrs["min"] = 1

    def clean_new_team(self):
        return " ".join((self.cleaned_data.get("new_team") or "").split())

    def clean_note(self):
        return names.tidy(self.cleaned_data.get("note") or "")

    def service_data(self):
        """``(data, new_team)`` for ``registration.services.update``."""
        return {name: self.cleaned_data[name] for name in ENTRY_FIELDS}, self.cleaned_data["new_team"]


class DrawForm(forms.Form):
    seed = forms.CharField(label=_("Seed"), required=False, max_length=64,
                           help_text=_("Empty: the tournament's seed (a new one is chosen if it has none)."))


class RoundStatusForm(forms.Form):
    status = forms.ChoiceField(choices=[("open", _("open")), ("complete", _("complete")), ("locked", _("locked"))])
    reason = forms.CharField(label=_("Reason"), required=False, max_length=200)


class ClockForm(forms.Form):
    """The round clock: ``start`` (again: restart) with ``minutes``, or ``stop``."""

    minutes = WholeNumberField(label=_("Minutes"), required=False,           # the service checks the range
                                 widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "minutes"}))
    action = forms.ChoiceField(choices=[("start", "start"), ("stop", "stop")])

    def clean(self):
        data = super().clean()
        if data.get("action") == "start" and not data.get("minutes"):
            self.add_error("minutes", _("How many minutes does the round last?"))
        return data


class ReasonForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), max_length=200,
                             widget=forms.TextInput(attrs={"autocomplete": "off"}))


class EndTableForm(forms.Form):
    """End a table's round early (a player left) or let it play on again (``results.early_end``)."""
    END, RESUME = "end", "resume"
    COUNTED, NOT_COUNTED = "counted", "not_counted"
    action = forms.ChoiceField(choices=[(END, END), (RESUME, RESUME)])
    counted = forms.ChoiceField(label=_("The games played"), required=False, initial=COUNTED, choices=[
        (COUNTED, _("stand")), (NOT_COUNTED, _("do not count: the round of this table is not counted"))])
    reason = forms.CharField(label=_("Reason"), max_length=200, widget=forms.TextInput(attrs={"autocomplete": "off"}))


class AdjustmentForm(forms.Form):
    entry = forms.ModelChoiceField(label=_("Player"), queryset=Entry.objects.none())
    points = WholeNumberField(label=_("Points"), help_text=_("Negative for a penalty, e.g. -50."),
                                min_value=-MAX_POINTS, max_value=MAX_POINTS,
                                widget=forms.NumberInput(attrs={"step": 1}))
    reason = forms.CharField(label=_("Reason"), max_length=200)

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        entries = tournament.entries.select_related("player").order_by("start_number")
        self.fields["entry"].queryset = entries
        self.fields["entry"].label_from_instance = lambda e: f"{e.start_number} · {e.player}"
        self.fields["entry"].empty_label = _("— choose a player —")


class ImportUploadForm(forms.Form):
    file = forms.FileField(label=_("Registration file (.xlsx or .csv)"), allow_empty_file=True,
                           widget=forms.ClearableFileInput(attrs={"accept": ".xlsx,.csv,.txt"}))
