/* Print buttons: a button with data-print prints the page (an on*= attribute would break the
   Content-Security-Policy, which admits no inline script). */
"use strict";
document.addEventListener("click", function (event) {
  const button = event.target.closest && event.target.closest("[data-print]");
  if (button) { event.preventDefault(); window.print(); }
});
