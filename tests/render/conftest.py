"""The session's headless browser, shared by every test of the HTML pages."""

from __future__ import annotations

import pytest

from browser import Browser, start_browser


@pytest.fixture(scope="session")
def browser() -> Browser:
    started = start_browser()
    yield started
    started.close()
