/* Updates in place for the phone pages (Cego: phone.js; Offiziers-Cego and Ziege: games.js), docs/accessibility.md:
   a redraw keeps the focused control (found again by its owner's id, tag, class and data) with its caret, and the
   poll can be paused by the player, remembered on this phone for every table ("cego.live.paused"); the seat
   choice shows which seats other phones keep. */
(function () {
  "use strict";
  const CONTROLS = "button, input, a[href], textarea, select, [tabindex]";
  const keyOf = (node) => {
    const owner = node.closest("[id]");
    const data = JSON.stringify(Object.assign({}, node.dataset));
    return [owner ? owner.id : "", node.tagName, node.className, data].join("|");
  };

  /* Runs draw(); if it replaced the focused control of <main>, focuses its successor and restores the caret. */
  function keepFocus(draw) {
    const active = document.activeElement;
    const main = document.querySelector("main");
    if (!active || !main || !main.contains(active)) { draw(); return; }
    const key = keyOf(active);
    const index = [...main.querySelectorAll(CONTROLS)].filter((n) => keyOf(n) === key).indexOf(active);
    const [start, end] = "selectionStart" in active ? [active.selectionStart, active.selectionEnd] : [null, null];
    draw();
    if (active.isConnected && document.activeElement === active) return;
    const same = [...main.querySelectorAll(CONTROLS)].filter((n) => keyOf(n) === key);
    const target = same[index] || same[0];
    if (!target) return;
    target.focus({preventScroll: true});
    if (start !== null && typeof target.setSelectionRange === "function") {
      try { target.setSelectionRange(start, end); } catch (err) { /* not a text field */ }
    }
  }

  /* The pause toggle (#live-toggle, #live-state; texts T.live_on, T.live_paused). hold(sheet) keeps a polled sheet
     back while paused (true) ; resuming hands the held one to resume(sheet) and polls at once. */
  const PAUSED = "cego.live.paused";
  function pause(net, T, resume) {
    let paused = net.storage.get(PAUSED) === "1";
    let pending = null;
    const toggle = document.getElementById("live-toggle");
    const show = () => {
      toggle.setAttribute("aria-pressed", String(paused));
      document.getElementById("live-state").textContent = paused ? T.live_paused : T.live_on;
    };
    toggle.addEventListener("click", () => {
      paused = !paused;
      if (paused) net.storage.set(PAUSED, "1"); else net.storage.remove(PAUSED);
      show();
      if (!paused) {
        const held = pending;
        pending = null;
        if (held) resume(held);
        net.poll();
      }
    });
    show();
    return {
      hold(sheet) { if (!paused) return false; pending = sheet; return true; },
      paused: () => paused,
    };
  }

  /* The seat choice marks the seats another phone keeps (sheet.seats[].held) before anyone taps one: a tap still
     asks the server, which refuses with what to do (the tournament direction frees a seat). */
  function markHeld(sheet, text) {
    document.querySelectorAll("#seat-choice .seat-button").forEach((b) => {
      const seat = sheet.seats.find((s) => s.seat === Number(b.dataset.seat));
      const held = !!(seat && seat.held);
      b.classList.toggle("held", held);
      let note = b.querySelector(".held-note");
      if (held && !note) {
        note = document.createElement("small");
        note.className = "held-note";
        note.textContent = text;
        (b.querySelector(".seat-who") || b).append(" ", note);
      } else if (!held && note) note.remove();
    });
  }

  window.CegoLive = {keepFocus, pause, markHeld};
})();
