"""The static checks of what an author writes, which the build, ``mkdocs serve`` and
``python -m lesson_core check LESSON`` run alike (never imported by the package itself, never
needed by the browser):

- :mod:`.language`: text in the other language (Spanish in a Portuguese slot, or the reverse),
  in lesson_core's ``{"es": ..., "pt": ...}`` literals and in the pages' paragraphs;
- :mod:`.layout`: a view wider than a phone's box (a narrow drawing, or a drawing made once, wider
  than ``svgkit.NARROW``; a plain table that cannot fit) and markup in a widget's title, labels or
  options, which readers would see literally.

Each finding is one English line naming the file and line, like the build's other author
mistakes: ``lesson_core/widgets/x.py:65: ...``.
"""
