"""Teacher pages: each chapter's class plans (one 45-minute session; two where the chapter needs them),
with setup and materials, as data, and their tables, fitted to the teacher's period (periods.py: 40, 45,
50 or 60 minutes, chosen on the guide); the course overview for the teachers' page.

Each plan is a list of (minutes, activity) with the activity in Spanish and in
Portuguese; the table's clock times are the running sums, and a session that does
not fill exactly one class stops the build (see :func:`plan_rows`).

Example: plan_rows("turing-1-words")[0] -> (0, 5, {"es": "Apertura: ...", "pt": "Abertura: ..."})
"""

from __future__ import annotations

from ..kit.fmt import fmt, tr
from ..kit.html import Markup, h
from ..kit.svgkit import table
from .periods import PERIODS, chooser, fit

__all__ = ["CLASS_MINUTES", "PLANS", "TWO_SESSIONS", "MATERIALS", "ORDER", "TITLES", "plan_rows", "plan_html",
           "sessions", "course_html"]

CLASS_MINUTES = 45


# The chapters in the course's order (the site's menu), with short names for the teachers' page.
ORDER = ("turing-1-words", "turing-2-vectors", "positional-encoding", "turing-3-generation", "turing-4-scale",
         "real-model", "own-model")
TITLES = {
    "turing-1-words": {"es": "1. Turing, palabras y tokens", "pt": "1. Turing, palavras e tokens"},
    "turing-2-vectors": {"es": "2. Vectores y atención", "pt": "2. Vetores e atenção"},
    "positional-encoding": {"es": "Codificación posicional", "pt": "Codificação posicional"},
    "turing-3-generation": {"es": "3. Generar y aprender", "pt": "3. Gerar e aprender"},
    "turing-4-scale": {"es": "4. Escala y difusión", "pt": "4. Escala e difusão"},
    "real-model": {"es": "Un modelo de verdad", "pt": "Um modelo de verdade"},
    "own-model": {"es": "Entrena tu propio modelo", "pt": "Treine seu próprio modelo"},
}

