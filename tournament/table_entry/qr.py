"""QR codes of table links, drawn by segno as SVG (no raster images: sharp on paper at any size)."""

import segno


def qr_svg(url, *, scale=4, border=2, dark="#000", title=None, omitsize=False):
    """An inline ``<svg>`` element (no XML declaration) encoding ``url`` with error correction M. ``omitsize``:
    a ``viewBox`` instead of ``width``/``height``, so that CSS sizes it (printed cards and sheets)."""
    code = segno.make(url, error="m", micro=False)
    return code.svg_inline(scale=scale, border=border, dark=dark, title=title, omitsize=omitsize)
