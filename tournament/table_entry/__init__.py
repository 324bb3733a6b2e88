"""Entry at the table (docs/table-entry.md): with the secret links of a round's tables (``draws.links``, issued with
the draw), what players do — key and correct games through ``results.services``, confirm, dispute, call the director,
sign off — and what the director does about it: resolve flags, run the round clock, lock the round (``services``); the
sheet a phone shows and the hall view's tiles (``selectors``); QR codes of the links (``qr``, segno)."""
