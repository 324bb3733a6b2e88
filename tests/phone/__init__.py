"""Tests of the players' table page (tournament.phone): the page template and the service worker."""
