"""Export files in an S3 bucket (``DJANGO_STORAGE_URL``): written there by the worker, private, streamed to the
user who started the export through the download view, deleted with their job and by the clean-up — looked at
behind the storage API with boto3.

``bucket`` is the bucket of DJANGO_STORAGE_URL when it names one (``.ci/with-s3``; skipped otherwise, with the
reason) and a moto server this test starts itself (``own_s3``, always).
"""

import os
from datetime import timedelta

import pytest
from django.core.files.base import ContentFile
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from tests import factories
from tests.exports.conftest import s3_client
from tournament.config.storage_url import S3
from tournament.models import ExportJob
from tournament.models.exports import export_storage

pytestmark = pytest.mark.django_db


@pytest.fixture(params=["DJANGO_STORAGE_URL", "own moto server"])
def bucket(request, settings):
    """``(boto3 client, options of STORAGES["exports"])`` of the bucket the exports go to."""
    if request.param == "own moto server":
        return request.getfixturevalue("own_s3")
    if not os.environ.get("DJANGO_STORAGE_URL"):
        pytest.skip("DJANGO_STORAGE_URL is not set (run under .ci/with-s3 to test against its S3 server)")
    exports = settings.STORAGES["exports"]
    assert exports["BACKEND"] == S3, "DJANGO_STORAGE_URL is set, so the exports must go to S3"
    return s3_client(exports["OPTIONS"]), exports["OPTIONS"]


def key(options, name):
    return f"{options['location']}/{name}" if options["location"] else name


def test_an_export_lives_in_the_bucket_and_leaves_only_through_the_download_view(client, bucket):
    s3, options = bucket
    t, round_ = factories.seated(players=8)
    director = factories.staff()
    client.force_login(director)
    response = client.post(reverse("exports:round_download", args=[t.pk, round_.number, "score_sheets"]))
    job = ExportJob.objects.get(pk=response.json()["token"])
    assert job.status == ExportJob.Status.DONE and not export_storage().is_local()
    name = job.file.name

    stored = s3.get_object(Bucket=options["bucket_name"], Key=key(options, name))
    assert stored["Body"].read().startswith(b"%PDF")
    grants = s3.get_object_acl(Bucket=options["bucket_name"], Key=key(options, name))["Grants"]
    assert [g["Permission"] for g in grants] == ["FULL_CONTROL"]                # private: the owner only
    assert not any(g["Grantee"].get("URI", "").endswith("AllUsers") for g in grants)
    with pytest.raises(ValueError):
        export_storage().url(name)                                               # no link past the view

    status = client.get(response.json()["status_url"]).json()
    download = client.get(status["file_url"])
    assert download.status_code == 200 and download["Content-Disposition"].startswith("attachment")
    assert b"".join(download.streaming_content) == s3.get_object(
        Bucket=options["bucket_name"], Key=key(options, name))["Body"].read()
    client.force_login(factories.staff("andere"))
    assert client.get(status["file_url"]).status_code == 404                    # only for who started it

    s3.delete_object(Bucket=options["bucket_name"], Key=key(options, name))      # gone behind our back
    client.force_login(director)
    assert client.get(status["file_url"]).status_code == 404


def test_the_clean_up_deletes_expired_files_in_the_bucket(client, bucket, settings):
    s3, options = bucket
    t, round_ = factories.seated(players=8)
    client.force_login(factories.staff())
    url = reverse("exports:round_download", args=[t.pk, round_.number, "score_sheets"])
    expired, kept = (ExportJob.objects.get(pk=client.post(url).json()["token"]) for _ in range(2))
    stray = export_storage().save("written-by-another-server.pdf", ContentFile(b"%PDF"))
    ExportJob.objects.filter(pk=expired.pk).update(expires_at=timezone.now() - timedelta(seconds=1))

    def keys():
        listing = s3.list_objects_v2(Bucket=options["bucket_name"], Prefix=options["location"])
        return sorted(item["Key"] for item in listing.get("Contents", []))

    assert keys() == sorted(key(options, n) for n in (expired.file.name, kept.file.name, stray))
    call_command("cleanup_exports", verbosity=0)
    assert keys() == sorted(key(options, n) for n in (kept.file.name, stray))   # the stray is young yet
    settings.CEGO_EXPORT_KEEP = 0
    call_command("cleanup_exports", verbosity=0)
    assert keys() == [key(options, kept.file.name)]                              # its job still refers to it
    ExportJob.objects.filter(pk=kept.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    call_command("cleanup_exports", verbosity=0)
    assert keys() == [] and not ExportJob.objects.exists()


def another_server_downloads(client, settings, tmp_path):
    """Start an export as on server A (its own CEGO_EXPORT_DIR), then fetch the file as on server B (another
    folder, the same database): the status code B answers."""
    t, round_ = factories.seated(players=8)
    client.force_login(factories.staff())
    settings.CEGO_EXPORT_DIR = tmp_path / "server-a"
    response = client.post(reverse("exports:round_download", args=[t.pk, round_.number, "score_sheets"]))
    status = client.get(response.json()["status_url"]).json()
    assert status["state"] == "done"
    settings.CEGO_EXPORT_DIR = tmp_path / "server-b"
    download = client.get(status["file_url"])
    return download.status_code, b"".join(download.streaming_content) if download.status_code == 200 else b""


def test_another_server_serves_the_file_from_the_bucket(client, bucket, settings, tmp_path):
    code, content = another_server_downloads(client, settings, tmp_path)
    assert code == 200 and content.startswith(b"%PDF")


def test_in_a_local_folder_another_server_does_not_find_the_file(client, settings, tmp_path):
    """Why several app servers need DJANGO_STORAGE_URL: each server's own folder holds only what it wrote."""
    settings.STORAGES = {**settings.STORAGES, "exports": {"BACKEND": "tournament.common.storage.PrivateExportStorage"}}
    assert another_server_downloads(client, settings, tmp_path) == (404, b"")
