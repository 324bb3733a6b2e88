/* The table page of Offiziers-Cego and Ziege (docs/table-entry.md "Offiziers-Cego and Ziege"): seat choice, the
   sheet, keying a game with the engine's preview, confirmations, disputes, the call and the sign-off. The rows,
   the games to confirm, dispute notes and the sign-off are drawn by games_sheet.js; storage, the offline queue
   and polling are queue.js, updates in place and the pause live.js (as for Cego). Everything is drawn with
   textContent.

   Never behind (docs/table-entry.md "A phone that is never behind"): starting to type a game asks the server for
   the sheet first (net.refresh); a game being typed whose number another phone took meanwhile moves on to the
   next number with a note; a save that met a game keyed meanwhile (409) shows both versions by name beside the
   entry with the ways on: keep the saved one, send mine as a correction (Offiziers-Cego; a Ziege game is never
   changed at the table) or save mine as the next game. */
(function () {
  "use strict";
  const net = window.CegoNet;
  const {keepFocus} = window.CegoLive;
  const $ = (id) => document.getElementById(id);
  const data = (id) => JSON.parse($(id).textContent);
  const urls = data("urls-data");
  const ZIEGE = document.body.dataset.game === "ziege";
  const T = {};
  document.querySelectorAll("#strings [data-k]").forEach((e) => { T[e.dataset.k] = e.textContent.trim(); });
  const fmt = (key, values) => T[key].replace(/\{(\w+)\}/g, (m, k) => (k in values ? values[k] : m));
  /* Text that did not change is not set again: the live regions (the series) speak only when something changed. */
  const setText = (node, text) => { if (node.textContent !== text) node.textContent = text; };
  const signed = (n) => (n > 0 ? "+" + n : n < 0 ? "\u2212" + Math.abs(n) : "0");

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    Object.entries(attrs || {}).forEach(([k, v]) => {
      if (k === "on") Object.entries(v).forEach(([e, f]) => node.addEventListener(e, f));
      else if (k === "className") node.className = v;
      else node.setAttribute(k, v);
    });
    if (tag === "button") node.type = "button";
    children.flat().forEach((c) => { if (c != null && c !== false) node.append(c instanceof Node ? c : String(c)); });
    return node;
  }

  let sheet = data("sheet-data");
  let counted = net.seat() || 1;   // Offiziers: whose card points are typed (one's own, unless tapped otherwise)
  let editing = null;         // Offiziers: {number, version} of a game being corrected
  let previewTimer = null;
  let begun = null;           // the game number a new game was begun for (typing started)
  let moved = null;           // {from, to}: that number was taken meanwhile
  const notices = [];

  const name = (seat) => { const s = sheet.seats.find((x) => x.seat === seat); return s ? s.name : String(seat); };
  const writable = () => sheet.writable;
  const queuedSaves = () => net.queue().filter((i) => i.action === "save").map((i) => Number(i.fields.number));

  function nextNumber() {
    return editing ? editing.number : openNumber();
  }

  /* The next game to key: the sheet's next, past the games waiting in the queue. */
  function openNumber() {
    if (sheet.next == null) return null;
    const queued = queuedSaves();
    let n = sheet.next;
    if (ZIEGE) return n + queued.filter((q) => q >= n).length;
    while (queued.includes(n) || (sheet.rows[n - 1] && sheet.rows[n - 1].game)) n += 1;
    return n <= sheet.planned ? n : null;
  }

  /* ---- what is typed ---- */
  function typed() {
    const raw = $("points").value.trim();
    if (!/^\d{1,3}$/.test(raw)) return null;
    const points = Number(raw);
    if (ZIEGE) {
      return {number: nextNumber(), points_a: points, trick_a: $("trick-a").checked ? "1" : "0",
              trick_b: $("trick-b").checked ? "1" : "0"};
    }
    const first = counted === 1 ? points : sheet.pack - points;
    return {number: nextNumber(), card_points: first, penalty: $("penalty").value,
            version: editing ? editing.version : ""};
  }

  function showOther() {
    const raw = $("points").value.trim();
    const points = /^\d{1,3}$/.test(raw) ? Number(raw) : null;
    if (ZIEGE) {
      $("other-points").textContent = points == null || points > 120 ? ""
        : fmt("team_b_points", {points: 120 - points});
    } else {
      const other = counted === 1 ? 2 : 1;
      $("other-points").textContent = points == null || points > sheet.pack ? ""
        : fmt("points_of", {name: name(other), points: sheet.pack - points});
    }
  }

  async function preview() {
    const fields = typed();
    const box = $("preview");
    box.textContent = "";
    box.classList.remove("error");
    if (!fields || fields.number == null) return;
    let payload;
    try {
      const response = await net.post(urls.preview, fields);
      payload = await response.json();
    } catch (e) {
      box.textContent = T.preview_offline;
      return;
    }
    if (!payload.ok) {
      box.classList.add("error");
      box.textContent = Object.values(payload.errors || {}).flat().join(" ");
      return;
    }
    if (ZIEGE) {
      const now = sheet.current;
      const after = [now[0] + payload.defeat_points[0], now[1] + payload.defeat_points[1]];
      box.textContent = payload.explanation + " " + fmt("after_game", {a: after[0], b: after[1]});
    } else {
      box.textContent = payload.explanation + " · " +
        sheet.seats.map((s, i) => s.name + " " + signed(payload.scores[i])).join(" · ");
    }
  }

  function schedulePreview() {
    showOther();
    window.clearTimeout(previewTimer);
    previewTimer = window.setTimeout(preview, 250);
  }

  function save() {
    const fields = typed();
    if (!fields || fields.number == null) { $("points").focus(); return; }
    begun = null;
    moved = null;
    net.enqueue("save", fields);
    $("points").value = "";
    $("preview").textContent = "";
    $("other-points").textContent = "";
    if (!ZIEGE) { $("penalty").value = ""; editing = null; }
    render();
  }

  function startCorrection(row) {
    editing = {number: row.number, version: row.game.version};
    counted = 1;
    $("points").value = row.game.card_points == null ? "" : String(row.game.card_points);
    $("penalty").value = row.game.penalty == null ? "" : String(row.game.penalty - 1);
    render();
    schedulePreview();
    $("entry").scrollIntoView();
  }

  /* ---- the rows, the games to confirm, disputes and the sign-off (games_sheet.js) ---- */
  const view = window.CegoGameSheet({net, T, fmt, el, signed, setText, name, writable, queuedSaves, ZIEGE,
                                     sheet: () => sheet, startCorrection, render});

  function renderEntry() {
    const number = nextNumber();
    const show = writable() && !!net.seat() && number != null;
    $("entry").hidden = !show;
    if (!show) return;
    $("entry-title").textContent = fmt(editing ? "correct_game" : "game", {n: number});
    if (!editing && begun != null && $("points").value.trim() && number !== begun) {
      const row = sheet.rows[begun - 1];
      moved = row && (ZIEGE ? row : row.game) ? {from: begun, to: number} : null;    // else a game was deleted
      begun = number;
      schedulePreview();
    }
    if (!$("points").value.trim()) moved = null;
    let note = $("entry-moved");
    if (moved && !editing) {
      if (!note) {
        note = el("p", {className: "note warn", id: "entry-moved", role: "status"});
        $("entry-title").after(note);
      }
      const row = sheet.rows[moved.from - 1];
      const game = row && (ZIEGE ? row : row.game);
      const by = game && game.keyed_seat ? fmt("keyed_by", {name: name(game.keyed_seat)}) : "";
      setText(note, fmt("moved", {from: moved.from, to: moved.to, what: by || "\u2014"}));
    } else if (note) note.remove();
    if (!ZIEGE) {
      document.querySelectorAll("[data-counted]").forEach((b) => {
        b.setAttribute("aria-pressed", String(Number(b.dataset.counted) === counted));
      });
      $("cancel").hidden = !editing;
    }
  }

  function renderMessages() {
    const box = $("messages");
    box.textContent = "";
    notices.forEach((text, i) => box.append(el("div", {className: "note error"}, el("span", {}, text),
      el("button", {className: "link", on: {click: () => { notices.splice(i, 1); render(); }}}, T.dismiss))));
    if (sheet.flags.some((f) => f.kind === "call")) box.append(el("p", {className: "note"}, T.called));
  }

  /* ---- a save that met a game keyed meanwhile (conflicts.js): a Ziege game is never corrected at the table ---- */
  const tricks = (t) => (t ? "" : " (" + T.no_trick + ")");
  const conflicts = window.CegoConflicts.create({net, T, fmt, name, nextNumber: openNumber,
    render: () => render(), notice: (text) => { notices.push(text); render(); },
    describe: (side) => ({text: ZIEGE ? "A " + side.points_a + tricks(side.trick_a) + " : " + (120 - side.points_a)
                                        + tricks(side.trick_b) + " B" : side.summary || "", scores: ""}),
    correctable: !ZIEGE,
    resend: (item, version) => net.enqueue("save", Object.assign({}, item.fields, {version})),
    saveAs: (item, n) => net.enqueue("save", Object.assign({}, item.fields, {number: n}, ZIEGE ? {} : {version: ""})),
  });

  function render() { keepFocus(draw); }
  function draw() {
    const seat = net.seat();
    $("seat-choice").hidden = !!seat || !writable();          // a locked round: the final sheet, no seat asked
    window.CegoLive.markHeld(sheet, T.seat_held);
    $("me").hidden = !seat;
    $("me-name").textContent = seat ? seat + " \u00b7 " + name(seat) : "";
    $("locked").hidden = writable();
    $("live").hidden = !writable();                           // nothing changes any more: no pause button
    $("call").hidden = !writable() || !seat;
    $("call").disabled = sheet.flags.some((f) => f.kind === "call");
    $("offline").hidden = net.online();
    const body = document.querySelector("#sheet tbody");
    body.textContent = "";
    view.drawRows(body);
    renderMessages();
    view.drawTodo();
    conflicts.draw($("conflicts"));
    renderEntry();
    view.drawFinish();
  }

  /* ---- the round clock: counted down locally from the server's end time (the phone's clock corrected) ---- */
  let skew = Date.now() - Date.parse(sheet.now);
  function tick() {
    const clock = $("clock");
    clock.hidden = !sheet.clock;
    if (!sheet.clock) return;
    const left = Math.round((Date.parse(sheet.clock.ends_at) + skew - Date.now()) / 1000);
    const abs = Math.abs(left);
    const text = Math.floor(abs / 60) + ":" + String(abs % 60).padStart(2, "0");
    clock.textContent = left >= 0 ? "\u23f1 " + text : "\u23f1 \u2212" + text + " " + T.over_time;
    clock.classList.toggle("over", left < 0);
  }
  window.setInterval(tick, 1000);

  /* ---- events ---- */
  document.querySelectorAll("#seat-choice .seat-button").forEach((b) => b.addEventListener("click", () => {
    net.claim(Number(b.dataset.seat), writable());
    counted = Number(b.dataset.seat);
    render();
  }));
  $("change-seat").addEventListener("click", (e) => { e.preventDefault(); net.release(writable()); render(); });
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
  $("points").addEventListener("input", () => {
    if (!editing && begun == null && $("points").value.trim()) begun = nextNumber();
    schedulePreview();
  });
  $("points").addEventListener("focus", () => { if (!editing) net.refresh(2000); });   // the fresh sheet first
  $("save").addEventListener("click", save);
  if (ZIEGE) {
    $("trick-a").addEventListener("change", schedulePreview);
    $("trick-b").addEventListener("change", schedulePreview);
  } else {
    document.querySelectorAll("[data-counted]").forEach((b) => b.addEventListener("click", () => {
      counted = Number(b.dataset.counted);
      render();
      schedulePreview();
    }));
    $("penalty").addEventListener("change", schedulePreview);
    $("cancel").addEventListener("click", () => {
      editing = null;
      begun = null;
      moved = null;
      $("points").value = "";
      schedulePreview();
      render();
    });
  }

  function setSheet(next) {
    if (Date.parse(next.now) < Date.parse(sheet.now)) return;      // a poll overtaken by a write or a refresh
    sheet = next;
    skew = Date.now() - Date.parse(next.now);
    tick();
  }
  const live = window.CegoLive.pause(net, T, (held) => { setSheet(held); render(); });
  net.on((event, detail, source) => {
    if (event === "sheet") {
      if (source === "poll" && live.hold(detail)) return;
      setSheet(detail);
    }
    if (event === "refused") {
      const p = detail.payload || {};
      if (detail.status === 409 && p.conflict && detail.item.action === "save") {
        conflicts.add(detail.item, p.conflict);
      } else {
        const errors = p.conflict ? [p.conflict.message] : Object.values(p.errors || {}).flat();
        notices.push(T.refused + " " + errors.join(" "));
      }
    }
    if (event === "invalid") { sheet = Object.assign({}, sheet, {writable: false}); notices.push(T.link_invalid); }
    render();
    conflicts.show();
  });
  net.start(urls);
  net.registerWorker();
  render();
  tick();
})();
