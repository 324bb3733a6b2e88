"""Standings: the pure ranking with its tie-break chain (``ranking``) and the reads that feed it (``selectors``)."""
