/* The headings (h1, h2) of the page that break inside a word although the word would fit on a line of its own,
   or stick out of their box: [{tag, text, word, why}]. Words are split at spaces and after hyphens (a line may
   end there). A word of up to SHORT letters never breaks inside, nor one as narrow as the heading's box (or its
   parent's: a heading squeezed beside a button could go below it); a longer word may break inside (the last
   resort). Used by test_headings_wrap.py. */
() => {
  const found = [];
  const SHORT = 13;              // a word this short ("Schwarzwälder") never breaks inside: the heading shrinks first
  const contentWidth = (el) => {
    const s = getComputedStyle(el);
    return el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
  };
  const measure = document.createElement("span");
  measure.style.cssText = "position:absolute;visibility:hidden;white-space:nowrap;left:-9999px;top:0";
  document.body.append(measure);
  document.querySelectorAll("h1, h2").forEach((h) => {
    if (!h.getClientRects().length || h.closest(".sr-only")) return;     // a heading for screen readers only
    const style = getComputedStyle(h);
    if (style.visibility === "hidden") return;
    const inner = h.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    if (h.scrollWidth > h.clientWidth + 1) found.push({tag: h.tagName, text: h.textContent.trim(), word: "", why: "overflow"});
    const walker = document.createTreeWalker(h, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent.getClientRects().length || parent.closest(".sr-only")) continue;
      const text = node.textContent;
      const re = /[^\s\u00ad-]+-?/g;
      for (let m = re.exec(text); m; m = re.exec(text)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size < 2) continue;
        const ps = getComputedStyle(parent);
        ["fontFamily", "fontSize", "fontWeight", "fontStyle", "fontStretch", "fontVariantNumeric", "letterSpacing",
         "wordSpacing", "textTransform"].forEach((k) => { measure.style[k] = ps[k]; });   // (ps.font may be "")
        measure.textContent = m[0];
        const room = Math.max(inner, parent === h ? contentWidth(h.parentElement) : inner);
        if (measure.getBoundingClientRect().width <= room || m[0].replace(/-$/, "").length <= SHORT) {
          found.push({tag: h.tagName, text: h.textContent.trim().replace(/\s+/g, " "), word: m[0], why: "split"});
        }
      }
    }
  });
  measure.remove();
  return found;
}
