/* Long exports: POST the download link to queue it as a background task, then poll its status and show
   "waiting", then "n / total" until the file is ready. When the most exports that may run at once are under way
   the server refuses with 429 and a message, shown here. Without JavaScript the same link downloads the file
   directly. */
(function () {
  "use strict";

  let labels = {};

  function csrfToken() {
    const input = document.querySelector("#export-csrf input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  /* A fresh idempotency key per click: the same request sent twice (a retry) queues one export. */
  function newKey() {
    const bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  function show(box, text, done, total) {
    box.textContent = "";
    if (total) {
      const bar = document.createElement("progress");
      bar.max = total;
      bar.value = done;
      box.appendChild(bar);
    }
    box.appendChild(document.createTextNode(text));
  }

  function offer(box, link, job) {
    box.textContent = labels.ready + " ";
    const file = document.createElement("a");
    file.href = job.file_url;
    file.textContent = job.filename;
    box.appendChild(file);
    link.removeAttribute("aria-busy");
    link.textContent = labels.again;
    window.location.assign(job.file_url);
  }

  function poll(url, box, link) {
    fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (response) {
        if (!response.ok) { throw new Error(String(response.status)); }
        return response.json();
      })
      .then(function (job) {
        if (job.state === "queued") {
          show(box, labels.queued, 0, 0);
          window.setTimeout(function () { poll(url, box, link); }, 600);
        } else if (job.state === "running") {
          const count = job.total ? job.done + " / " + job.total : String(job.done);
          show(box, count + " " + job.unit, job.done, job.total);
          window.setTimeout(function () { poll(url, box, link); }, 600);
        } else if (job.state === "done") {
          offer(box, link, job);
        } else {
          box.textContent = labels.failed + " " + (job.error || "");
          link.removeAttribute("aria-busy");
          link.textContent = labels.retry;   /* e.g. its worker died: the same button starts it again */
        }
      })
      .catch(function (error) {
        box.textContent = labels.failed + " " + error.message;
        link.removeAttribute("aria-busy");
      });
  }

  function start(link) {
    const box = document.getElementById(link.getAttribute("data-export-background"));
    if (!box || link.getAttribute("aria-busy") === "true") { return; }
    link.setAttribute("aria-busy", "true");
    box.textContent = labels.preparing;
    fetch(link.href, {
      method: "POST",
      credentials: "same-origin",
      headers: { "X-CSRFToken": csrfToken(), "X-Idempotency-Key": newKey(), Accept: "application/json" }
    })
      .then(function (response) {
        if (response.status === 429 || response.status === 409) {   // busy, or nothing to export
          return response.json().then(function (refusal) { return { refused: refusal.error }; });
        }
        if (!response.ok) { throw new Error(String(response.status)); }
        return response.json();
      })
      .then(function (job) {
        if (job.refused) {
          box.textContent = job.refused;
          link.removeAttribute("aria-busy");
        } else {
          poll(job.status_url, box, link);
        }
      })
      .catch(function () {
        link.removeAttribute("aria-busy");
        window.location.assign(link.href);   /* fall back to the plain download */
      });
  }

  document.addEventListener("DOMContentLoaded", function () {
    const source = document.getElementById("export-labels");
    labels = source ? source.dataset : {};
    document.addEventListener("click", function (event) {
      const link = event.target.closest("a[data-export-background]");
      if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) { return; }
      event.preventDefault();
      start(link);
    });
  });
}());
