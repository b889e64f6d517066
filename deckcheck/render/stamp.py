"""When an output is made, as the report page and the tables of an event print it."""

from __future__ import annotations

import os
from datetime import datetime, timezone


def generated_at(now: datetime | None = None) -> datetime:
    """When the output is made: ``now``, else ``SOURCE_DATE_EPOCH`` (reproducible output), else the clock."""
    if now is not None:
        return now
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch.isdigit():
        return datetime.fromtimestamp(int(epoch), timezone.utc)
    return datetime.now().astimezone()


def time_text(moment: datetime) -> str:
    """``2026-12-05 09:30 UTC`` (the zone's abbreviation, or its offset)."""
    zone = moment.tzname() or ""
    if zone and not zone.isalpha():
        zone = "UTC" + zone if zone.startswith(("+", "-")) else zone
    return f"{moment:%Y-%m-%d %H:%M} {zone}".rstrip()
