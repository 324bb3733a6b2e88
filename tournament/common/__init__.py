"""Small helpers every package may use: language bridge, German sort key, number formatting."""
