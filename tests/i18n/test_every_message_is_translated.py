"""Every message of the code has its Chinese translation in the catalog, with the same fields, and the
committed .mo is what the .po compiles to (so what gettext reads at run time is the reviewed .po)."""

from __future__ import annotations

import importlib.util
import sys

import pytest

from conftest import REPO

pytest.importorskip("babel")


def _catalog_script():
    spec = importlib.util.spec_from_file_location("catalog_script", REPO / "scripts" / "catalog.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["catalog_script"] = module
    spec.loader.exec_module(module)
    return module


catalog = _catalog_script()


def test_every_message_has_a_chinese_translation_with_its_fields():
    assert catalog.problems("zh_CN") == []


def test_the_committed_catalog_is_the_compiled_po():
    mo = catalog.po_path("zh_CN").with_suffix(".mo")
    assert mo.read_bytes() == catalog.compiled("zh_CN"), "run: python scripts/catalog.py compile"


def test_a_message_without_translation_is_caught(tmp_path, monkeypatch):
    """The check itself fails on a message the catalog lacks (not a test that cannot fail)."""
    found = catalog.extracted()
    monkeypatch.setattr(catalog, "extracted", lambda: {**found, ("a sentence nobody translated", None):
                                                       "a sentence nobody translated"})
    assert catalog.problems("zh_CN") == ["no translation: 'a sentence nobody translated'"]
