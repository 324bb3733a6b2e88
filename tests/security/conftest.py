"""The attack suite uses the suite's one browser (``tests/browser.py``), like the e2e tests."""
