"""The Cego tournament app: one models app in feature packages (docs/architecture.md draws them)."""
