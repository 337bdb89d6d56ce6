"""The engine (``gamester``) and the site's build code (``gamester_site``, ``edition``) are installed packages
(``pip install -e .``): no test edits ``sys.path``."""
