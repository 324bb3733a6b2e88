/* The one way the office and public pages talk to the server (docs/architecture.md, "How the browser talks to
   the server"): the page asks for HTML, the server renders it with the same Django templates as the whole page,
   and the page puts the parts in place. No library: a fragment is an element with an id (or a region with
   data-live-region), and it replaces the page's element of the same id (or the region's contents).

   CegoFragments.request(url, {method, body, partial, headers, cache}) → fetch's Promise<Response>; partial: true
       sends `HX-Request: true` (django-htmx's request.htmx), and the view answers with the fragment alone.
   CegoFragments.parse(html) → the answer's top-level elements; table parts (a <tr>, a <tbody>) come wrapped in
       <template> so that they parse outside a table, and are unwrapped here.
   CegoFragments.element(html) → the answer's first element.
   CegoFragments.swap(html, place) → every part with an id replaces the page's element with that id (parts
       without a match are dropped); an aria-live element gets the new contents instead (announced, not
       replaced). `place(live, fresh)` may take a part over (return true) — the score sheet keeps its inputs so.
   CegoFragments.fill(region, html) → the region's contents replaced (the hall's live part).
   CegoFragments.regions(html) → {found: {name: element}, document}: a whole page parsed, its [data-live-region]
       elements by name (the public pages).

   Who uses it: office/sheet.js with swap.js (the score sheet's rows), office/hall.js (the hall's live part),
   office/entries.js (the check-in desk: a JSON answer whose parts are HTML), public/public.js (live regions).
   The phone talks JSON (phone/queue.js): it must work offline and keeps its writes in a queue. */
(function () {
  "use strict";

  function request(url, options) {
    const opts = options || {};
    const headers = Object.assign(opts.partial ? {"HX-Request": "true"} : {}, opts.headers || {});
    const init = {method: opts.method || "GET", credentials: "same-origin", headers};
    if (opts.body) init.body = opts.body;
    if (opts.cache) init.cache = opts.cache;
    return window.fetch(url, init);
  }

  function parse(html) {
    const holder = document.createElement("template");
    holder.innerHTML = html.trim();
    const parts = [];
    Array.from(holder.content.children).forEach((el) => {
      if (el.tagName === "TEMPLATE") parts.push(...Array.from(el.content.children));
      else parts.push(el);
    });
    return parts;
  }

  function element(html) {
    return parse(html)[0] || null;
  }

  function swap(html, place) {
    parse(html).forEach((fresh) => {
      const live = fresh.id && document.getElementById(fresh.id);
      if (!live) return;
      if (place && place(live, fresh)) return;
      if (live.hasAttribute("aria-live")) live.innerHTML = fresh.innerHTML;    // announced, not replaced
      else live.replaceWith(fresh);
    });
  }

  function fill(region, html) {
    region.innerHTML = html;
  }

  function regions(html) {
    const doc = new DOMParser().parseFromString(html, "text/html");
    const found = {};
    doc.querySelectorAll("[data-live-region]").forEach((el) => {
      const name = el.getAttribute("data-live-region");
      if (!(name in found)) found[name] = el;                   // the first of a name, like querySelector
    });
    return {found, document: doc};
  }

  window.CegoFragments = {request, parse, element, swap, fill, regions};
}());
