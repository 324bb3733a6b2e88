"""Standings: the pure ranking with its tie-break chain (``ranking``), the reads that feed it (``selectors``) and
the one write, drawing tie-break lots (``services``)."""
