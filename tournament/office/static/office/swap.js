/* Score sheet: how the server's answer is put into the page (docs/entry.md, "Protocol").
 *
 * An answer is a list of elements; each replaces the page's element with the same id (table parts come wrapped
 * in <template> so that they parse outside a table): static/tournament/fragments.js, the pages' one way. A row
 * group (tbody.game-group) marked data-keep-inputs was rendered from what was typed: it is merged, so that the page
 * keeps its inputs (focus, cursor, what is being typed) and takes everything else from the server. `sheetSwap(html, focus)`; `focus(el)` focuses a field.
 */
(function () {
  "use strict";

  function each(list, fn) { Array.prototype.forEach.call(list, fn); }

  function holdsInput(el) {
    return el.matches(".in") || el.querySelector(".in") !== null;
  }

  function copyAttributes(live, fresh) {
    const keepValue = live.matches(".in");      // the `value` attribute is what the server last rendered as saved
    each(Array.prototype.slice.call(live.attributes), function (a) {
      if (!fresh.hasAttribute(a.name) && !(keepValue && a.name === "value")) live.removeAttribute(a.name);
    });
    each(fresh.attributes, function (a) {
      if (keepValue && a.name === "value") return;
      if (live.getAttribute(a.name) !== a.value) live.setAttribute(a.name, a.value);
    });
  }

  function heldChildren(el) {
    return Array.prototype.filter.call(el.children, holdsInput);
  }

  /* Whether the server's rendering has the page's inputs in the same places (it has, unless the page is old). */
  function mergeable(live, fresh) {
    if (live.matches(".in")) return fresh.matches(".in") && live.name === fresh.name;
    const kept = heldChildren(live);
    const incoming = heldChildren(fresh);
    return kept.length === incoming.length && kept.every(function (el, i) {
      return el.tagName === incoming[i].tagName && mergeable(el, incoming[i]);
    });
  }

  /* Take the server's rendering of a row group but keep the page's inputs (focus, cursor, what is typed):
   * parts that hold inputs are merged, everything else is replaced. */
  function merge(live, fresh) {
    copyAttributes(live, fresh);
    if (live.matches(".in")) return;
    const kept = heldChildren(live);
    heldChildren(fresh).forEach(function (el, i) { merge(kept[i], el); });
    each(Array.prototype.slice.call(live.childNodes), function (node) {
      if (kept.indexOf(node) < 0) live.removeChild(node);
    });
    let k = 0;
    each(Array.prototype.slice.call(fresh.childNodes), function (node) {
      if (node.nodeType === 1 && holdsInput(node)) k++;
      else live.insertBefore(node, kept[k] || null);
    });
  }

  function replaceGroup(live, fresh, focus) {
    const active = document.activeElement;
    const name = active && live.contains(active) && active.name;
    if (fresh.hasAttribute("data-keep-inputs")) {
      const conflict = live.querySelector(".conflict-row");
      if (conflict && !fresh.querySelector(".conflict-row")) fresh.appendChild(conflict);   // stays until resolved
      if (mergeable(live, fresh)) {
        merge(live, fresh);
        return;
      }
    }
    live.replaceWith(fresh);
    if (name) focus(fresh.querySelector('.in[name="' + name + '"]'));
  }

  /* An answer (CegoFragments.swap): every element with an id replaces the page's element with that id; a row
   * group is merged or replaced here (replaceGroup), a live region gets the new text. */
  window.sheetSwap = function (html, focus) {
    window.CegoFragments.swap(html, (live, fresh) => {
      if (!fresh.classList.contains("game-group")) return false;
      replaceGroup(live, fresh, focus);
      return true;
    });
  };
})();
