"""The players' table page (docs/table-entry.md): opened by a table's secret link, no login. A phone picks its seat,
sees the sheet, keys, confirms and disputes games, calls the director and signs the totals off; writes go through
``table_entry.services`` (and so ``results.services``) with an idempotency key each, answers are JSON. The page
script keeps a queue while offline; a service worker keeps the page itself available (``static/phone/``)."""
