/* Keying a game on the phone in a few taps: contract → declarer (by name) → the result by the contract's kind
   (card points on a number pad, won/lost or the declarer's tricks, card points and tricks per seat, the seat of
   the last trick); penalty and calls behind "more". What the keypad offers for a contract (tricks, "more") comes
   with the contract from the server (table_entry.selectors.keypad), never decided here. The engine's result shows
   before saving (vorschau/, debounced); saving puts the game into the offline queue (queue.js). A correction
   opens a game with its stored values and sends its version.

   Never behind (docs/table-entry.md "A phone that is never behind"): tapping a contract for a new game first asks
   the server for the sheet (net.refresh), then takes the game number, dealer and forehand from that fresh sheet.
   A new game follows the sheet while it is keyed: when another phone enters the game this one was keying, the
   title moves on to the next game, a note says so, and a declarer that was only preselected (the forehand)
   becomes the new game's forehand; a declarer the player tapped stays.

   The last rules of the seed documents (RULES.md §10; the server's buttons say which apply): a Pflichträuber
   (no_seat: nobody announced it), a Räuber the dealer of a table of five plays (dealer_plays), the Kleiner Mann an
   Ultimo's declarer bought (pagat_seller: sent as "U/3", as the director's sheet types it) and a fine (kind
   "fine": who pays, any seat; the value per other player, empty for the ruleset's default_value). */
