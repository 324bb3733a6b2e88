"""Small helpers every package may use: language bridge (i18n), German sort key (collation), signed numbers
(numbers), query-parameter names (params)."""
