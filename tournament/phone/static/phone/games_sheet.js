/* The Offiziers-Cego and Ziege sheet on the table page (games.js draws the page and keys games): the rows with
   their running totals, what this seat has to do — confirm the others' games, write a dispute note, sign the
   table off. Everything is drawn with textContent. games.js makes it with its page state:
   window.CegoGameSheet(app) → {drawRows(body), drawTodo(), drawFinish(), openDispute(number)}. */
window.CegoGameSheet = function (app) {
  "use strict";
  const $ = (id) => document.getElementById(id);
  const {net, T, fmt, el, signed, setText, name, writable, queuedSaves, ZIEGE, startCorrection, render} = app;
  let disputing = null;       // {number, note} while a dispute note is typed

  /* ---- the rows ---- */
  function status(row, game) {
    if (game.disputed) return "!";
    return game.confirmed ? "\u2713" : "?";
  }

  function actions(number, game) {
    const cell = el("td", {className: "c-act"});
    if (!writable() || !net.seat()) return cell;
    if (!game.disputed) {
      cell.append(el("button", {className: "link", "data-dispute": number,
                                on: {click: () => openDispute(number)}}, T.dispute));
    }
    if (!ZIEGE) {
      cell.append(el("button", {className: "link", "data-correct": number,
                                on: {click: () => startCorrection(app.sheet().rows[number - 1])}}, T.correct));
    }
    return cell;
  }

  function renderOffiziersRows(body) {
    const sheet = app.sheet();
    const queued = queuedSaves();
    sheet.rows.forEach((row) => {
      const tr = el("tr", {"data-game": row.number});
      const game = row.game;
      const mark = game ? " " + status(row, game) : queued.includes(row.number) ? " \u2026" : "";
      tr.append(el("td", {className: "c-n"}, row.number, mark));
      sheet.seats.forEach((s, i) => {
        const td = el("td", {className: "c-seat"});
        if (game) {
          td.append(el("span", {className: "running"}, signed(row.running[i])));
          const points = row.points ? row.points[i] + " \u00b7 " : "";
          td.append(el("small", {className: "detail"}, points + signed(row.scores[i])));
        }
        tr.append(td);
      });
      tr.append(game ? actions(row.number, game) : el("td"));
      body.append(tr);
    });
    sheet.seats.forEach((s, i) => {
      document.querySelector(`.total[data-seat="${s.seat}"]`).textContent = signed(sheet.totals[i]);
    });
  }

  function renderZiegeRows(body) {
    const sheet = app.sheet();
    let series = 0;
    sheet.rows.forEach((row) => {
      if (row.series !== series) {
        series = row.series;
        body.append(el("tr", {className: "series-row"},
                       el("th", {colspan: 4, scope: "rowgroup"}, fmt("series", {n: series}))));
      }
      const tr = el("tr", {"data-game": row.number});
      tr.append(el("td", {className: "c-n"}, row.number + " " + status(row, row)));
      const tricks = (t) => (t ? "" : " (" + T.no_trick + ")");
      tr.append(el("td", {className: "c-pts"},
                   row.points_a + tricks(row.trick_a) + " : " + row.points_b + tricks(row.trick_b)));
      const end = row.ended ? " \u2014 " + fmt("series_end", {n: row.series, team: row.winner}) : "";
      tr.append(el("td", {className: "c-def"}, row.running_a + " : " + row.running_b + end));
      tr.append(actions(row.number, row));
      body.append(tr);
    });
    queuedSaves().forEach((n) => body.append(el("tr", {"data-game": n}, el("td", {className: "c-n"}, n + " \u2026"),
                                                el("td", {colspan: 3}, T.status_waiting))));
    const last = sheet.rows[sheet.rows.length - 1];
    const seriesNumber = !last ? 1 : last.ended ? last.series + 1 : last.series;     // after a series: the next
    ["A", "B"].forEach((team, i) => {
      setText(document.querySelector(`.defeat[data-team="${team}"]`), fmt("defeat", {n: sheet.current[i]}));
      setText(document.querySelector(`.won[data-team="${team}"]`), fmt("won_series", {n: sheet.series_won[i]}));
    });
    setText($("series-info"), fmt("series_now", {n: seriesNumber, a: sheet.current[0], b: sheet.current[1],
                                                  target: sheet.target}));
  }

  /* ---- what this seat has to do: confirm others' games, dispute notes, sign off ---- */
  function gamesOf() {
    const sheet = app.sheet();
    return ZIEGE ? sheet.rows.map((r) => ({number: r.number, game: r}))
      : sheet.rows.filter((r) => r.game).map((r) => ({number: r.number, game: r.game}));
  }

  /* What a confirming player checks: both sides' card points and what they write. */
  function summary(number, game) {
    const sheet = app.sheet();
    if (ZIEGE) {
      return "A " + game.points_a + " : " + game.points_b + " B \u00b7 " +
        fmt("game_defeat", {a: game.defeat_a, b: game.defeat_b});
    }
    const row = sheet.rows[number - 1];
    const parts = sheet.seats.map((s, i) => s.name + " " + (row.points ? row.points[i] + " \u2192 " : "") +
                                  signed(game.scores[i]));
    return parts.join(" \u00b7 ") + (game.penalty ? " (" + T.penalty + " " + name(game.penalty) + ")" : "");
  }

  function renderTodo() {
    const box = $("todo");
    box.textContent = "";
    const seat = net.seat();
    if (!seat || !writable()) { box.hidden = true; return; }
    gamesOf().forEach(({number, game}) => {
      if (disputing && disputing.number === number) {
        const input = el("input", {className: "note-input", type: "text", maxlength: 200, id: "dispute-note",
                                   on: {input: (e) => { disputing.note = e.target.value; }}});
        input.value = disputing.note;
        box.append(el("div", {className: "todo-card", "data-dispute-game": number},
          el("strong", {}, T.dispute + ": " + fmt("game", {n: number})),
          el("p", {className: "summary"}, summary(number, game)),
          el("label", {className: "field-label", for: "dispute-note"}, T.dispute_note), input,
          el("div", {className: "actions"},
             el("button", {className: "big danger", id: "send-dispute", on: {click: () => {
               net.enqueue("dispute", {number, note: disputing.note.slice(0, 200)});
               disputing = null;
               render();
             }}}, T.send_dispute),
             el("button", {className: "big secondary", on: {click: () => { disputing = null; render(); }}},
                T.cancel))));
        return;
      }
      if (game.confirmed || game.disputed || game.keyed_seat === seat) return;
      box.append(el("div", {className: "todo-card", "data-confirm-game": number},
        el("strong", {}, T.to_confirm + ": " + fmt("game", {n: number})),
        el("p", {className: "summary"}, summary(number, game)),
        el("p", {className: "hint"}, fmt("keyed_by", {name: name(game.keyed_seat)})),
        el("div", {className: "actions"},
           el("button", {className: "big ok", "data-confirm": number, on: {click: () => {
             net.enqueue("confirm", {number, version: game.version}); render(); }}}, T.confirm),
           el("button", {className: "big danger", on: {click: () => openDispute(number)}}, T.dispute))));
    });
    box.hidden = !box.childNodes.length;
  }

  function openDispute(number) {
    disputing = {number, note: ""};
    render();
    const input = $("dispute-note");
    if (input) input.focus();
  }

  function renderFinish() {
    const sheet = app.sheet();
    const box = $("finish");
    box.textContent = "";
    const seat = net.seat();
    const disputed = sheet.flags.some((f) => f.kind === "dispute");
    const done = sheet.complete && !sheet.unconfirmed.length && !disputed;
    if (!seat || !sheet.rows.length && !sheet.complete) { box.hidden = true; return; }
    const card = el("div", {className: "card"});
    if (sheet.unconfirmed.length) card.append(el("p", {}, fmt("open_games", {list: sheet.unconfirmed.join(", ")})));
    if (disputed) card.append(el("p", {}, T.open_dispute));
    if (sheet.signed.length) card.append(el("p", {}, T.signed + " " + sheet.signed.map(name).join(", ")));
    if (sheet.signed.length === sheet.size) card.append(el("p", {className: "ok-text"}, T.all_signed));
    else if (sheet.signed.includes(seat)) card.append(el("p", {className: "ok-text"}, T.you_signed));
    else if (done && writable()) {
      card.append(el("button", {className: "big ok", id: "sign", on: {click: () => {
        net.enqueue("sign", {state: sheet.state}); }}}, T.sign));
    }
    box.append(card);
    box.hidden = !card.childNodes.length;
  }

  return {drawRows: (body) => (ZIEGE ? renderZiegeRows : renderOffiziersRows)(body), drawTodo: renderTodo,
          drawFinish: renderFinish, openDispute};
};
