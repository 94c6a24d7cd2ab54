"""Record readers with file:line errors, and packaged data."""

from medtrust.data.records import DataError, Record, read_records, sha256_file

__all__ = ["DataError", "Record", "read_records", "sha256_file"]
