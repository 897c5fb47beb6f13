"""Localized messages shared by every widget (control validation, runtime status).

Widget-specific text lives beside its widget; this catalog holds what the
controls, the browser runtime and the teacher kit of every page say. Placeholders are filled with numbers
already formatted for the language (see :mod:`lesson_core.kit.fmt`).
"""

from __future__ import annotations

from .fmt import tr

__all__ = ["MESSAGES", "PAGE_KEYS", "msg", "page_messages", "ParamError"]

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
    # Such a number refused: how it was read, why, and (when the other convention reads another number)
    # which was meant, {other} as the reader writes it ("Leído como 1275: el máximo es 5. ¿Querías decir 1,275?").
    "too_small_read": {"es": "Leído como {value}: el mínimo es {min}.", "pt": "Lido como {value}: o mínimo é {min}."},
    "too_large_read": {"es": "Leído como {value}: el máximo es {max}.", "pt": "Lido como {value}: o máximo é {max}."},
    "not_integer_read": {"es": "Leído como {value}: tiene que ser un número entero.",
                         "pt": "Lido como {value}: precisa ser um número inteiro."},
    "meant": {"es": "¿Querías decir {other}?", "pt": "Você quis dizer {other}?"},
    # under a field whose figure was dragged past its edge: the value stops at the edge (drag.js)
    "drag_min": {"es": "Llegaste al borde de la figura: el mínimo es {min}.",
                 "pt": "Você chegou à borda da figura: o mínimo é {min}."},
    "drag_max": {"es": "Llegaste al borde de la figura: el máximo es {max}.",
                 "pt": "Você chegou à borda da figura: o máximo é {max}."},
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
    # the worker ran, then stopped answering (loader.js heartbeat)
    "py_stopped": {
        "es": "Python dejó de responder: el recálculo en vivo está desactivado. Los controles precalculados siguen "
              "funcionando.",
        "pt": "O Python parou de responder: o recálculo ao vivo está desligado. Os controles pré-calculados continuam "
              "funcionando.",
    },
    "py_wait": {
        "es": "Este valor se calculará en cuanto Python esté listo.",
        "pt": "Este valor será calculado assim que o Python estiver pronto.",
    },
    # over a widget's view while its new answer is on its way (aula.css, [aria-busy])
    "py_old": {"es": "Resultado anterior: se está calculando el nuevo",
               "pt": "Resultado anterior: o novo está sendo calculado"},
    # beside a discrete control some of whose states the build did not precompute (block.needs_python);
    # the bridge adds the download's size
    "py_needs_always": {"es": "Este control usa el cálculo en vivo: al cambiarlo, se descarga Python",
                        "pt": "Este controle usa o cálculo ao vivo: ao mudar o valor, o Python é baixado"},
    "py_needs_second": {"es": "Si ya cambiaste otro control, este usa el cálculo en vivo y descarga Python",
                        "pt": "Se você já mudou outro controle, este usa o cálculo ao vivo e baixa o Python"},
    # the same, once under several controls in a row that go live alike
    "py_needs_always_all": {"es": "Estos controles usan el cálculo en vivo: al cambiar cualquiera, se descarga Python",
                            "pt": "Estes controles usam o cálculo ao vivo: ao mudar qualquer um, o Python é baixado"},
    "py_needs_second_all": {"es": "Si ya cambiaste otro control, cualquiera de estos usa el cálculo en vivo y "
                                  "descarga Python",
                            "pt": "Se você já mudou outro controle, qualquer um destes usa o cálculo ao vivo e "
                                  "baixa o Python"},
    "py_error": {"es": "No se pudo calcular este valor.", "pt": "Não foi possível calcular este valor."},
    "py_off": {
        "es": "El recálculo en vivo está desactivado; prueba con un valor precalculado.",
        "pt": "O recálculo ao vivo está desligado; tente um valor pré-calculado.",
    },
    # The name of a box that scrolls sideways on a narrow screen, before the widget's title.
    "scroll_box": {"es": "Contenido desplazable", "pt": "Conteúdo rolável"},
    # The teacher kit on every page (overrides/bridge/teacher.js): share links, progress, print.
    "share_copy": {"es": "Copiar enlace", "pt": "Copiar link"},
    "share_copied": {"es": "Enlace copiado.", "pt": "Link copiado."},
    "share_manual": {"es": "Copia el enlace de este campo:", "pt": "Copie o link deste campo:"},
    "share_label": {"es": "Enlace a este recuadro en su estado actual", "pt": "Link para este quadro no estado atual"},
    "present": {"es": "Proyectar", "pt": "Projetar"},
    "present_exit": {"es": "Volver a la página", "pt": "Voltar à página"},
    "present_label": {"es": "Mostrar este recuadro en pantalla completa, con letra grande, para proyectarlo",
                      "pt": "Mostrar este quadro em tela cheia, com letra grande, para projetá-lo"},
    # beside a copied link whose state needs live Python (overrides/bridge/cost.js); {size}: the build's MB
    "share_cost": {"es": "Este estado no viene precalculado en el sitio: cada dispositivo que abra el enlace "
                         "descargará unos {size} MB para calcularlo en vivo.",
                   "pt": "Este estado não vem pré-calculado no site: cada aparelho que abrir o link "
                         "vai baixar cerca de {size} MB para calculá-lo ao vivo."},
    "share_nearest": {"es": "Compartir el estado precalculado más cercano ({state})",
                      "pt": "Compartilhar o estado pré-calculado mais próximo ({state})"},
    # on the figure of a student who opened such a link, until Python answers (or cannot start)
    "share_preparing": {"es": "Preparando el estado compartido: el cálculo en vivo se está cargando…",
                        "pt": "Preparando o estado compartilhado: o cálculo ao vivo está carregando…"},
    "share_unprepared": {"es": "No se pudo cargar el cálculo en vivo, así que el estado compartido no se puede "
                               "dibujar aquí. Mueve un control para volver a ver la figura.",
                         "pt": "Não foi possível carregar o cálculo ao vivo, então o estado compartilhado não pode "
                               "ser desenhado aqui. Mexa em um controle para ver a figura de novo."},
    "share_qr": {"es": "Código QR del enlace: se escanea con la cámara del celular",
                 "pt": "Código QR do link: é lido com a câmera do celular"},
    "share_qr_long": {"es": "Este enlace es demasiado largo para un código QR legible: compártelo copiándolo.",
                      "pt": "Este link é longo demais para um código QR legível: compartilhe-o copiando."},
    "link_no_widget": {"es": "El enlace nombra un recuadro que no está en esta página ({names}); se ignora.",
                       "pt": "O link cita um quadro que não está nesta página ({names}); ele foi ignorado."},
    "link_bad_values": {
        "es": "El enlace traía valores que este recuadro no acepta ({names}); se usan los valores por defecto.",
        "pt": "O link trazia valores que este quadro não aceita ({names}); foram usados os valores padrão.",
    },
    # after the first few names a link notice shows (share.js shownNames)
    "link_more": {"es": "y {n} más", "pt": "e mais {n}"},
    "chapter_done": {"es": "Terminé este capítulo", "pt": "Terminei este capítulo"},
    "print": {"es": "Imprimir", "pt": "Imprimir"},
    "print_key": {"es": "Imprimir con respuestas (docente)", "pt": "Imprimir com respostas (professor)"},
    "print_handout": {"es": "Imprimir hoja para estudiantes (figuras y preguntas)",
                      "pt": "Imprimir folha para estudantes (figuras e perguntas)"},
    "progress_title": {"es": "Tu progreso", "pt": "Seu progresso"},
    "progress_local": {"es": "Se guarda solo en este dispositivo; nada sale de tu navegador.",
                       "pt": "Fica salvo só neste aparelho; nada sai do seu navegador."},
    "progress_no_storage": {
        "es": "Este navegador no permite guardar datos (por ejemplo, en modo privado): el progreso se perderá al "
              "cerrar la página.",
        "pt": "Este navegador não permite salvar dados (por exemplo, em janela anônima): o progresso se perde ao "
              "fechar a página.",
    },
    "progress_unsaved": {
        "es": "Tu progreso no se puede guardar en este dispositivo (el almacenamiento está lleno o bloqueado, o "
              "es de otra versión del sitio): se conserva solo mientras esta página siga abierta.",
        "pt": "Seu progresso não pode ser salvo neste aparelho (o armazenamento está cheio ou bloqueado, ou é de "
              "outra versão do site): ele fica guardado só enquanto esta página estiver aberta.",
    },
    # a page inside another site's frame (overrides/bridge/frame.js)
    "frame_notice": {"es": "Esta página se está mostrando dentro de otro sitio.",
                     "pt": "Esta página está sendo mostrada dentro de outro site."},
    "frame_open": {"es": "Ábrela por separado para usarla con seguridad.",
                   "pt": "Abra-a separadamente para usá-la com segurança."},
    "frame_refused": {"es": "Dentro de otro sitio no se puede borrar el progreso: abre la página por separado.",
                      "pt": "Dentro de outro site não dá para apagar o progresso: abra a página separadamente."},
    "progress_finished": {"es": "terminado", "pt": "terminado"},
    "progress_not_visited": {"es": "sin visitar", "pt": "não visitado"},
    "progress_quizzes": {"es": "preguntas respondidas: {answered} de {total} ({right} bien)",
                         "pt": "perguntas respondidas: {answered} de {total} ({right} certas)"},
    "progress_reset": {"es": "Borrar mi progreso", "pt": "Apagar meu progresso"},
    "progress_confirm_reset": {"es": "¿Borrar todo tu progreso guardado en este dispositivo?",
                               "pt": "Apagar todo o seu progresso salvo neste aparelho?"},
    "progress_reset_done": {"es": "Progreso borrado.", "pt": "Progresso apagado."},
    "yes": {"es": "sí", "pt": "sim"},
    "no": {"es": "no", "pt": "não"},
}

RUNTIME_KEYS = ("py_idle", "py_weight", "py_start", "py_loading", "py_progress", "py_retry", "py_ready",
                "py_failed", "py_stopped", "py_wait", "py_error", "py_off", "scroll_box")
# What every page's teacher kit says: written into each page as <script id="aula-page-msgs"> (main.html).
PAGE_KEYS = ("share_copy", "share_copied", "share_manual", "share_label", "share_qr", "share_qr_long",
             "share_cost", "share_nearest", "share_preparing", "share_unprepared",
             "present", "present_exit", "present_label",
             "link_no_widget", "link_bad_values", "link_more",
             "chapter_done", "print", "print_key", "print_handout", "progress_title", "progress_local",
             "progress_no_storage", "progress_finished", "progress_not_visited", "progress_quizzes",
             "progress_reset", "progress_confirm_reset", "progress_reset_done", "yes", "no",
             "progress_unsaved", "frame_notice", "frame_open", "frame_refused")


def page_messages(lang: str) -> dict[str, str]:
    """The teacher kit's messages in ``lang``, as templates: the browser fills {names}, {answered}, ..."""
    return {key: tr(lang, MESSAGES[key]) for key in PAGE_KEYS}


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
