"""Probabilities as text: never a rounded 100.0% or 0.0% for a value that is not exactly 1 or 0."""

from __future__ import annotations


def pct(p: float | None, digits: int = 1) -> str:
    """``0.4031`` -> ``40.3%``; exactly 1 -> ``100%``, exactly 0 -> ``0%``; ``0.99996`` -> ``>99.9%``,
    ``0.00004`` -> ``<0.1%``. None -> ``-``."""
    if p is None:
        return "-"
    if p >= 1.0:
        return "100%"
    if p <= 0.0:
        return "0%"
    step = 10.0 ** -digits
    text = f"{100 * p:.{digits}f}"
    if float(text) >= 100.0:
        return f">{100 - step:.{digits}f}%"
    if float(text) <= 0.0:
        return f"<{step:.{digits}f}%"
    return f"{text}%"


def pct_range(low: float | None, high: float | None, digits: int = 1) -> str:
    """A 95% interval as ``39.8–40.9%`` (each end written as :func:`pct` writes it)."""
    if low is None or high is None:
        return "-"
    for places in range(digits, digits + 3):  # more places until the two ends differ
        low_text, high_text = pct(low, places), pct(high, places)
        if low_text != high_text:
            break
    return f"{low_text.rstrip('%')}–{high_text}"


def with_interval(p: float, low: float | None, high: float | None, digits: int = 1) -> str:
    """``40.3% (39.8–40.9%)``, or just the figure when there is no interval (an exact value)."""
    if low is None or high is None:
        return pct(p, digits)
    return f"{pct(p, digits)} ({pct_range(low, high, digits)})"


def half_width(p: float, low: float, high: float) -> float:
    """The larger side of a 95% interval around ``p``, in percentage points."""
    return 100 * max(p - low, high - p)
