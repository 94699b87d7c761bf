"""This installation's version, from its package metadata (a bundled app carries it too)."""

from importlib.metadata import PackageNotFoundError, version


def installed_version() -> str | None:
    """The version lanpurr was installed as; None when it runs from a source folder that was
    never installed."""
    try:
        return version("lanpurr")
    except PackageNotFoundError:
        return None


def version_text() -> str:
    """The version to show a person."""
    return installed_version() or "unknown (run from a source folder that was never installed)"