PLANS: dict[str, list[tuple[int, dict]]] = {
    "positional-encoding": [
        (5, {"es": "Apertura: «el perro muerde al hombre» frente a «el hombre muerde al perro». ¿Qué ve la atención, "
                   "que compara cada palabra con todas las demás sin mirar dónde está?",
             "pt": "Abertura: “o cachorro morde o homem” contra “o homem morde o cachorro”. O que a atenção enxerga, "
                   "se compara cada palavra com todas as outras sem olhar onde ela está?"}),
        (10, {"es": "Contar 1, 2, 3…: en el primer recuadro, llevar la posición hasta el final y leer qué parte del "
                    "vector se come el número. Conclusión en el pizarrón: crece sin límite y no sabe qué hacer con "
                    "posiciones que nunca vio.",
              "pt": "Contar 1, 2, 3…: no primeiro recurso interativo, levar a posição até o fim e ler quanto do vetor o número "
                    "ocupa. Conclusão na lousa: ele cresce sem limite e não sabe o que fazer com posições que nunca viu."}),
        (10, {"es": "Ondas: repaso rápido de seno y coseno en radianes (una vuelta completa mide 2π). Mapa de calor y "
                    "huella de una posición: cada columna es una onda más lenta que la anterior.",
              "pt": "Ondas: revisão rápida de seno e cosseno em radianos (uma volta completa mede 2π). Mapa de calor e "
                    "impressão digital de uma posição: cada coluna é uma onda mais lenta que a anterior."}),
        (8, {"es": "¿3 o 300?: en parejas, comparar las dos posiciones con una sola onda lenta y con el código entero. "
                   "Cada pareja explica con sus palabras por qué hacen falta muchas ondas.",
             "pt": "3 ou 300?: em duplas, comparar as duas posições com uma só onda lenta e com o código inteiro. "
                   "Cada dupla explica com suas palavras por que são necessárias muitas ondas."}),
        (7, {"es": "Sumar, no añadir: x = E + PE con el recuadro de la suma. Un bonus: avanzar k "
                   "posiciones es girar, comprobado con números.",
             "pt": "Somar, não acrescentar: x = E + PE com o recurso interativo da soma. O presente da rotação: avançar k "
                   "posições é girar, conferido com números."}),
        (5, {"es": "Cierre: un ejercicio de la ficha (un valor del código) o la pregunta de salida: ¿qué ventaja "
                   "tendrían unas posiciones aprendidas? ¿Y qué inconveniente?",
             "pt": "Fechamento: um exercício da folha (um valor do código) ou a pergunta de saída: que vantagem "
                   "teriam posições aprendidas? E que desvantagem?"}),
    ],
    "turing-1-words": [
        (5, {"es": "Apertura: la pregunta de Turing y el juego de la imitación. ¿Alguien ha dudado alguna vez de si "
                   "hablaba con una persona o con un programa?",
             "pt": "Abertura: a pergunta de Turing e o jogo da imitação. Alguém já ficou na dúvida se conversava com "
                   "uma pessoa ou com um programa?"}),
        (3, {"es": "Línea del tiempo, proyectada: señalar dos acontecimientos, uno de reglas escritas y otro de "
                   "aprendizaje con ejemplos.",
             "pt": "Linha do tempo, projetada: apontar dois acontecimentos, um de regras escritas e outro de "
                   "aprendizado com exemplos."}),
        (12, {"es": "Adivinar contando: tabla de la palabra siguiente; calcular a mano una probabilidad como recuento "
                    "entre total y contestar la pregunta de «sobre».",
              "pt": "Adivinhar contando: tabela da próxima palavra; calcular à mão uma probabilidade como contagem "
                    "dividida pelo total e responder à pergunta de “sobre”."}),
        (4, {"es": "Escribir frases con el muestreador: ¿por qué salen frases correctas a trozos y raras en conjunto?",
             "pt": "Escrever frases com o amostrador: por que saem frases certas em pedaços e estranhas no conjunto?"}),
        (16, {"es": "Tokens: probar el tokenizador con su nombre y con un ideograma; BPE paso a paso en el recuadro, "
                    "con la primera fusión contada también en el pizarrón.",
              "pt": "Tokens: testar o tokenizador com o próprio nome e com um ideograma; BPE passo a passo no recurso "
                    "interativo, com a primeira fusão contada também na lousa."}),
        (5, {"es": "Cierre: un ejercicio de la ficha (una probabilidad del modelo de recuentos o la primera fusión BPE).",
             "pt": "Fechamento: um exercício da folha (uma probabilidade do modelo de contagens ou a primeira fusão BPE)."}),
    ],
    "turing-2-vectors": [
        (5, {"es": "Repaso: un token es un número de identificación que no significa nada. ¿Cómo podría el modelo "
                   "saber que «gato» y «perro» se parecen?",
             "pt": "Revisão: um token é um número de identificação que não significa nada. Como o modelo poderia "
                   "saber que “gato” e “cachorro” se parecem?"}),
        (8, {"es": "Tabla de vectores y vista 3D: elegir tres ejes y buscar grupos de palabras cercanas.",
             "pt": "Tabela de vetores e visão 3D: escolher três eixos e procurar grupos de palavras próximas."}),
        (10, {"es": "Producto escalar y coseno: arrastrar las flechas, pregunta del producto cero y palabras más "
                    "cercanas.",
              "pt": "Produto escalar e cosseno: arrastar as setas, pergunta do produto zero e palavras mais próximas."}),
        (17, {"es": "Atención: consulta, clave y valor. Calcular a mano la puntuación que «él» da a «gato», pasar las "
                    "puntuaciones por softmax y contestar la pregunta de sumar una constante. (El bloque Transformer "
                    "queda para el inicio de la clase siguiente.)",
              "pt": "Atenção: consulta, chave e valor. Calcular à mão a pontuação que “ele” dá a “gato”, passar as "
                    "pontuações pelo softmax e responder à pergunta de somar uma constante. (O bloco Transformer "
                    "fica para o começo da aula seguinte.)"}),
        (5, {"es": "Cierre: un ejercicio de la ficha (producto escalar o pesos de atención).",
             "pt": "Fechamento: um exercício da folha (produto escalar ou pesos de atenção)."}),
    ],
    "turing-3-generation": [
        (5, {"es": "Repaso: el modelo acaba con un vector. ¿Cómo se convierte eso en una palabra?",
             "pt": "Revisão: o modelo termina com um vetor. Como isso vira uma palavra?"}),
        (10, {"es": "Logits y softmax; sacar un token y sacar cien; temperatura, top-k y top-p; pregunta de la "
                    "temperatura casi cero.",
              "pt": "Logits e softmax; sortear um token e sortear cem; temperatura, top-k e top-p; pergunta da "
                    "temperatura quase zero."}),
        (13, {"es": "Aprender: la pérdida −ln p y entrenar tres logits paso a paso, con una tasa de aprendizaje "
                    "pequeña y con una grande.",
              "pt": "Aprender: a perda −ln p e treinar três logits passo a passo, com uma taxa de aprendizado "
                    "pequena e com uma grande."}),
        (12, {"es": "La regla de la cadena en una cadena que se puede calcular: un paso con la tasa pequeña, otro "
                    "con la grande, y el salto que se pasa del mínimo. (RNN frente a Transformer queda para otra clase.)",
              "pt": "A regra da cadeia em uma cadeia que dá para calcular: um passo com a taxa pequena, outro com a "
                    "grande, e o salto que passa do mínimo. (RNN contra Transformer fica para outra aula.)"}),
        (5, {"es": "Cierre: un ejercicio de la ficha (un paso de gradiente).",
             "pt": "Fechamento: um exercício da folha (um passo de gradiente)."}),
    ],
    "turing-4-scale": [
        (5, {"es": "Repaso: qué aprendimos a calcular en los tres capítulos anteriores.",
             "pt": "Revisão: o que aprendemos a calcular nos três capítulos anteriores."}),
        (10, {"es": "Tamaños de modelos en escala logarítmica: leer el gráfico, Chinchilla y los tokens por parámetro.",
              "pt": "Tamanhos de modelos em escala logarítmica: ler o gráfico, o Chinchilla e os tokens por parâmetro."}),
        (12, {"es": "Difusión con un píxel: la fórmula, qué significa ᾱ y cómo se recupera x₀ si se conoce el ruido; "
                    "pregunta de ᾱ = 1.",
              "pt": "Difusão com um pixel: a fórmula, o que significa ᾱ e como se recupera x₀ quando se conhece o "
                    "ruído; pergunta de ᾱ = 1."}),
        (10, {"es": "El corazón: añadir ruido hasta la nube redonda y generar desde el ruido; la estimación como "
                    "media ponderada y los «puntos que cuentan».",
              "pt": "O coração: acrescentar ruído até a nuvem redonda e gerar a partir do ruído; a estimativa como "
                    "média ponderada e os “pontos que contam”."}),
        (8, {"es": "Vuelta a Turing: debate breve con las preguntas de esta guía y pregunta de salida oral. La ficha "
                   "(un paso de difusión) queda de tarea.",
             "pt": "Volta a Turing: debate curto com as perguntas deste guia e pergunta de saída oral. A folha "
                   "(um passo de difusão) fica como lição de casa."}),
    ],
    "real-model": [
        (5, {"es": "Apertura: todo lo de las lecciones anteriores era de juguete. ¿Qué esperan de un modelo de "
                   "verdad, aunque sea diminuto?",
             "pt": "Abertura: tudo nas lições anteriores era de brinquedo. O que vocês esperam de um modelo de "
                   "verdade, mesmo que minúsculo?"}),
        (8, {"es": "Sus tokens: cada estudiante escribe una frase propia; comparar cuántos tokens cuesta con el "
                   "tokenizador de su idioma y con el del otro.",
             "pt": "Os tokens dele: cada estudante escreve uma frase própria; comparar quantos tokens ela custa com o "
                   "tokenizador da sua língua e com o da outra."}),
        (8, {"es": "Hacia dónde mira la atención: recorrer capas y cabezas y describir en voz alta el hábito de cada "
                   "cabeza.",
             "pt": "Para onde a atenção olha: percorrer camadas e cabeças e descrever em voz alta o hábito de cada "
                   "cabeça."}),
        (10, {"es": "El token siguiente y escribir token a token: probar un texto conocido y uno extraño; cambiar "
                    "temperatura, top-k y top-p.",
              "pt": "O próximo token e escrever token a token: testar um texto conhecido e um estranho; mudar "
                    "temperatura, top-k e top-p."}),
        (9, {"es": "Cómo aprendió: la pérdida de entrenamiento y la del texto de validación frente al modelo de recuentos del "
                   "capítulo 1; vecinos por coseno.",
             "pt": "Como aprendeu: a perda de treinamento e a do texto de validação contra o modelo de contagens do capítulo 1; "
                   "vizinhos por cosseno."}),
        (5, {"es": "Cierre: su tamaño en el gráfico logarítmico del capítulo 4 y la pregunta de salida: ¿qué le "
                   "falta para escribir bien?",
             "pt": "Fechamento: o tamanho dele no gráfico logarítmico do capítulo 4 e a pergunta de saída: o que falta "
                   "para ele escrever bem?"}),
    ],
    "own-model": [
        (5, {"es": "Apertura: ¿cómo aprendería a escribir una máquina que al principio no sabe ni qué letras existen?",
             "pt": "Abertura: como uma máquina que no começo nem sabe quais letras existem aprenderia a escrever?"}),
        (10, {"es": "El modelo y los bits por carácter: leer juntos las dos primeras secciones y mover el control al "
                    "paso 0 y al último.",
              "pt": "O modelo e os bits por caractere: ler juntos as duas primeiras seções e levar o controle ao "
                    "passo 0 e ao último."}),
        (15, {"es": "En grupos: cada grupo recibe un tramo de pasos, copia las dos pérdidas y la muestra de su tramo y "
                    "cuenta cuántas palabras de la muestra están en el cuento; en el pizarrón se arma la curva de toda "
                    "la clase.",
              "pt": "Em grupos: cada grupo recebe um trecho de passos, copia as duas perdas e a amostra do seu trecho e "
                    "conta quantas palavras da amostra estão no conto; na lousa se monta a curva da turma toda."}),
        (10, {"es": "Cuando el modelo memoriza: comparar las curvas de entrenamiento y de validación y responder la "
                    "pregunta de la lección.",
              "pt": "Quando o modelo decora: comparar as curvas de treinamento e de validação e responder a pergunta "
                    "da lição."}),
        (5, {"es": "Cierre y pregunta de salida: ¿por qué el modelo que cuenta le gana a la red neuronal con este texto?",
             "pt": "Fechamento e pergunta de saída: por que o modelo que conta ganha da rede neural com este texto?"}),
    ],
}



