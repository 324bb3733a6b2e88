"""The text of a PDF as Poppler's pdftotext reads it (the test is skipped where Poppler is not installed)."""

import shutil
import subprocess

import pytest


def pdftotext(content, *args):
    if not shutil.which("pdftotext"):
        pytest.skip("Poppler's pdftotext is not installed")
    out = subprocess.run(["pdftotext", *args, "-", "-"], input=content, capture_output=True, check=True)
    return out.stdout.decode("utf-8")
