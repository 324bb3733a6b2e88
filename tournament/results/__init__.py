"""Results: recording, correcting and deleting games and totals, adjustments, round status; reads of sheets."""