# Chapters with more than one class of content: the same material over two sessions, at a calmer pace.
TWO_SESSIONS: dict[str, list[list[tuple[int, dict]]]] = {
    "turing-2-vectors": [
        [(5, {"es": "Repaso: un token es un número sin significado. ¿Cómo saber que «gato» y «perro» se parecen?",
              "pt": "Revisão: um token é um número sem significado. Como saber que “gato” e “cachorro” se parecem?"}),
         (10, {"es": "Tabla de vectores y vista 3D: elegir tres ejes y buscar grupos de palabras cercanas.",
               "pt": "Tabela de vetores e visão 3D: escolher três eixos e procurar grupos de palavras próximas."}),
         (15, {"es": "Producto escalar y coseno: arrastrar las flechas, pregunta del producto cero, palabras más "
                     "cercanas y la analogía rey − hombre + mujer.",
               "pt": "Produto escalar e cosseno: arrastar as setas, pergunta do produto zero, palavras mais próximas e "
                     "a analogia rei − homem + mulher."}),
         (10, {"es": "En parejas, el ejercicio 1 de la ficha (producto escalar, longitudes y coseno) con calculadora.",
               "pt": "Em duplas, o exercício 1 da folha (produto escalar, comprimentos e cosseno) com calculadora."}),
         (5, {"es": "Cierre: ¿un producto escalar grande quiere decir palabras parecidas? (No siempre: mirar el coseno.)",
              "pt": "Fechamento: um produto escalar grande quer dizer palavras parecidas? (Nem sempre: olhar o cosseno.)"})],
        [(5, {"es": "Repaso: coseno entre dos palabras, proyectado.", "pt": "Revisão: cosseno entre duas palavras, projetado."}),
         (15, {"es": "Atención: consulta, clave y valor; calcular a mano la puntuación que «él» da a «gato».",
               "pt": "Atenção: consulta, chave e valor; calcular à mão a pontuação que “ele” dá a “gato”."}),
         (10, {"es": "Softmax y la pregunta de sumar una constante a todas las puntuaciones.",
               "pt": "Softmax e a pergunta de somar uma constante a todas as pontuações."}),
         (10, {"es": "El bloque Transformer: normalización y por qué, sin posiciones, «perro muerde persona» y "
                     "«persona muerde perro» dan lo mismo.",
               "pt": "O bloco Transformer: normalização e por que, sem posições, “cachorro morde pessoa” e "
                     "“pessoa morde cachorro” dão o mesmo resultado."}),
         (5, {"es": "Cierre: el ejercicio 2 de la ficha (pesos de atención) empieza en clase y se termina de tarea.",
              "pt": "Fechamento: o exercício 2 da folha (pesos de atenção) começa em aula e termina como lição de casa."})],
    ],
    "turing-3-generation": [
        [(5, {"es": "Repaso: el modelo acaba con un vector. ¿Cómo se convierte eso en una palabra?",
              "pt": "Revisão: o modelo termina com um vetor. Como isso vira uma palavra?"}),
         (15, {"es": "Logits y softmax; sacar un token y sacar cien; temperatura, top-k y top-p; pregunta de la "
                     "temperatura casi cero.",
               "pt": "Logits e softmax; sortear um token e sortear cem; temperatura, top-k e top-p; pergunta da "
                     "temperatura quase zero."}),
         (15, {"es": "Aprender: la pérdida −ln p y entrenar tres logits paso a paso, con una tasa de aprendizaje "
                     "pequeña y con una grande.",
               "pt": "Aprender: a perda −ln p e treinar três logits passo a passo, com uma taxa de aprendizado "
                     "pequena e com uma grande."}),
         (10, {"es": "En parejas, el ejercicio 1 de la ficha (softmax a dos temperaturas) con calculadora.",
               "pt": "Em duplas, o exercício 1 da folha (softmax em duas temperaturas) com calculadora."})],
        [(5, {"es": "Repaso: ¿qué hace la pérdida cuando el token correcto tiene probabilidad baja?",
              "pt": "Revisão: o que a perda faz quando o token correto tem probabilidade baixa?"}),
         (15, {"es": "La regla de la cadena en una cadena que se puede calcular: un paso con la tasa pequeña, otro "
                     "con la grande, y el salto que se pasa del mínimo.",
               "pt": "A regra da cadeia em uma cadeia que dá para calcular: um passo com a taxa pequena, outro com a "
                     "grande, e o salto que passa do mínimo."}),
         (15, {"es": "RNN frente a Transformer: pasos seguidos y comparaciones n(n+1)/2, con la suma deducida en el "
                     "pizarrón (emparejar 1 con n, 2 con n − 1…).",
               "pt": "RNN contra Transformer: passos em sequência e comparações n(n+1)/2, com a soma deduzida na "
                     "lousa (juntar 1 com n, 2 com n − 1…)."}),
         (10, {"es": "Cierre: los ejercicios 3 y 4 de la ficha (un paso por la regla de la cadena; comparaciones).",
               "pt": "Fechamento: os exercícios 3 e 4 da folha (um passo pela regra da cadeia; comparações)."})],
    ],
}

