/* Inside a widget (templates/public/embed/): tell the page that frames it how tall it is (public/embed.js on the
   club's page sets the iframe's height), and on a live tournament ask the own URL every data-refresh seconds with
   the ETag (304: nothing changed; 200: the content is replaced and the height sent again). */
(function () {
  "use strict";
  if (window.parent === window) { return; }
  const body = document.body;
  let sent = 0;
  function post() {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height !== sent) {
      sent = height;
      window.parent.postMessage({ type: "cego-embed", height: height }, "*");   // a height is no secret
    }
  }
  if (window.ResizeObserver) { new ResizeObserver(post).observe(document.documentElement); }
  window.addEventListener("load", post);
  post();

  const seconds = parseFloat(body.getAttribute("data-refresh"));
  if (!seconds || !window.fetch || !window.DOMParser) { return; }
  let etag = body.getAttribute("data-etag") || "";
  function ask() {
    if (document.hidden) { return; }
    fetch(window.location.href, { headers: { "If-None-Match": etag }, credentials: "omit", cache: "no-store" })
      .then(function (response) {
        if (response.status !== 200) { return null; }
        etag = response.headers.get("ETag") || etag;
        return response.text();
      })
      .then(function (html) {
        if (!html) { return; }
        const fresh = new DOMParser().parseFromString(html, "text/html").getElementById("embed-main");
        const main = document.getElementById("embed-main");
        if (fresh && main) { main.replaceChildren.apply(main, Array.from(fresh.childNodes)); post(); }
      })
      .catch(function () { /* offline for a moment: the next turn asks again */ });
  }
  window.setInterval(ask, seconds * 1000);
}());
