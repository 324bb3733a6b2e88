/* A save that met a game keyed meanwhile (409) on every table page (Cego: phone.js; Offiziers-Cego and Ziege:
   games.js), docs/table-entry.md "A phone that is never behind": both versions in words with the players' names,
   shown beside the keypad and brought into view (focused) when it arrives, with the ways on — keep the saved game,
   send mine as a correction of it (where a game can be corrected at the table), save mine as the next game (the
   number from the sheet asked afresh). Nothing is resolved silently. The conflicts are kept with the queue
   (net.conflicts), so a reload still shows them. Drawn with textContent only.

   CegoConflicts.create(page) with page = {net, T, fmt, name(seat), nextNumber(), render(), notice(text),
   describe(side) → {text, scores} (a version in words and its scores by name, or ""), correctable,
   resend(item, version) and saveAs(item, number) (enqueue the item's fields again)}. */
(function () {
  "use strict";

  function node(tag, className, attrs, ...children) {
    const n = document.createElement(tag);
    if (className) n.className = className;
    Object.entries(attrs || {}).forEach(([k, v]) => {
      if (k === "click") n.addEventListener("click", v);
      else n.setAttribute(k, v);
    });
    if (tag === "button") n.type = "button";
    children.flat().forEach((c) => { if (c != null && c !== false) n.append(c instanceof Node ? c : String(c)); });
    return n;
  }

  function create(page) {
    const {net, T, fmt} = page;
    let reveal = null;

    function drop(c) {
      net.setConflicts(net.conflicts().filter((x) => x.item.key !== c.item.key));
      page.render();
    }

    async function asNext(c) {
      drop(c);
      await net.refresh(3000);
      const n = page.nextNumber();
      if (n == null) { page.notice(T.refused + " " + T.all_entered); return; }
      page.saveAs(c.item, n);
    }

    function side(cls, label, version, keyer) {
      const {text, scores} = version ? page.describe(version) : {text: "\u2014", scores: ""};
      return [node("p", cls, null, node("strong", null, null, label), " " + text + (keyer || "")),
              scores ? node("p", "scores hint", null, scores) : null];
    }

    function box(c) {
      const {yours, saved} = c.conflict;
      const number = Number(c.item.fields.number);
      const next = page.nextNumber();
      const keyer = saved && saved.keyed_seat ? " (" + fmt("keyed_by", {name: page.name(saved.keyed_seat)}) + ")" : "";
      return node("div", "note error conflict", {role: "alert", tabindex: "-1", id: "conflict-" + c.item.key,
                                                 "data-number": number},
        node("p", null, null, node("strong", null, null, c.conflict.message)),
        side("yours", T.yours, yours, ""),
        side("saved", T.saved, saved, keyer),
        node("div", "actions", null,
          node("button", "big secondary keep", {click: () => drop(c)}, T.keep_saved),
          page.correctable ? node("button", "big resend", {click: () => {
            drop(c);
            page.resend(c.item, saved ? saved.version : "");
          }}, T.send_mine) : null,
          next != null && next !== number ? node("button", "big as-next", {"data-number": next, click: () => asNext(c)},
                                                 fmt("save_as_next", {n: next})) : null));
    }

    return {
      /* A 409 with its conflict: kept, and brought into view after the next draw (show). */
      add(item, conflict) {
        net.setConflicts(net.conflicts().concat([{item, conflict}]));
        reveal = item.key;
      },
      draw(container) { container.replaceChildren(...net.conflicts().map(box)); },
      /* Where the player is looking: the new conflict in the middle of the screen, focused (its role "alert"
         speaks it), not at the top of a page scrolled down to the keypad. */
      show() {
        const target = reveal && document.getElementById("conflict-" + reveal);
        reveal = null;
        if (!target) return;
        target.scrollIntoView({block: "center"});
        target.focus({preventScroll: true});
      },
    };
  }

  window.CegoConflicts = {create};
})();
