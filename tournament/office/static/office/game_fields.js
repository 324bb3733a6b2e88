/* The tournament form: fields that belong to one game only (data-only-game="offiziers") are shown while that
   game is chosen in the game select and hidden (and not sent) otherwise. The server ignores them for another game. */
"use strict";
(function () {
  const select = document.getElementById("id_game");
  if (!select) { return; }
  function update() {
    document.querySelectorAll("[data-only-game]").forEach(function (block) {
      block.hidden = select.value !== block.getAttribute("data-only-game");
      block.querySelectorAll("input, select, textarea").forEach(function (field) { field.disabled = block.hidden; });
    });
  }
  select.addEventListener("change", update);
  update();
})();
