"""DJANGO_STORAGE_URL → STORAGES["exports"] (tournament/config/storage_url.py): the local folder when empty, a
private S3 bucket otherwise, and a message that says what is wrong (never the secret) for a URL that is not one."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from tournament.config.storage_url import LOCAL, S3, exports_storage


@pytest.mark.parametrize("url", ["", "   ", None])
def test_no_url_is_the_private_local_folder(url):
    assert exports_storage(url) == LOCAL


def test_a_full_url():
    entry = exports_storage("s3://KEY:SECRET@minio.example.org:9000/cego?secure=0&region=eu-central-1")
    assert entry["BACKEND"] == S3
    assert entry["OPTIONS"] == {
        "bucket_name": "cego", "endpoint_url": "http://minio.example.org:9000", "region_name": "eu-central-1",
        "location": "", "default_acl": "private", "querystring_auth": True, "file_overwrite": False,
        "addressing_style": "path", "signature_version": "s3v4", "access_key": "KEY", "secret_key": "SECRET"}


@pytest.mark.parametrize(("url", "expected"), [
    ("s3://k:s@h/b", {"endpoint_url": "https://h", "region_name": "us-east-1", "location": ""}),    # https by default
    ("s3://k:s@h:9000/b?secure=1", {"endpoint_url": "https://h:9000"}),
    ("s3://k:s@h/b/exports/hall-1/", {"bucket_name": "b", "location": "exports/hall-1"}),           # a path prefix
    ("s3://k:s@[::1]:9000/b?secure=off", {"endpoint_url": "http://[::1]:9000"}),                   # IPv6
    ("S3://k:s@h/b", {"bucket_name": "b"}),
])
def test_parts(url, expected):
    options = exports_storage(url)["OPTIONS"]
    assert {name: options[name] for name in expected} == expected


def test_a_percent_encoded_key_and_secret_are_decoded():
    options = exports_storage("s3://AK%2BI:se%2Fcr%40et%3A%25x@h:9000/b?secure=0")["OPTIONS"]
    assert (options["access_key"], options["secret_key"]) == ("AK+I", "se/cr@et:%x")


def test_without_credentials_boto3_finds_its_own():
    options = exports_storage("s3://h/b")["OPTIONS"]
    assert "access_key" not in options and "secret_key" not in options


@pytest.mark.parametrize(("url", "says"), [
    ("s3://k:s@h:9000", "names no bucket"),
    ("s3://k:s@h:9000/", "names no bucket"),
    ("s3://k:s@h:9000/?secure=0", "names no bucket"),
    ("s3://k:s@/b", "names no host"),
    ("http://k:s@h/b", "must start with s3://"),
    ("minio.example.org/b", "must start with s3://"),
    ("s3://k@h/b", "both the access key and the secret"),
    ("s3://:s@h/b", "both the access key and the secret"),
    ("s3://k:s@h:99999/b", "not a valid URL"),
    ("s3://k:s@h:port/b", "not a valid URL"),
    ("s3://k:s@h/b?secure=maybe", "secure="),
    ("s3://k:s@h/b?secure=0&secure=1", "repeats an option"),
    ("s3://k:s@h/b?sekure=0", "unknown options: sekure"),
])
def test_a_bad_url_says_what_is_wrong_and_keeps_the_secret(url, says):
    with pytest.raises(ImproperlyConfigured) as raised:
        exports_storage(url.replace("k:s@", "k:TOPSECRET@"))
    message = str(raised.value)
    assert says in message and "DJANGO_STORAGE_URL" in message and "s3://KEY:SECRET@HOST:PORT/BUCKET" in message
    assert "TOPSECRET" not in message