_CALC = {"es": "Calculadora científica (raíz cuadrada, exponencial, logaritmo) por estudiante o por pareja; la del "
               "celular sirve.",
         "pt": "Calculadora científica (raiz quadrada, exponencial, logaritmo) por estudante ou por dupla; a do celular "
               "serve."}
_CALC_RAD = {"es": "Calculadora científica en radianes (seno y coseno), por estudiante o por pareja.",
             "pt": "Calculadora científica em radianos (seno e cosseno), por estudante ou por dupla."}
_COPIES = {"es": "Copias: una ficha distinta por estudiante, impresa antes desde «Fichas para toda la clase» (un solo "
                 "trabajo de impresión), y tu paquete de claves.",
           "pt": "Cópias: uma folha diferente por estudante, impressa antes em “Folhas para a turma toda” (um só "
                 "trabalho de impressão), e o seu pacote de gabaritos."}
_PROJECTOR = {"es": "Proyector o pantalla grande, con la lección abierta en la computadora del docente.",
              "pt": "Projetor ou tela grande, com a lição aberta no computador do professor."}
_PAIRS = {"es": "Un dispositivo por pareja (computadora, tableta o celular) con la lección abierta; sin conexión, la "
                "copia sin conexión del sitio.",
          "pt": "Um aparelho por dupla (computador, tablet ou celular) com a lição aberta; sem internet, a cópia "
                "offline do site."}
