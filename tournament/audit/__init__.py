"""The audit log: recording who changed what (``log.audit``), and turning its rows into words; the data versions
that every recorded change raises (``versions``), on which the public page cache keys its pages."""
