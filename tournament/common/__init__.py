"""Small helpers every package may use: language bridge (i18n), German sort key (collation), signed numbers
(numbers), query-parameter names (params), the client's address behind trusted proxies (client_ip) and the
login lockout's per-user-name limit (lockout)."""
