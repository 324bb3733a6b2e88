/* The tournament form: fields that belong to one game only (data-only-game="offiziers") are shown while that
   game is chosen in the game select and hidden (and not sent) otherwise. The server ignores them for another game.
   Likewise a ruleset option offered only where the ruleset has it (data-only-ruleset="key key …": the dealer who
   plays a Räuber at five). */
"use strict";
(function () {
  const select = document.getElementById("id_game");
  const ruleset = document.getElementById("id_ruleset");
  if (!select) { return; }
  function show(block, shown) {
    block.hidden = !shown;
    block.querySelectorAll("input, select, textarea").forEach(function (field) { field.disabled = !shown; });
  }
  function update() {
    document.querySelectorAll("[data-only-game]").forEach(function (block) {
      show(block, (select.value || "cego") === block.getAttribute("data-only-game"));
    });
    document.querySelectorAll("[data-only-ruleset]").forEach(function (block) {
      const game = block.closest("[data-only-game]");
      show(block, !(game && game.hidden) && !!ruleset &&
           block.getAttribute("data-only-ruleset").split(" ").indexOf(ruleset.value) >= 0);
    });
  }
  select.addEventListener("change", update);
  if (ruleset) ruleset.addEventListener("change", update);
  update();
})();
