/* The table page (docs/table-entry.md): seat choice, the sheet, confirmations and sign-off, the round clock.
   Keying a game lives in entry.js, storage and network in queue.js, updates in place and the pause in live.js.
   Everything is drawn with textContent: no data ever goes through innerHTML. The page works without the service worker too. */
(function () {
  "use strict";
  const net = window.CegoNet;
  const data = (id) => JSON.parse(document.getElementById(id).textContent);
  const $ = (id) => document.getElementById(id);
  const urls = data("urls-data");
  const contracts = data("contracts-data");
  const T = {};
  document.querySelectorAll("#strings [data-k]").forEach((el) => { T[el.dataset.k] = el.textContent.trim(); });
  const fmt = (key, values) => T[key].replace(/\{(\w+)\}/g, (m, k) => (k in values ? values[k] : m));

  /* el("button.big", {data: {seat: 1}, on: {click: f}}, "text", child…) */
  function el(spec, attrs, ...children) {
    const [tag, ...classes] = spec.split(".");
    const node = document.createElement(tag);
    if (classes.length) node.className = classes.join(" ");
    const a = attrs || {};
    Object.keys(a).forEach((k) => {
      if (k === "data") Object.keys(a.data).forEach((d) => { node.dataset[d] = a.data[d]; });
      else if (k === "on") Object.keys(a.on).forEach((e) => node.addEventListener(e, a.on[e]));
      else if (k === "hidden" || k === "disabled") node[k] = !!a[k];
      else node.setAttribute(k, a[k]);
    });
    if (tag === "button" && !a.type) node.type = "button";
    children.flat().forEach((c) => { if (c != null && c !== false) node.append(c instanceof Node ? c : String(c)); });
    return node;
  }
  const signed = (n) => (n > 0 ? "+" + n : n < 0 ? "\u2212" + Math.abs(n) : "0");

  const stored = net.readJSON(net.KEYS.sheet, null);
  let sheet = data("sheet-data");
  if (stored && stored.now && Date.parse(stored.now) > Date.parse(sheet.now)) sheet = stored;  // a cached page
  let openRow = null;           // the game number whose details are open
  let disputing = null;         // {number, note} while a dispute note is typed
  const notices = [];           // refusals shown until dismissed
  let invalid = false;

  const {keepFocus} = window.CegoLive;
  const app = {T, fmt, el, signed, contracts, urls, net,
    sheet: () => sheet,
    seat: () => net.seat(),
    name: (seat) => { const s = sheet.seats.find((x) => x.seat === seat); return s ? s.name : String(seat); },
    /* A seat's short name (distinct at the table, common.namesakes) for a narrow place that cuts with "…": the
       name may be cut, what tells a namesake apart ("(Nr. 12)") stays whole; the title has the full name. */
    shortName(seat) {
      const s = sheet.seats.find((x) => x.seat === seat);
      if (!s) return el("span.name", null, seat == null ? "" : String(seat));
      const text = s.short || s.name;
      const cut = text.indexOf(" (");
      return el("span.name", {title: s.name}, el("span.nm", null, cut > 0 ? text.slice(0, cut) : text),
                cut > 0 ? el("span.apart", null, text.slice(cut + 1)) : null);
    },
    row: (n) => sheet.rows[n - 1],
    writable: () => sheet.writable && !invalid,
    queuedSaves() {
      const map = {};
      net.queue().forEach((i) => { if (i.action === "save") map[i.fields.number] = i; });
      return map;
    },
    /* The next game to key: the first row that is neither on the server nor waiting in the queue. */
    nextNumber() {
      if (sheet.totals_only || sheet.ended_early) return null;
      const queued = app.queuedSaves();
      const row = sheet.rows.find((r) => !r.game && !queued[r.number]);
      return row ? row.number : null;
    },
    render,
    keepFocus,
  };
  window.CegoPhone = app;

  /* Whether a sheet differs from the one shown in more than its time stamp. */
  const content = (s) => JSON.stringify(Object.assign({}, s, {now: null}));
  function setSheet(next, fresh) {
    if (!next) return false;
    if (fresh !== false && sheet && Date.parse(next.now) < Date.parse(sheet.now)) return false;   // a poll overtaken by a write
    const changed = !sheet || content(next) !== content(sheet);
    sheet = next;
    if (fresh !== false) skew = Date.now() - Date.parse(next.now);
    net.storage.set(net.KEYS.sheet, JSON.stringify(next));
    setClock();
    return changed;
  }

  /* ---- updates in place (live.js): focus and typed text survive a redraw; the poll can be paused ---- */
  const live = window.CegoLive.pause(net, T, (held) => { if (setSheet(held)) render(); });

  /* ---- seat ---- */
  function renderSeat() {
    const seat = net.seat();
    $("seat-choice").hidden = !!seat || !app.writable();      // a locked round: the final sheet, no seat asked
    $("me").hidden = !seat;
    $("me-name").textContent = seat ? seat + " · " + app.name(seat) : "";
    $("change-seat").hidden = !app.writable();                // a locked round: no seat to give up
    document.querySelectorAll("#seat-choice .seat-button").forEach((b) => {
      b.setAttribute("aria-pressed", String(Number(b.dataset.seat) === seat));
    });
    window.CegoLive.markHeld(sheet, T.seat_held);
  }
  document.querySelectorAll("#seat-choice .seat-button").forEach((b) => b.addEventListener("click", () => {
    net.claim(Number(b.dataset.seat), app.writable());
    render();
    window.scrollTo(0, 0);
  }));
  $("change-seat").addEventListener("click", (e) => { e.preventDefault(); net.release(app.writable()); render(); });

  /* ---- the sheet ---- */
  function status(row, queued) {
    const waiting = net.queue().some((i) => i.fields && Number(i.fields.number) === row.number && i.action !== "save");
    if (queued || waiting) return "waiting";
    if (!row.game) return "open";
    if (row.game.disputed) return "disputed";
    return row.game.confirmed ? "confirmed" : "unconfirmed";
  }
  const MARK = {waiting: "…", disputed: "!", confirmed: "✓", unconfirmed: "?", open: ""};

  function renderSheet() {
    const body = $("sheet").tBodies[0];
    const queued = app.queuedSaves();
    const rows = [];
    sheet.rows.forEach((row) => {
      const q = queued[row.number];
      const st = status(row, q);
      const g = row.game;
      const tr = el("tr", {data: {number: row.number, status: st}, id: "row-" + row.number});
      tr.classList.add("st-" + st);
      if (g || q) {
        tr.classList.add("tap");
        tr.addEventListener("click", () => { openRow = openRow === row.number ? null : row.number; disputing = null; render(); });
      }
      const dealer = el("span.dealer", {title: fmt("deals", {name: app.name(row.dealer)})}, "G" + row.dealer);
      const label = T["status_" + st] || "";
      tr.append(el("td.c-n", null, el("strong", null, row.number),
                   el("span.mark", {title: label, "aria-label": label}, MARK[st]), dealer));
      const [abbr, who] = q ? (q.label || "").split(" · ") : g ? [g.abbr, g.declarer_name] : ["", ""];
      const whoSeat = g && !q ? g.declarer : q && q.fields && Number(q.fields.declarer);
      tr.append(el("td.c-game", null, el("strong", null, abbr),
                   whoSeat && who ? el("span.who", null, app.shortName(whoSeat)) : el("span.who", null, who || "")));
      sheet.seats.forEach((s, i) => {
        const td = el("td.c-seat");
        // the dealer who sits out: "–", unless he scored (a fine he paid, a Räuber he played at five)
        if (row.out === s.seat && !(g && !q && g.scores[i])) { td.classList.add("out"); td.textContent = "–"; }
        else if (g && !q) {
          td.append(el("span.score", null, signed(g.scores[i])), el("span.run", null, row.running ? row.running[i] : ""));
        } else if (q && q.scores) td.append(el("span.score.provisional", null, signed(q.scores[i])));
        tr.append(td);
      });
      rows.push(tr);
      if (openRow === row.number && (g || q)) rows.push(detailRow(row, q));
    });
    body.replaceChildren(...rows);
    sheet.seats.forEach((s, i) => {
      const td = document.querySelector(`#sheet tfoot td.total[data-seat="${s.seat}"]`);
      if (td) td.textContent = signed(sheet.totals[i] || 0);
    });
    const next = app.nextNumber();
    $("next-info").textContent = next ? fmt("next", {n: next, name: app.name(app.row(next).dealer)})
      : sheet.ended_early ? (sheet.not_counted ? T.ended_not_counted : T.ended_early)
      : sheet.totals_only ? "" : T.all_entered;
  }

  function detailRow(row, queued) {
    const g = row.game;
    const box = el("div.detail");
    if (queued) box.append(el("p", null, T.status_waiting));
    if (g && !queued) {
      if (g.words) box.append(el("p.words", null, g.words));     // a Pflichträuber, a bought Kleiner Mann, a fine
      if (g.explanation) box.append(el("p.explanation", null, g.explanation));
      const who = [];
      if (g.keyed_seat) who.push(fmt("keyed_by", {name: app.name(g.keyed_seat)}));
      if (g.confirmed_seat) who.push(fmt("confirmed_by", {name: app.name(g.confirmed_seat)}));
      if (who.length) box.append(el("p.hint", null, who.join(" · ")));
      if (app.writable() && net.seat()) box.append(gameActions(row, true));
    }
    box.append(el("button.link", {on: {click: () => { openRow = null; render(); }}}, T.close));
    return el("tr.detail-row", null, el("td", {colspan: String(sheet.seats.length + 2)}, box));
  }

  /* Confirm / dispute (another seat's unconfirmed game), correct (any game); the dispute note when asked. */
  function gameActions(row, withCorrect) {
    const g = row.game;
    const me = net.seat();
    const box = el("div.actions");
    if (!g.confirmed && g.keyed_seat !== me && !g.disputed) {
      box.append(el("button.big.ok.confirm", {data: {number: row.number}, on: {click: (e) => {
        e.stopPropagation();
        net.enqueue("confirm", {number: row.number, version: g.version}, {label: g.abbr});
      }}}, T.confirm));
    } else if (!g.confirmed && g.keyed_seat === me) {
      box.append(el("p.hint", null, T.wait_confirm));
    }
    if (withCorrect) {
      box.append(el("button.big.secondary.correct", {data: {number: row.number}, on: {click: (e) => {
        e.stopPropagation();
        openRow = null;
        window.CegoEntry.edit(row.number, g.version, g.values, g.contract);
      }}}, T.correct));
    }
    if (disputing && disputing.number === row.number) {
      const input = el("input.note-input", {type: "text", maxlength: "200", placeholder: T.dispute_note,
        "aria-label": T.dispute_note, on: {input: (e) => { disputing.note = e.target.value; },
                                           click: (e) => e.stopPropagation()}});
      input.value = disputing.note;
      box.append(input, el("button.big.danger.send-dispute", {on: {click: (e) => {
        e.stopPropagation();
        net.enqueue("dispute", {number: row.number, note: disputing.note}, {label: g.abbr});
        disputing = null;
      }}}, T.send_dispute));
    } else {
      box.append(el("button.big.danger.dispute", {data: {number: row.number}, on: {click: (e) => {
        e.stopPropagation();
        disputing = {number: row.number, note: ""};
        render();
        const input = document.querySelector(".note-input");
        if (input) input.focus();
      }}}, T.dispute));
    }
    return box;
  }

  /* The games other seats keyed that this seat has not seen confirmed yet, on top. */
  function renderTodo() {
    const me = net.seat();
    const todo = $("todo");
    const waiting = new Set(net.queue().filter((i) => i.action !== "save").map((i) => Number(i.fields.number)));
    const rows = me && app.writable() ? sheet.rows.filter((r) => r.game && !r.game.confirmed && !r.game.disputed
      && r.game.keyed_seat !== me && !waiting.has(r.number)) : [];
    const cards = rows.map((row) => el("div.todo-card", {data: {number: row.number}, id: "todo-" + row.number},
      el("p", null, el("strong", null, fmt("game", {n: row.number}) + ": " + row.game.abbr + " · "
                       + row.game.declarer_name)),
      el("p.scores", null, sheet.seats.map((s, i) => s.name + " " + signed(row.game.scores[i])).join(" · ")),
      row.game.explanation ? el("p.explanation.hint", null, row.game.explanation) : null,
      gameActions(row, false)));
    todo.hidden = !cards.length;
    todo.replaceChildren(...(cards.length ? [el("h2", null, T.to_confirm), ...cards] : []));
  }

  /* Sign-off and the call button. */
  function renderFinish() {
    const me = net.seat();
    const box = $("finish");
    const parts = [];
    const disputed = sheet.flags.some((f) => f.kind === "dispute");
    const signQueued = net.queue().some((i) => i.action === "sign");
    if (sheet.complete) {
      if (disputed) parts.push(el("p.note.warn", {id: "dispute-open"}, T.open_dispute));
      else if (sheet.unconfirmed.length) parts.push(el("p.hint", null, fmt("open_games", {list: sheet.unconfirmed.join(", ")})));
      else if (me && app.writable() && !sheet.signed.includes(me)) {
        parts.push(el("p", null, T.sign_hint));
        parts.push(signQueued ? el("p.hint", null, T.status_waiting) : el("button.big.ok", {id: "sign", on: {click: () => {
          net.enqueue("sign", {state: sheet.state});
        }}}, T.sign));
      } else if (me && sheet.signed.includes(me)) parts.push(el("p.ok-text", {id: "you-signed"}, T.you_signed));
      if (sheet.signed.length) {
        parts.push(el("p", {id: "signed"}, T.signed + " " + sheet.signed.map((s) => s + " " + app.name(s)).join(", ")));
      }
      if (sheet.signed.length === sheet.size) parts.push(el("p.ok-text", null, T.all_signed));
    }
    box.hidden = !parts.length;
    box.replaceChildren(...parts);
    const call = $("call");
    const called = sheet.flags.some((f) => f.kind === "call") || net.queue().some((i) => i.action === "call");
    call.hidden = !(me && app.writable());
    call.disabled = called;
    call.textContent = called ? T.called : document.body.dataset.callLabel;
  }
  document.body.dataset.callLabel = $("call").textContent.trim();
  /* The call asks first what it is about (optional, at most 200 characters): the hall view shows it. */
  $("call").addEventListener("click", () => {
    $("call-form").hidden = !$("call-form").hidden;
    if (!$("call-form").hidden) $("call-note").focus();
  });
  $("call-cancel").addEventListener("click", () => { $("call-form").hidden = true; });
  $("call-form").addEventListener("submit", (event) => {
    event.preventDefault();
    net.enqueue("call", {note: $("call-note").value.trim().slice(0, 200)});
    $("call-note").value = "";
    $("call-form").hidden = true;
    render();
  });

  /* Refusals and conflicts: shown to the player, never resolved silently. */
  function renderMessages() {
    $("messages").replaceChildren(...notices.map((n, i) => el("div.note.error", {role: "alert"},
      el("p", null, n.title), el("ul", null, n.lines.map((l) => el("li", null, l))),
      el("div.actions", null,
        n.entry ? el("button.big.secondary", {on: {click: () => { notices.splice(i, 1); window.CegoEntry.load(n.entry); }}}, T.edit) : null,
        el("button.big.secondary.dismiss", {on: {click: () => { notices.splice(i, 1); render(); }}}, T.dismiss)))));
    conflicts.draw($("conflicts"));
  }

  /* A save that met a game keyed meanwhile (conflicts.js): the versions with the scores by name; mine again as a
     correction or as the next game, where a declarer only preselected (the forehand) becomes that game's. */
  const byName = (scores) => (scores ? sheet.seats.map((s, i) => app.name(s.seat) + " " + signed(scores[i])).join(" · ") : "");
  const conflicts = window.CegoConflicts.create({net, T, fmt, name: app.name, nextNumber: app.nextNumber,
    render: () => render(), notice: (text) => { notices.push({title: text, lines: [], entry: null}); render(); },
    describe: (side) => ({text: side.summary || "", scores: byName(side.scores)}),
    correctable: true,
    resend(item, version) {
      net.enqueue("save", Object.assign({}, item.fields, {version}), {label: item.label, scores: null, entry: item.entry});
    },
    saveAs(item, n) {
      const entry = Object.assign({}, item.entry, {number: n, version: null, begun: null});
      const fields = Object.assign({}, item.fields, {number: n, version: ""});
      let label = item.label;
      if (entry.auto) {
        entry.declarer = app.row(n).forehand;
        fields.declarer = entry.declarer;
        label = (label || "").split(" · ")[0] + " · " + app.name(entry.declarer);
      }
      net.enqueue("save", fields, {label, scores: null, entry});
    }});

  function errorLines(payload) {
    const errors = payload.errors || {};
    return Object.keys(errors).flatMap((k) => errors[k]);
  }
  net.on((event, detail, source) => {
    if (event === "sheet") {
      if (source === "poll" && live.hold(detail)) return;
      if (!setSheet(detail)) return;
    } else if (event === "invalid") invalid = true;
    else if (event === "refused") {
      const {item, status, payload} = detail;
      if (status === 404) invalid = true;
      else if (status === 409 && payload.conflict) {
        conflicts.add(item, payload.conflict);
      } else {
        const title = item.action === "save" ? fmt("not_saved", {n: item.fields.number}) : T.refused;
        notices.push({title, lines: errorLines(payload), entry: item.action === "save" ? item.entry : null});
      }
    }
    render();
    conflicts.show();
  });

  /* ---- the round clock: seconds left at sheet.now, counted down locally ---- */
  let clockEnd = null;
  let skew = 0;                 // the phone's clock minus the server's, taken when a sheet arrives
  function setClock() {
    const c = sheet.clock;
    clockEnd = c ? Date.parse(c.ends_at) + skew : null;
    tick();
  }
  function tick() {
    const clock = $("clock");
    clock.hidden = clockEnd == null;
    if (clockEnd == null) return;
    const left = Math.round((clockEnd - Date.now()) / 1000);
    const abs = Math.abs(left);
    const text = Math.floor(abs / 60) + ":" + String(abs % 60).padStart(2, "0");
    clock.textContent = left >= 0 ? "⏱ " + text : "⏱ −" + text + " " + T.over_time;
    clock.classList.toggle("over", left < 0);
  }

  function render() { keepFocus(draw); }
  function draw() {
    const writable = app.writable();
    $("locked").hidden = writable;
    $("live").hidden = !writable;                              // nothing changes any more: no pause button
    $("locked").textContent = invalid ? T.link_invalid : $("locked").textContent;
    $("offline").hidden = net.online();
    renderSeat();
    renderMessages();
    renderTodo();
    renderSheet();
    renderFinish();
    if (window.CegoEntry) window.CegoEntry.render();
  }

  document.addEventListener("DOMContentLoaded", () => {
    setSheet(sheet, sheet !== stored);
    render();
    window.setInterval(tick, 1000);
    net.start(urls);
    net.registerWorker();
  });
})();
