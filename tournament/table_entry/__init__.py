"""Entry at the table (docs/table-entry.md): the secret links of a round's tables (``links``), what players do with
them — key and correct games through ``results.services``, confirm, dispute, call the director, sign off — and
what the director does about it: resolve flags, run the round clock, lock the round (``services``); the sheet a
phone shows and the hall view's tiles (``selectors``); QR codes of the links (``qr``, segno)."""