# What each class needs: the setup the teacher does before, and the materials in the room.
MATERIALS: dict[str, list[dict]] = {
    "turing-1-words": [_PROJECTOR, _PAIRS, {"es": "Pizarrón para contar a mano la primera fusión de BPE; sin "
                                                   "calculadora (fracciones).",
                                            "pt": "Lousa para contar à mão a primeira fusão do BPE; sem calculadora "
                                                  "(frações)."}, _COPIES],
    "turing-2-vectors": [_PROJECTOR, _PAIRS, _CALC, _COPIES],
    "positional-encoding": [_PROJECTOR, _PAIRS, _CALC_RAD, _COPIES],
    "turing-3-generation": [_PROJECTOR, _PAIRS, _CALC, _COPIES],
    "turing-4-scale": [_PROJECTOR, _PAIRS, _CALC, _COPIES],
    "own-model": [_PROJECTOR, _PAIRS],
    "real-model": [_PROJECTOR, {"es": "Un dispositivo por pareja con la lección abierta: el modelo corre en el "
                                      "navegador, y la primera vez cada dispositivo descarga el cálculo en vivo (cuántos "
                                      "MB, en «Antes de empezar»); mejor con el wifi de la escuela o la copia sin conexión.",
                                "pt": "Um aparelho por dupla com a lição aberta: o modelo roda no navegador, e na primeira "
                                      "vez cada aparelho baixa o cálculo ao vivo (quantos MB, em “Antes de começar”); "
                                      "melhor no wi-fi da escola ou com a cópia offline."}],
}
SETUP = {"es": "Antes de la clase: abrir la lección en cada dispositivo mientras hay conexión (o copiar la versión sin "
               "conexión) y probar el proyector. Imprimir con «Imprimir» o con la hoja para estudiantes no lleva las "
               "respuestas que se hayan marcado en la computadora.",
         "pt": "Antes da aula: abrir a lição em cada aparelho enquanto há internet (ou copiar a versão offline) e testar "
               "o projetor. Imprimir com “Imprimir” ou com a folha para estudantes não leva as respostas marcadas no "
               "computador."}


