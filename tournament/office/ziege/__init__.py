"""The director's pages of a Ziege tournament (docs/director.md "Ziege"): its teams of two, a round's team draw,
a table's games with the series state, and the team standings. The round and standings pages of the office hand
a Ziege tournament over to these views."""
