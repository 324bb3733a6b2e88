"""``DJANGO_STORAGE_URL`` → the ``STORAGES["exports"]`` entry (docs/production.md, "Files").

Empty: the private local folder ``CEGO_EXPORT_DIR`` (``tournament.common.storage.PrivateExportStorage``).
``s3://KEY:SECRET@HOST:PORT/BUCKET[/PREFIX]`` with the query options ``secure=0`` (plain http), ``region=NAME``:
an S3-compatible store through django-storages (``storages.backends.s3.S3Storage``), objects written with the
private ACL, path-style addressing (what MinIO, Ceph and moto expect; AWS accepts it too). KEY and SECRET are
percent-decoded, so a secret with ``/``, ``+`` or ``@`` is written ``%2F``, ``%2B``, ``%40``; without both, boto3
finds its credentials itself (environment, instance profile). No public URLs: files leave through the office's
permission-checked download view. A message about a bad URL never repeats the secret. Django's only import here is
``ImproperlyConfigured``, so the settings can use it before Django is set up.
"""

from urllib.parse import parse_qs, unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

LOCAL = {"BACKEND": "tournament.common.storage.PrivateExportStorage"}
S3 = "storages.backends.s3.S3Storage"
FORM = "s3://KEY:SECRET@HOST:PORT/BUCKET"
OPTIONS = ("secure", "region")
FLAGS = {"1": True, "true": True, "yes": True, "on": True, "0": False, "false": False, "no": False, "off": False}


def bad(why):
    return ImproperlyConfigured(f"DJANGO_STORAGE_URL {why} (expected {FORM}, e.g. ?secure=0 for plain http).")


def exports_storage(url):
    """The ``STORAGES`` entry for DJANGO_STORAGE_URL ``url`` (the local folder when it is empty)."""
    url = (url or "").strip()
    if not url:
        return dict(LOCAL)
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise bad("is not a valid URL") from None
    if parts.scheme.lower() != "s3":
        raise bad(f"must start with s3:// (not {parts.scheme or 'nothing'}://)")
    if not parts.hostname:
        raise bad("names no host")
    if (parts.username is None) != (parts.password is None) or (parts.username == "") != (parts.password == ""):
        raise bad("must name both the access key and the secret, or neither")
    bucket, _slash, prefix = parts.path.lstrip("/").partition("/")
    if not bucket:
        raise bad("names no bucket")
    query = parse_qs(parts.query, keep_blank_values=True)
    unknown = sorted(set(query) - set(OPTIONS))
    if unknown:
        raise bad(f"has unknown options: {', '.join(unknown)}")
    if any(len(values) > 1 for values in query.values()):
        raise bad("repeats an option")
    secure = FLAGS.get(query.get("secure", ["1"])[0].strip().lower())
    if secure is None:
        raise bad("has secure= other than 0 or 1")
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    options = {
        "bucket_name": unquote(bucket),
        "endpoint_url": f"{'https' if secure else 'http'}://{host}" + (f":{port}" if port else ""),
        "region_name": query.get("region", [""])[0].strip() or "us-east-1",
        "location": unquote(prefix).strip("/"),
        "default_acl": "private",           # every object private, whatever the bucket's default
        "querystring_auth": True,           # a URL, if one were ever made, would be signed and expire
        "file_overwrite": False,            # never replace another export's file
        "addressing_style": "path",
        "signature_version": "s3v4",
    }
    if parts.username:
        options["access_key"] = unquote(parts.username)
        options["secret_key"] = unquote(parts.password)
    return {"BACKEND": S3, "OPTIONS": options}
