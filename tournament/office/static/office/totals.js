/* Totals-only entry: the live sum of the typed totals (the server checks it again); Enter goes to the next seat. */
(function () {
  "use strict";

  /* The one signed-number format (tournament/common/numbers.py), for the sum shown live; tests/common/test_numbers.py
   * runs this copy against the Python. */
  function signed(v) {
    if (v === null || v === undefined) return "";
    return v > 0 ? "+" + v : v < 0 ? "\u2212" + (-v) : "0";
  }

  function initTotals(form) {
    const fields = Array.prototype.slice.call(form.querySelectorAll(".in-total"));
    const output = document.getElementById("totals-sum");

    function update() {
      let sum = 0;
      let complete = true;
      fields.forEach(function (el) {
        const v = el.value.trim().replace("\u2212", "-");
        if (v === "" || !/^[+-]?\d+$/.test(v)) complete = false;
        else sum += Number(v);
      });
      output.textContent = complete ? signed(sum) : "\u2013";
      output.classList.toggle("bad", complete && sum !== 0);
      output.classList.toggle("ok", complete && sum === 0);
    }

    fields.forEach(function (el, i) {
      el.addEventListener("input", update);
      el.addEventListener("focus", function () { el.select(); });
      el.addEventListener("keydown", function (event) {
        if (event.key !== "Enter" || i === fields.length - 1) return;
        event.preventDefault();
        fields[i + 1].focus();
      });
    });
    update();
  }

  document.addEventListener("DOMContentLoaded", function () {
    const form = document.getElementById("totals-form");
    if (form) initTotals(form);
  });
})();