(function () {
  "use strict";
  const app = window.CegoPhone;
  const {T, fmt, el, signed, contracts, net} = app;
  const byKey = {};
  contracts.forEach((c) => { byKey[c.key] = c; });
  const FIRST = 8;                       // contracts shown before "more games…" (the list is most-common-first)
  const FOREHAND = (c) => c.key === "cego" || c.kind === "raeuber" || c.kind === "drescher";

  const blank = () => ({number: null, version: null, contract: null, declarer: null, result: "", rp: {}, rt: {},
                        penalty: "", calls: "", active: null, field: "rp", more: false, all: false, played_with: "",
                        ouverte: false, begun: null, auto: false, seller: ""});
  let e = blank();
  let preview = null;                    // {for: fields key, ok, scores, explanation, errors} | {offline}
  let timer = null;
  let seq = 0;
  let opening = false;                   // a contract was tapped: the fresh sheet is on its way
  let moved = null;                      // {from, to}: the game this phone was keying was entered elsewhere

  const number = () => e.number || app.nextNumber();
  const contract = () => (e.contract ? byKey[e.contract] : null);
  const playing = (n) => { const row = app.row(n); return app.sheet().seats.filter((s) => s.seat !== row.out); };
  /* who plays contract c: a fine's payer and a Räuber the dealer plays at five may be the seat that sits out */
  const seatsFor = (c, n) => (c && (c.all_seats || c.dealer_plays) ? app.sheet().seats : playing(n));

  function complete() {
    const c = contract();
    if (!c || (!e.declarer && !c.no_seat)) return false;
    if (c.kind === "penalty") return true;          // Schinden: the seat chosen is the one that loses
    if (c.kind === "fine") return e.result !== "" || c.default_value != null;
    if (c.played_with && !e.played_with) return false;
    if (c.kind === "raeuber") return seatsFor(c, number()).every((s) => (e.rp[s.seat] || "") !== "");
    return e.result !== "";
  }

  function fields() {
    const c = contract();
    const n = number();
    const out = app.row(n).out;
    const offers = moreOffers(c);          // a penalty or calls chosen for another contract is not sent
    const typed = (e.contract || "") + (c && c.pagat_seller && e.seller ? "/" + e.seller : "");   // U/3
    const f = {number: n, version: e.version || "", contract: typed, declarer: c && c.no_seat ? "" : e.declarer || "",
               result: c && (c.kind === "raeuber" || c.kind === "penalty") ? "" : e.result,
               penalty: offers.includes("penalty") ? e.penalty : "", calls: offers.includes("calls") ? e.calls : "",
               played_with: c && c.played_with ? e.played_with : "",
               ouverte: c && c.ouverte && e.ouverte ? "1" : ""};
    app.sheet().seats.forEach((s, i) => {
      const raeuber = c && c.kind === "raeuber" && (s.seat !== out || c.dealer_plays);
      f["rp_" + i] = raeuber ? e.rp[s.seat] || "" : "";
      f["rt_" + i] = raeuber && c.tricks ? e.rt[s.seat] || "" : "";
    });
    return f;
  }

  function change(update) {
    Object.assign(e, update);
    render();
    schedulePreview();
  }

  function schedulePreview() {
    window.clearTimeout(timer);
    if (!complete()) { preview = null; return; }
    timer = window.setTimeout(async () => {
      if (!complete()) return;           // saved or cancelled meanwhile: no game left to preview
      const f = fields();
      const key = JSON.stringify(f);
      const mine = ++seq;
      let result;
      try {
        const response = await net.post(app.urls.preview, Object.assign({seat: net.seat() || "", device: net.device()}, f));
        result = response.ok ? await response.json() : {offline: true};
      } catch (err) {
        result = {offline: true};
      }
      if (mine !== seq) return;
      preview = Object.assign({for: key}, result);
      render();
    }, 250);
  }

  function chip(id, label, reset) {
    return el("button.chip", {id, on: {click: () => change(reset)}}, label, el("span.edit", null, " ✎ " + T.change));
  }

  function pad(value, set) {
    const keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "C", "0", "⌫"];
    return el("div.pad", null, keys.map((k) => el("button.key", {data: {digit: k}, on: {click: () => {
      const v = value();
      if (k === "C") set("");
      else if (k === "⌫") set(v.slice(0, -1));
      else if (v.length < 2) set(v === "0" ? k : v + k);
    }}}, k)));
  }

  function seatButtons(cls, seats, chosen, pick) {
    return el("div.seat-grid", null, seats.map((s) => el("button.big." + cls,
      {data: {seat: s.seat}, "aria-pressed": String(String(chosen) === String(s.seat)), on: {click: () => pick(s.seat)}},
      s.name)));
  }

  /* The variants (docs/entry.md): which game a Gegensolo was played with; a goal game played open. */
  function variantStep(c) {
    const parts = [];
    if (c.played_with) {
      parts.push(el("p.step-label", null, T.played_with), el("div.contract-grid", null, c.played_with.map((x) =>
        el("button.contract.with", {data: {with: x.key}, title: x.name, "aria-pressed": String(e.played_with === x.key),
                                    on: {click: () => change({played_with: x.key})}},
           el("strong", null, x.abbr), el("small", null, x.name)))));
    }
    if (c.pagat_seller) {         // the Kleiner Mann bought from another player for the Ultimo: he does not lose
      const others = playing(number()).filter((s) => String(s.seat) !== String(e.declarer));
      parts.push(el("p.step-label", null, T.pagat_seller), el("div.seat-grid", null,
        el("button.big.seller", {data: {seat: ""}, "aria-pressed": String(e.seller === ""),
                                 on: {click: () => change({seller: ""})}}, T.nobody),
        others.map((s) => el("button.big.seller", {data: {seat: s.seat}, "aria-pressed": String(e.seller === String(s.seat)),
                                                    on: {click: () => change({seller: String(s.seat)})}}, s.name))));
    }
    if (c.ouverte) {
      parts.push(el("button.big.secondary.ouverte", {id: "ouverte", "aria-pressed": String(!!e.ouverte),
                                                     on: {click: () => change({ouverte: !e.ouverte})}}, T.ouverte));
    }
    return parts;
  }

  function resultStep(c, n) {
    const seats = seatsFor(c, n);
    if (c.kind === "penalty") return [];
    if (c.kind === "fine") {
      const hint = c.default_value != null ? fmt("fine_default", {value: c.default_value}) : T.fine_value_needed;
      return [el("p.step-label", null, T.fine_value),
              el("output.display", {id: "result-display"}, e.result === "" ? (c.default_value != null ? String(c.default_value) : "–") : e.result),
              el("p.hint", null, hint), pad(() => e.result, (v) => change({result: v}))];
    }
    if (c.kind === "point") {
      return [el("p.step-label", null, T.card_points),
              el("output.display", {id: "result-display"}, e.result === "" ? "–" : e.result),
              pad(() => e.result, (v) => change({result: v}))];
    }
    if (c.kind === "goal") {
      // A number keyed for the tricks decides won or lost (the engine); the buttons show which it is.
      const keyed = /^[0-9]+$/.test(e.result) ? Number(e.result) : null;
      const won = keyed === null ? e.result === "+" : keyed === c.trick_goal;
      const lost = keyed === null ? e.result === "-" : keyed !== c.trick_goal;
      const parts = [el("p.step-label", null, T.goal), el("div.two", null,
        el("button.big.ok.won", {data: {result: "+"}, "aria-pressed": String(won), on: {click: () => change({result: "+"})}}, T.won),
        el("button.big.danger.lost", {data: {result: "-"}, "aria-pressed": String(lost), on: {click: () => change({result: "-"})}}, T.lost))];
      if (c.tricks) {
        const counts = Array.from({length: c.tricks + 1}, (_, t) => t);
        parts.push(el("p.step-label", null, T.goal_tricks), el("div.trick-grid", null, counts.map((t) =>
          el("button.trick", {data: {tricks: t}, "aria-pressed": String(keyed === t),
                              on: {click: () => change({result: String(t)})}}, String(t)))));
      }
      return parts;
    }
    if (c.kind === "drescher") {
      return [el("p.step-label", null, T.last_trick), seatButtons("last", seats, e.result, (s) => change({result: String(s)}))];
    }
    const active = e.active || seats[0].seat;
    const field = c.tricks && e.field === "rt" ? "rt" : "rp";
    const setValue = (v) => {
      const values = Object.assign({}, e[field], {[active]: v});
      let next = active;
      // a value that cannot grow (two digits; tricks above the most a hand holds): on to the next empty seat
      if (v.length === 2 || (field === "rt" && v !== "" && Number(v) * 10 > c.tricks)) {
        const empty = seats.find((s) => s.seat !== active && !values[s.seat]);
        if (empty) next = empty.seat;
      }
      change({[field]: values, active: next});
    };
    const list = (name, label) => [el("p.step-label", null, label), el("div.rp-list." + name + "-list", null,
      seats.map((s) => el("button." + name, {data: {seat: s.seat}, "aria-pressed": String(field === name && s.seat === active),
                                              on: {click: () => change({active: s.seat, field: name})}},
        app.shortName(s.seat), el("span.value", null, e[name][s.seat] || "–"))))];
    const parts = list("rp", T.raeuber_points);
    // Tricks per seat only where the ruleset pays on them (Jungfrau, all tricks); empty: from the card points.
    if (c.tricks) parts.push(...list("rt", T.raeuber_tricks), el("p.hint.rt-hint", null, T.raeuber_tricks_hint));
    parts.push(pad(() => e[field][active] || "", setValue));
    return parts;
  }

  /* "more" offers what the contract has under the ruleset (c.more: penalty, calls), nothing else; a page from
     before the contracts carried it (kept by the service worker) offers the penalty, and calls as the sheet says. */
  const moreOffers = (c) => (c ? c.more || ["penalty"].concat(app.sheet().calls ? ["calls"] : []) : []);
  function moreStep(c, n) {
    const offers = moreOffers(c);
    const most = c.max_calls || 6;
    if (!offers.length) return null;
    if (!e.more) {
      const label = offers.includes("calls") ? T.more : T.more_penalty;
      return el("button.link.more", {id: "more", data: {offers: offers.join(" ")}, on: {click: () => change({more: true})}}, label);
    }
    const box = el("div.more-box");
    if (offers.includes("penalty")) {
      box.append(el("p.step-label", null, T.penalty), el("div.seat-grid", null,
        el("button.big.penalty", {data: {seat: ""}, "aria-pressed": String(e.penalty === ""),
                                  on: {click: () => change({penalty: ""})}}, T.nobody),
        playing(n).map((s) => el("button.big.penalty", {data: {seat: s.seat},
          "aria-pressed": String(e.penalty === String(s.seat)), on: {click: () => change({penalty: String(s.seat)})}}, s.name))));
    }
    if (offers.includes("calls")) {
      const calls = Number(e.calls || 0);
      box.append(el("p.step-label", null, T.calls), el("div.stepper.calls", null,
        el("button.big.secondary", {disabled: calls <= 0, on: {click: () => change({calls: calls > 1 ? String(calls - 1) : ""})}}, "−"),
        el("output.display", {id: "calls-display"}, String(calls)),
        el("button.big.secondary", {disabled: calls >= most, on: {click: () => change({calls: String(Math.min(calls + 1, most))})}}, "+")));
    }
    return box;
  }

  function previewBox() {
    const box = el("div.preview", {id: "preview", "aria-live": "polite"});
    if (!complete() || !preview) return box;
    if (preview.offline) { box.append(el("p.hint.offline", null, T.preview_offline)); return box; }
    if (preview.for !== JSON.stringify(fields())) return box;
    if (preview.ok) {
      box.append(el("ul.scores", null, app.sheet().seats.map((s, i) => el("li", {data: {seat: s.seat}},
        app.shortName(s.seat), el("strong", {class: preview.scores[i] < 0 ? "neg" : ""}, signed(preview.scores[i]))))));
      if (preview.explanation) box.append(el("p.explanation", null, preview.explanation));
    } else {
      const errors = preview.errors || {};
      const messages = [...new Set(Object.keys(errors).flatMap((k) => errors[k]))];   // one line per message
      box.append(el("ul.errors", null, messages.map((m) => el("li", null, m))));
    }
    return box;
  }

  /* A new game keyed on a sheet that moved on: the game number it was begun for is taken meanwhile. */
  function follow() {
    if (e.version || e.number || !e.contract || e.begun == null) return;
    const n = app.nextNumber();
    if (!n || n === e.begun) return;
    const taken = app.row(e.begun) && app.row(e.begun).game;
    moved = taken ? {from: e.begun, to: n} : null;                // else a game was deleted: simply the new number
    const c = contract();
    const update = {begun: n};
    if (e.auto) update.declarer = FOREHAND(c) ? app.row(n).forehand : null;
    if (update.declarer !== undefined && update.declarer !== e.declarer) preview = null;
    Object.assign(e, update);
    schedulePreview();
  }

  /* Tapping a contract for a new game: the fresh sheet first (at most 2 s; offline the phone's own), then the
     game number and its forehand from it. */
  async function open(x) {
    if (opening) return;
    const fresh = !e.version && !e.number;
    if (fresh) {
      opening = true;
      render();
      try { await net.refresh(2000); } finally { opening = false; }
    }
    const n = number();
    if (!n) { app.render(); return; }
    const declarer = e.declarer || (FOREHAND(x) ? app.row(n).forehand : null);
    if (fresh) moved = null;
    change({contract: x.key, declarer, auto: !e.declarer && FOREHAND(x), begun: fresh ? n : null,
            result: "", rp: {}, rt: {}, active: null, field: "rp", played_with: "", ouverte: false, seller: ""});
  }

  function movedNote() {
    if (!moved || !e.contract || e.version) return null;
    const row = app.row(moved.from);
    const g = row && row.game;
    const what = g ? g.abbr + (g.declarer_name ? " \u00b7 " + g.declarer_name : "") : "";
    const by = g && g.keyed_seat ? fmt("keyed_by", {name: app.name(g.keyed_seat)}) : "";
    return el("p.note.warn", {id: "entry-moved", role: "status"},
              fmt("moved", {from: moved.from, to: moved.to, what: [what, by].filter(Boolean).join(", ")}) + " " + T.moved_same);
  }

  function render() { follow(); app.keepFocus(draw); }
  function draw() {
    const root = document.getElementById("entry");
    const n = number();
    if (!net.seat() || !app.writable() || !n) { root.hidden = true; root.replaceChildren(); return; }
    root.hidden = false;
    const row = app.row(n);
    const c = contract();
    const parts = [];
    const sub = [fmt("deals", {name: app.name(row.dealer)})];
    if (row.out) sub.push(fmt("sits_out", {name: app.name(row.out)}));
    sub.push(fmt("forehand", {name: app.name(row.forehand)}));
    parts.push(el("h2", {id: "entry-title", data: {number: n, version: e.version || "", dealer: row.dealer,
                                                   forehand: row.forehand}},
                  e.version ? fmt("correct_game", {n}) : fmt("game", {n}),
                  el("small", null, " · " + sub.join(" · "))));
    const note = movedNote();
    if (note) parts.push(note);
    if (c) parts.push(chip("chosen-contract", c.abbr + " · " + c.name, {contract: null, declarer: null, result: "", rp: {}, rt: {},
                                                                         field: "rp", played_with: "", ouverte: false, seller: ""}));
    else {
      const list = e.all ? contracts : contracts.slice(0, FIRST);
      parts.push(el("div.contract-grid", {"aria-busy": String(opening)}, list.map((x) => el("button.contract",
        {data: {contract: x.key, abbr: x.abbr}, title: x.name, on: {click: () => open(x)}},
         el("strong", null, x.abbr), el("small", null, x.name))),
        !e.all && contracts.length > FIRST ? el("button.contract.all", {id: "more-contracts",
          on: {click: () => change({all: true})}}, T.more_contracts) : null));
    }
    if (c && c.no_seat) parts.push(el("p.hint", {id: "no-announcer"}, T.no_announcer));
    else if (c) {
      const label = c.kind === "penalty" ? T.loser : c.kind === "fine" ? T.payer
        : c.kind === "raeuber" || c.kind === "drescher" ? T.announcer : T.declarer;
      if (e.declarer) parts.push(chip("chosen-declarer", label + " " + app.name(e.declarer), {declarer: null, auto: false}));
      else parts.push(el("p.step-label", null, label), seatButtons("declarer", seatsFor(c, n), e.declarer,
                                                                     (s) => change({declarer: s, auto: false})));
    }
    if (c && (e.declarer || c.no_seat)) parts.push(...variantStep(c), ...resultStep(c, n), moreStep(c, n), previewBox());
    const bad = preview && !preview.offline && preview.for === JSON.stringify(fields()) && !preview.ok;
    parts.push(el("div.actions.entry-actions", null,
      el("button.big.ok", {id: "save", disabled: !complete() || bad, on: {click: save}}, T.save),
      c || e.version ? el("button.big.secondary", {id: "cancel", on: {click: () => { e = blank(); preview = null; moved = null; app.render(); }}}, T.cancel) : null));
    root.replaceChildren(...parts);
  }

  function save() {
    if (!complete()) return;
    const c = contract();
    const f = fields();
    const scores = preview && preview.ok && preview.for === JSON.stringify(f) ? preview.scores : null;
    const snapshot = Object.assign({}, e, {number: f.number});
    e = blank();
    preview = null;
    moved = null;
    net.enqueue("save", f, {label: c.abbr + (f.declarer ? " · " + app.name(Number(f.declarer)) : ""), scores, entry: snapshot});
    app.render();
  }

  function load(entry) {
    e = Object.assign(blank(), entry);
    moved = null;
    app.render();
    schedulePreview();
    document.getElementById("entry").scrollIntoView({block: "start"});
  }

  /* A stored game opened for a correction: its values as the director's sheet shows them. */
  function edit(n, version, values, key) {
    const typed = values.contract || "";
    const sold = /\/([0-9]+)$/.exec(typed);                      // U/3: the Kleiner Mann bought from seat 3
    if (typed === "PR" && byKey.PR) key = "PR";                  // a Pflichträuber is its own button
    const entry = {number: n, version, contract: key, declarer: values.declarer ? Number(values.declarer) : null,
                   result: values.result || "", penalty: values.penalty || "", calls: values.calls || "", rp: {}, rt: {},
                   ouverte: !!values.ouverte, played_with: "", seller: sold ? sold[1] : ""};
    const c = byKey[key];
    const chosen = c && c.played_with ? c.played_with.find((x) => x.abbr === values.played_with) : null;
    if (chosen) entry.played_with = chosen.key;
    app.sheet().seats.forEach((s, i) => {
      if (values["rp_" + i]) entry.rp[s.seat] = values["rp_" + i];
      if (values["rt_" + i]) entry.rt[s.seat] = values["rt_" + i];
    });
    entry.more = !!(entry.penalty || entry.calls);
    load(entry);
  }

  window.CegoEntry = {render, load, edit};
})();
