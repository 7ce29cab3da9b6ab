"""The scenario parser is built once and kept in the user's cache folder
(dsl/parse.py: parser, grammar_cache): the next command reads it back; a folder
that cannot be written, or is not private, or a damaged file, only means the
parser is built afresh."""

from __future__ import annotations

import os

import pytest

from dsl import parse

TEXT = 'scenario "Cache" {\n  ruleset skirmish\n  sides A, B\n}\n'


def _tree(p) -> str:
    return p.parse(TEXT).pretty()


def test_grammar_the_built_parser_is_kept_in_the_cache_folder_and_read_back(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("FRONTKIT_NO_CACHE", raising=False)
    where = parse.grammar_cache()
    assert where is not None and where.parent == tmp_path / "frontkit"
    first = parse.parser.__wrapped__()
    assert where.is_file() and where.stat().st_size > 1000
    if os.name != "nt":
        assert where.parent.stat().st_mode & 0o077 == 0
    stamp = where.stat().st_mtime_ns
    again = parse.parser.__wrapped__()
    assert where.stat().st_mtime_ns == stamp  # read, not written again
    assert _tree(again) == _tree(first)


def test_grammar_a_damaged_cache_file_is_built_afresh(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("FRONTKIT_NO_CACHE", raising=False)
    where = parse.grammar_cache()
    where.write_bytes(b"not a parser\n\x00\x01")
    assert _tree(parse.parser.__wrapped__()) == _tree(parse.parser())


def test_grammar_a_cache_folder_that_cannot_be_made_means_no_cache(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("in the way")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    monkeypatch.delenv("FRONTKIT_NO_CACHE", raising=False)
    assert parse.grammar_cache() is None
    assert _tree(parse.parser.__wrapped__()) == _tree(parse.parser())


@pytest.mark.skipif(os.name == "nt", reason="POSIX modes")
def test_grammar_a_cache_folder_others_may_write_is_not_read(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    folder = tmp_path / "frontkit"
    folder.mkdir()
    folder.chmod(0o777)
    assert parse.grammar_cache() is None
    monkeypatch.setenv("FRONTKIT_NO_CACHE", "1")
    folder.chmod(0o700)
    assert parse.grammar_cache() is None
