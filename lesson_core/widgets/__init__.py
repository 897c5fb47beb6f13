"""Widget modules; importing this package registers every widget.

Each module here imports its computation module(s) and declares widgets with
:func:`lesson_core.kit.registry.widget`. Every module in this folder is loaded, in
name order, so adding a lesson's widgets means adding one file."""

import pkgutil
from importlib import import_module

for _info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    import_module(f"{__name__}.{_info.name}")
