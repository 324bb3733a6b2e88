/* For a club's web page that shows a Cego widget (docs/api.md "Embedding"):

     <iframe data-cego-embed src="https://SITE/einbetten/turnier/12/" title="Live standings"
             style="width:100%;border:0" loading="lazy"></iframe>
     <script src="https://SITE/static/public/embed.js" async></script>

   Sets each such iframe's height to what its widget reports (a message from the iframe's own origin only), so the
   widget never scrolls inside its frame. Nothing else: no cookies, no styles of the host page touched. */
(function () {
  "use strict";
  const MIN = 40, MAX = 10000;
  window.addEventListener("message", function (event) {
    const data = event.data;
    if (!data || data.type !== "cego-embed" || typeof data.height !== "number") { return; }
    const frames = document.querySelectorAll("iframe[data-cego-embed]");
    for (let i = 0; i < frames.length; i += 1) {
      const frame = frames[i];
      let origin = "";
      try { origin = new URL(frame.src, window.location.href).origin; } catch (e) { continue; }
      if (frame.contentWindow === event.source && origin === event.origin) {
        frame.style.height = Math.min(Math.max(Math.round(data.height), MIN), MAX) + "px";
      }
    }
  });
}());
