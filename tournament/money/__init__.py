"""The money of a tournament day and of a season (issue 26, docs/money.md): entry fees with the director's
reductions and overrides, payments and refunds, other income and expenses, the season fund, and the cash report's
figures. ``rules`` is pure arithmetic; ``services`` writes (each write audited in words, ``AuditLog.Kind.MONEY``);
``selectors`` reads; ``prizes_paid`` is the one door to the prizes handed over."""
