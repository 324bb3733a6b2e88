"""Registration: players and entries, check-in and corrections, and the import of registration lists."""
