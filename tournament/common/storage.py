"""Where files written for later live: the storage named ``exports`` in ``settings.STORAGES``.

Every server must find a file another one wrote (docs/production.md, "Files"), so nothing writes such a file with
``open()``: export files go through ``storages["exports"]`` — by default ``PrivateExportStorage``, the private
local folder ``CEGO_EXPORT_DIR``; with ``DJANGO_STORAGE_URL`` an S3-compatible store
(``tournament.config.storage_url``). Import previews live in the database (``ImportPreview``), not in a file.

``ExportStorage`` is what ``ExportJob.file`` holds: a model field keeps the storage object it got when the model
was made, so this one looks ``storages["exports"]`` up on every call — a change of ``STORAGES`` (a test, the
settings of a management command) reaches the field too.
"""

import os

from django.conf import settings
from django.core.files.storage import FileSystemStorage, Storage, storages

EXPORTS = "exports"
FILE_MODE = 0o600
DIRECTORY_MODE = 0o700


class PrivateExportStorage(FileSystemStorage):
    """The export directory of the settings (read on every use, so a test can point it elsewhere).

    Files are written with mode 0600 in a directory of mode 0700, made on the first write; there is no URL: a file
    leaves only through the download view, which checks who asks.
    """

    def __init__(self, **options):
        super().__init__(file_permissions_mode=FILE_MODE, directory_permissions_mode=DIRECTORY_MODE)

    @property
    def base_location(self):
        return str(settings.CEGO_EXPORT_DIR)

    @property
    def location(self):
        return os.path.abspath(self.base_location)

    def ensure_directory(self):
        os.makedirs(self.location, mode=DIRECTORY_MODE, exist_ok=True)
        os.chmod(self.location, DIRECTORY_MODE)

    def _save(self, name, content):
        self.ensure_directory()
        return super()._save(name, content)

    def listdir(self, path):
        """Nothing in a folder not made yet (as an S3 prefix with no objects)."""
        try:
            return super().listdir(path)
        except FileNotFoundError:
            return [], []

    def url(self, name):
        raise ValueError("export files have no public URL; use the office's download view")


def _current(name):
    def method(self, *args, **kwargs):
        return getattr(storages[EXPORTS], name)(*args, **kwargs)
    method.__name__ = name
    return method


class ExportStorage(Storage):
    """``storages["exports"]`` as the settings say now (see the module docstring)."""

    def url(self, name):
        """None, whatever the backend could make: an export leaves only through the permission-checked download
        view, never by a link that works for whoever holds it."""
        raise ValueError("export files have no public URL; use the office's download view")

    @property
    def backend(self):
        """The configured storage itself (e.g. to ask whether it is the local folder)."""
        return storages[EXPORTS]

    def is_local(self):
        return isinstance(self.backend, FileSystemStorage)


for _name in ("open", "save", "delete", "exists", "listdir", "size", "path", "get_modified_time",
              "get_created_time", "get_accessed_time", "generate_filename", "get_available_name", "get_valid_name",
              "get_alternative_name"):
    setattr(ExportStorage, _name, _current(_name))
del _name

exports = ExportStorage()