def sessions(page: str) -> int:
    """How many 45-minute classes the chapter takes at a calm pace (1, or 2 where a two-session plan exists)."""
    if page not in PLANS:
        raise KeyError(f"no class plan for {page!r}; plans exist for {sorted(PLANS)}")
    return len(TWO_SESSIONS.get(page, [None]))


def plan_rows(page: str, steps: list[tuple[int, dict]] | None = None,
              minutes: int = CLASS_MINUTES) -> list[tuple[int, int, dict]]:
    """(start minute, end minute, activity) of each step; the steps as written must fill one class of
    CLASS_MINUTES exactly, and are then fitted to a period of ``minutes`` (periods.py).
    ``steps`` defaults to the chapter's one-session plan."""
    if page not in PLANS:
        raise KeyError(f"no class plan for {page!r}; plans exist for {sorted(PLANS)}")
    steps = PLANS[page] if steps is None else steps
    written = sum(m for m, _ in steps)
    if written != CLASS_MINUTES:
        raise ValueError(f"a plan for {page!r} lasts {written} minutes, not {CLASS_MINUTES}")
    rows, start = [], 0
    for length, activity in (steps if minutes == CLASS_MINUTES else fit(steps, minutes)):
        rows.append((start, start + length, activity))
        start += length
    return rows


