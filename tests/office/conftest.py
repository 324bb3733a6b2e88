import pytest


@pytest.fixture(autouse=True)
def _private_import_dir(settings, tmp_path):
    """Parsed previews of registration files go to a fresh directory per test."""
    settings.CEGO_IMPORT_DIR = tmp_path / "imports"
