"""Build-time glue: the mkdocs-macros module (main.py) and MkDocs hooks (hooks.py)."""
