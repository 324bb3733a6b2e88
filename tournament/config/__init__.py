"""Project configuration: settings (from the environment), the root URLs, WSGI and ASGI entry points."""
