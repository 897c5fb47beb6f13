"""Localized messages shared by every widget (control validation, runtime status).

Widget-specific text lives beside its widget; this catalog holds what the
controls and the browser runtime say. Placeholders are filled with numbers
already formatted for the language (see :mod:`lesson_core.kit.fmt`).
"""

from __future__ import annotations

from .fmt import tr

__all__ = ["MESSAGES", "msg", "ParamError"]

MESSAGES: dict[str, dict[str, str]] = {
    "empty": {"es": "Escribe un valor.", "pt": "Digite um valor."},
    "not_number": {"es": "Eso no es un número.", "pt": "Isso não é um número."},
    "not_integer": {"es": "Tiene que ser un número entero.", "pt": "Precisa ser um número inteiro."},
    "too_small": {"es": "El mínimo es {min}.", "pt": "O mínimo é {min}."},
    "too_large": {"es": "El máximo es {max}.", "pt": "O máximo é {max}."},
    "not_finite": {"es": "El número tiene que ser finito.", "pt": "O número precisa ser finito."},
    "ambiguous": {
        "es": "Número ambiguo: escribe los decimales con una sola coma o un solo punto y agrupa los miles "
              "con espacios (5 000).",
        "pt": "Número ambíguo: use vírgula para decimais (0,5) e ponto ou espaço para milhares (5.000 ou 5 000).",
    },
    # Beside a typed number the other convention reads differently; {value} as the reader writes it.
    "read_as": {"es": "Leído como {value}.", "pt": "Lido como {value}."},
    "not_option": {"es": "Esa opción no existe.", "pt": "Essa opção não existe."},
    "too_long": {
        "es": "El texto es demasiado largo: se usan solo los primeros {max} caracteres.",
        "pt": "O texto é longo demais: só os primeiros {max} caracteres são usados.",
    },
    "not_boolean": {"es": "Valor de interruptor no válido.", "pt": "Valor inválido para esta opção (ligado/desligado)."},
    "off_grid": {"es": "El valor tiene que ir de {step} en {step}.", "pt": "O valor precisa ir de {step} em {step}."},
    # Runtime status, shown by the browser bridge.
    "py_idle": {"es": "Cálculo en vivo: se carga cuando haga falta.",
                "pt": "Cálculo ao vivo: é carregado quando for preciso."},
    "py_weight": {"es": "{size} MB", "pt": "{size} MB"},
    "py_start": {"es": "Cargar ahora", "pt": "Carregar agora"},
    "py_loading": {"es": "Python se está cargando…", "pt": "O Python está carregando…"},
    "py_progress": {"es": "{pct}\u00a0%", "pt": "{pct}%"},
    "py_retry": {"es": "Reintentar", "pt": "Tentar de novo"},
    "py_ready": {"es": "Cálculo en vivo listo", "pt": "Cálculo ao vivo pronto"},
    "py_failed": {
        "es": "No se pudo iniciar Python: el recálculo en vivo está desactivado. Los controles precalculados siguen funcionando.",
        "pt": "Não foi possível iniciar o Python: o recálculo ao vivo está desligado. Os controles pré-calculados continuam funcionando.",
    },
    "py_wait": {
        "es": "Este valor se calculará en cuanto Python esté listo.",
        "pt": "Este valor será calculado assim que o Python estiver pronto.",
    },
    "py_error": {"es": "No se pudo calcular este valor.", "pt": "Não foi possível calcular este valor."},
    "py_off": {
        "es": "El recálculo en vivo está desactivado; prueba con un valor precalculado.",
        "pt": "O recálculo ao vivo está desligado; tente um valor pré-calculado.",
    },
    # The name of a box that scrolls sideways on a narrow screen, before the widget's title.
    "scroll_box": {"es": "Contenido desplazable", "pt": "Conteúdo rolável"},
}

RUNTIME_KEYS = ("py_idle", "py_weight", "py_start", "py_loading", "py_progress", "py_retry", "py_ready",
                "py_failed", "py_wait", "py_error", "py_off", "scroll_box")


def msg(key: str, lang: str, **values: object) -> str:
    return tr(lang, MESSAGES[key]).format(**values)


class ParamError(ValueError):
    """Bad input for one parameter, with a message per language.

    ``text`` is ``{"es": ..., "pt": ...}``; ``param`` names the control (or None
    when the problem concerns the widget as a whole).
    """

    def __init__(self, param: str | None, text: dict[str, str]):
        super().__init__(f"{param}: {text.get('es', '')}")
        self.param = param
        self.text = text

    @classmethod
    def of(cls, param: str | None, key: str, **values: dict[str, str] | str) -> "ParamError":
        """Build from a catalog key; each value is a string or a per-language dict."""
        text = {}
        for lang in ("es", "pt"):
            filled = {k: (tr(lang, v) if isinstance(v, dict) else v) for k, v in values.items()}
            text[lang] = tr(lang, MESSAGES[key]).format(**filled)
        return cls(param, text)
