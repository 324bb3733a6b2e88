"""The office: the director's and entry helpers' pages (urls, views, forms, static files)."""
