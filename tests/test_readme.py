"""The README's Python examples run (doctest)."""

import doctest
import pathlib


def test_readme_examples():
    readme = pathlib.Path(__file__).resolve().parent.parent / "README.md"
    result = doctest.testfile(str(readme), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5
    assert result.failed == 0
