"""The audit log: recording who changed what (``log.audit``), and turning its rows into words."""