def _plan_table(page: str, steps, caption: str, minutes: int, lang: str) -> Markup:
    head = [tr(lang, {"es": "Minutos", "pt": "Minutos"}), tr(lang, {"es": "Actividad", "pt": "Atividade"})]
    body = [[f"{fmt(a, lang)}–{fmt(b, lang)}", tr(lang, act)] for a, b, act in plan_rows(page, steps, minutes)]
    return h("div", {"class": "aula-period-plan", "data-minutes": str(minutes)},
             table(head, body, cls="aula-plan-table", caption=caption))


def plan_html(page: str, lang: str) -> Markup:
    """Setup and materials, then the period's choice and, for each period, the one-session plan and the
    two-session plan where the chapter has one (CSS shows the chosen period's)."""
    plans = []
    for minutes in PERIODS:
        m = fmt(minutes, lang)
        plans.append(_plan_table(page, None, tr(lang, {"es": f"Una clase de {m} minutos",
                                                      "pt": f"Uma aula de {m} minutos"}), minutes, lang))
        for i, steps in enumerate(TWO_SESSIONS.get(page, []), 1):
            n = fmt(i, lang)
            plans.append(_plan_table(page, steps, tr(lang, {
                "es": f"En dos clases: clase {n} de {fmt(2, lang)} ({m} minutos)",
                "pt": f"Em duas aulas: aula {n} de {fmt(2, lang)} ({m} minutos)"}), minutes, lang))
    return h("div", {"class": "aula-plan"},
             h("p", {"class": "aula-plan-setup"}, tr(lang, SETUP)),
             h("p", None, h("strong", None, tr(lang, {"es": "Materiales", "pt": "Materiais"}))),
             h("ul", {"class": "aula-plan-materials"}, [h("li", None, tr(lang, x)) for x in MATERIALS[page]]),
             h("div", {"class": "aula-period"}, chooser(f"aula-period-{page}", CLASS_MINUTES, lang), plans))


def course_html(lang: str) -> Markup:
    """The teachers' page overview: each chapter, its classes of 45 minutes, and whether it needs calculators
    (a list, not a table: it reads the same on a phone)."""
    m = fmt(CLASS_MINUTES, lang)
    items = []
    for page in ORDER:
        n = sessions(page)
        when = (tr(lang, {"es": f"{fmt(1, lang)} clase", "pt": f"{fmt(1, lang)} aula"}) if n == 1 else
                tr(lang, {"es": f"{fmt(1, lang)} clase apretada o {fmt(n, lang)} clases",
                          "pt": f"{fmt(1, lang)} aula apertada ou {fmt(n, lang)} aulas"}))
        calc = any(x in (_CALC, _CALC_RAD) for x in MATERIALS[page])
        need = tr(lang, {"es": "con calculadora", "pt": "com calculadora"} if calc else
                  {"es": "sin calculadora", "pt": "sem calculadora"})
        items.append(h("li", {"data-page": page}, h("strong", None, tr(lang, TITLES[page])), f": {when}, {need}."))
    low, high = len(ORDER), sum(sessions(p) for p in ORDER)
    caption = tr(lang, {"es": f"El curso completo: de {fmt(low, lang)} a {fmt(high, lang)} clases de {m} minutos.",
                        "pt": f"O curso completo: de {fmt(low, lang)} a {fmt(high, lang)} aulas de {m} minutos."})
    return h("div", {"class": "aula-course"}, h("ul", None, items), h("p", None, caption))
