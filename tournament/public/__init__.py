"""The players' pages: standings, seats, player pages, statistics, tariff, charts and the page cache."""
