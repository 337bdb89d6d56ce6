"""gamester_site.sitecounts, which ``nox -s zensical`` uses to hold a Zensical build to the MkDocs one."""

from __future__ import annotations

from gamester_site import sitecounts

PAGE = ('<html><body><article class="md-content__inner"><h1 id="t">Title<a class="headerlink" href="#t">¶</a></h1>'
        '<p>Two <abbr title="a counter">dishes</abbr> and a {extra}</p>'
        '<div class="gm-widget" data-widget="x" data-base="../"></div></article></body></html>')


def site(tmp_path, name: str, extra: str):
    root = tmp_path / name
    (root / "put").mkdir(parents=True)
    (root / "put" / "index.html").write_text(PAGE.format(extra=extra), encoding="utf-8")
    (root / "index.html").write_text(PAGE.format(extra="pack"), encoding="utf-8")
    return root


def test_the_same_pages_count_the_same_and_a_missing_word_is_found(tmp_path, capsys):
    a, b = site(tmp_path, "a", "pack"), site(tmp_path, "b", "pack")
    assert sitecounts.counts(a / "index.html") == {"words": 6, "widgets": 1, "tooltips": 1, "bases": ["../"]}
    assert sitecounts.main([str(a), str(b)]) == 0
    c = site(tmp_path, "c", "")
    assert sitecounts.main([str(a), str(c)]) == 1
    assert "put/index.html: words 6 (first) != 5 (second)" in capsys.readouterr().out
