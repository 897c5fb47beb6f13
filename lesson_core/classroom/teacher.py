"""Teacher pages: the 45-minute class plan of each chapter, as data, and its table.

Each plan is a list of (minutes, activity) with the activity in Spanish and in
Portuguese; the table's clock times are the running sums, and a plan that does
not fill exactly one class stops the build (see :func:`plan_rows`).

Example: plan_rows("turing-1-words")[0] -> (0, 5, {"es": "Apertura: ...", "pt": "Abertura: ..."})
"""

from __future__ import annotations

from ..kit.fmt import fmt, tr
from ..kit.html import Markup, h
from ..kit.svgkit import table

__all__ = ["CLASS_MINUTES", "PLANS", "plan_rows", "plan_html"]

CLASS_MINUTES = 45


def _a(es: str, pt: str) -> dict:
    return {"es": es, "pt": pt}


PLANS: dict[str, list[tuple[int, dict]]] = {
    "positional-encoding": [
        (5, _a("Apertura: «el perro muerde al hombre» frente a «el hombre muerde al perro». ¿Qué ve la atención, "
               "que compara cada palabra con todas las demás sin mirar dónde está?",
               "Abertura: “o cachorro morde o homem” contra “o homem morde o cachorro”. O que a atenção enxerga, "
               "se compara cada palavra com todas as outras sem olhar onde ela está?")),
        (10, _a("Contar 1, 2, 3…: en el primer recuadro, llevar la posición hasta el final y leer qué parte del "
                "vector se come el número. Conclusión en el pizarrón: crece sin límite y no sabe qué hacer con "
                "posiciones que nunca vio.",
                "Contar 1, 2, 3…: no primeiro quadro, levar a posição até o fim e ler quanto do vetor o número "
                "ocupa. Conclusão na lousa: ele cresce sem limite e não sabe o que fazer com posições que nunca viu.")),
        (10, _a("Ondas: repaso rápido de seno y coseno en radianes (una vuelta completa mide 2π). Mapa de calor y "
                "huella de una posición: cada columna es una onda más lenta que la anterior.",
                "Ondas: revisão rápida de seno e cosseno em radianos (uma volta completa mede 2π). Mapa de calor e "
                "impressão digital de uma posição: cada coluna é uma onda mais lenta que a anterior.")),
        (8, _a("¿3 o 300?: en parejas, comparar las dos posiciones con una sola onda lenta y con el código entero. "
               "Cada pareja explica con sus palabras por qué hacen falta muchas ondas.",
               "3 ou 300?: em duplas, comparar as duas posições com uma só onda lenta e com o código inteiro. "
               "Cada dupla explica com suas palavras por que são necessárias muitas ondas.")),
        (7, _a("Sumar, no añadir: x = E + PE con el recuadro de la suma. Un bonus: avanzar k "
               "posiciones es girar, comprobado con números.",
               "Somar, não acrescentar: x = E + PE com o quadro da soma. Bônus: avançar k "
               "posições é girar, conferido com números.")),
        (5, _a("Cierre: un ejercicio de la ficha (un valor del código) o la pregunta de salida: ¿qué ventaja "
               "tendrían unas posiciones aprendidas? ¿Y qué inconveniente?",
               "Fechamento: um exercício da folha (um valor do código) ou a pergunta de saída: que vantagem "
               "teriam posições aprendidas? E que desvantagem?")),
    ],
    "turing-1-words": [
        (5, _a("Apertura: la pregunta de Turing y el juego de la imitación. ¿Alguien ha dudado alguna vez de si "
               "hablaba con una persona o con un programa?",
               "Abertura: a pergunta de Turing e o jogo da imitação. Alguém já ficou na dúvida se conversava com "
               "uma pessoa ou com um programa?")),
        (5, _a("Línea del tiempo: cada pareja elige un acontecimiento y decide si pertenece a las reglas escritas "
               "o al aprendizaje con ejemplos.",
               "Linha do tempo: cada dupla escolhe um acontecimento e decide se ele pertence às regras escritas "
               "ou ao aprendizado com exemplos.")),
        (12, _a("Adivinar contando: tabla de la palabra siguiente; calcular a mano una probabilidad como recuento "
                "entre total y contestar la pregunta de «sobre».",
                "Adivinhar contando: tabela da próxima palavra; calcular à mão uma probabilidade como contagem "
                "dividida pelo total e responder à pergunta de “sobre”.")),
        (5, _a("Escribir frases con el muestreador: ¿por qué salen frases correctas a trozos y raras en conjunto?",
               "Escrever frases com o amostrador: por que saem frases certas em pedaços e estranhas no conjunto?")),
        (13, _a("Tokens: probar el tokenizador con su nombre y con un ideograma; BPE paso a paso, con las dos "
                "primeras fusiones hechas también en el pizarrón.",
                "Tokens: testar o tokenizador com o próprio nome e com um ideograma; BPE passo a passo, com as duas "
                "primeiras fusões feitas também na lousa.")),
        (5, _a("Cierre: un ejercicio de la ficha (una probabilidad del modelo de recuentos o la primera fusión BPE).",
               "Fechamento: um exercício da folha (uma probabilidade do modelo de contagens ou a primeira fusão BPE).")),
    ],
    "turing-2-vectors": [
        (5, _a("Repaso: un token es un número de identificación que no significa nada. ¿Cómo podría el modelo "
               "saber que «gato» y «perro» se parecen?",
               "Revisão: um token é um número de identificação que não significa nada. Como o modelo poderia "
               "saber que “gato” e “cachorro” se parecem?")),
        (8, _a("Tabla de vectores y vista 3D: elegir tres ejes y buscar grupos de palabras cercanas.",
               "Tabela de vetores e visão 3D: escolher três eixos e procurar grupos de palavras próximas.")),
        (10, _a("Producto escalar y coseno: arrastrar las flechas, pregunta del producto cero, palabras más "
                "cercanas y la analogía rey − hombre + mujer.",
                "Produto escalar e cosseno: arrastar as setas, pergunta do produto zero, palavras mais próximas "
                "e a analogia rei − homem + mulher.")),
        (12, _a("Atención: consulta, clave y valor. Calcular a mano la puntuación que «él» da a «gato», pasar las "
                "puntuaciones por softmax y contestar la pregunta de sumar una constante.",
                "Atenção: consulta, chave e valor. Calcular à mão a pontuação que “ele” dá a “gato”, passar as "
                "pontuações pelo softmax e responder à pergunta de somar uma constante.")),
        (5, _a("El bloque Transformer: normalización y por qué, sin posiciones, «perro muerde persona» y "
               "«persona muerde perro» dan lo mismo.",
               "O bloco Transformer: normalização e por que, sem posições, “cachorro morde pessoa” e "
               "“pessoa morde cachorro” dão o mesmo resultado.")),
        (5, _a("Cierre: un ejercicio de la ficha (producto escalar o pesos de atención).",
               "Fechamento: um exercício da folha (produto escalar ou pesos de atenção).")),
    ],
    "turing-3-generation": [
        (5, _a("Repaso: el modelo acaba con un vector. ¿Cómo se convierte eso en una palabra?",
               "Revisão: o modelo termina com um vetor. Como isso vira uma palavra?")),
        (10, _a("Logits y softmax; sacar un token y sacar cien; temperatura, top-k y top-p; pregunta de la "
                "temperatura casi cero.",
                "Logits e softmax; sortear um token e sortear cem; temperatura, top-k e top-p; pergunta da "
                "temperatura quase zero.")),
        (10, _a("Aprender: la pérdida −ln p y entrenar tres logits paso a paso, con una tasa de aprendizaje "
                "pequeña y con una grande.",
                "Aprender: a perda −ln p e treinar três logits passo a passo, com uma taxa de aprendizado "
                "pequena e com uma grande.")),
        (10, _a("La regla de la cadena en una cadena que se puede calcular: un paso con la tasa pequeña, otro "
                "con la grande, y el salto que se pasa del mínimo.",
                "A regra da cadeia em uma cadeia que dá para calcular: um passo com a taxa pequena, outro com a "
                "grande, e o salto que passa do mínimo.")),
        (5, _a("RNN frente a Transformer: pasos seguidos y comparaciones n(n+1)/2, con la suma deducida en el "
               "pizarrón.",
               "RNN contra Transformer: passos em sequência e comparações n(n+1)/2, com a soma deduzida na lousa.")),
        (5, _a("Cierre: un ejercicio de la ficha (un paso de gradiente).",
               "Fechamento: um exercício da folha (um passo de gradiente).")),
    ],
    "turing-4-scale": [
        (5, _a("Repaso: qué aprendimos a calcular en los tres capítulos anteriores.",
               "Revisão: o que aprendemos a calcular nos três capítulos anteriores.")),
        (10, _a("Tamaños de modelos en escala logarítmica: leer el gráfico, Chinchilla y los tokens por parámetro.",
                "Tamanhos de modelos em escala logarítmica: ler o gráfico, o Chinchilla e os tokens por parâmetro.")),
        (12, _a("Difusión con un píxel: la fórmula, qué significa ᾱ y cómo se recupera x₀ si se conoce el ruido; "
                "pregunta de ᾱ = 1.",
                "Difusão com um pixel: a fórmula, o que significa ᾱ e como se recupera x₀ quando se conhece o "
                "ruído; pergunta de ᾱ = 1.")),
        (10, _a("El corazón: añadir ruido hasta la nube redonda y generar desde el ruido; la estimación como "
                "media ponderada y los «puntos que cuentan».",
                "O coração: acrescentar ruído até a nuvem redonda e gerar a partir do ruído; a estimativa como "
                "média ponderada e os “pontos que contam”.")),
        (5, _a("Vuelta a Turing: debate breve con las preguntas de esta guía.",
               "Volta a Turing: debate curto com as perguntas deste guia.")),
        (3, _a("Cierre: un ejercicio de la ficha (un paso de difusión).",
               "Fechamento: um exercício da folha (um passo de difusão).")),
    ],
    "real-model": [
        (5, _a("Apertura: todo lo de las lecciones anteriores era de juguete. ¿Qué esperan de un modelo de "
               "verdad, aunque sea diminuto?",
               "Abertura: tudo nas lições anteriores era de brinquedo. O que vocês esperam de um modelo de "
               "verdade, mesmo que minúsculo?")),
        (8, _a("Sus tokens: cada estudiante escribe una frase propia; comparar cuántos tokens cuesta con el "
               "tokenizador de su idioma y con el del otro.",
               "Os tokens dele: cada estudante escreve uma frase própria; comparar quantos tokens ela custa com o "
               "tokenizador da sua língua e com o da outra.")),
        (8, _a("Hacia dónde mira la atención: recorrer capas y cabezas y describir en voz alta el hábito de cada "
               "cabeza.",
               "Para onde a atenção olha: percorrer camadas e cabeças e descrever em voz alta o hábito de cada "
               "cabeça.")),
        (10, _a("El token siguiente y escribir token a token: probar un texto conocido y uno extraño; cambiar "
                "temperatura, top-k y top-p.",
                "O próximo token e escrever token a token: testar um texto conhecido e um estranho; mudar "
                "temperatura, top-k e top-p.")),
        (9, _a("Cómo aprendió: la pérdida de entrenamiento y la del texto de validación frente al modelo de recuentos del "
               "capítulo 1; vecinos por coseno.",
               "Como aprendeu: a perda de treinamento e a do texto de validação contra o modelo de contagens do capítulo 1; "
               "vizinhos por cosseno.")),
        (5, _a("Cierre: su tamaño en el gráfico logarítmico del capítulo 4 y la pregunta de salida: ¿qué le "
               "falta para escribir bien?",
               "Fechamento: o tamanho dele no gráfico logarítmico do capítulo 4 e a pergunta de saída: o que falta "
               "para ele escrever bem?")),
    ],
}


def plan_rows(page: str) -> list[tuple[int, int, dict]]:
    """(start minute, end minute, activity) of each step; the steps must fill one class exactly."""
    if page not in PLANS:
        raise KeyError(f"no class plan for {page!r}; plans exist for {sorted(PLANS)}")
    rows, start = [], 0
    for minutes, activity in PLANS[page]:
        rows.append((start, start + minutes, activity))
        start += minutes
    if start != CLASS_MINUTES:
        raise ValueError(f"the plan for {page!r} lasts {start} minutes, not {CLASS_MINUTES}")
    return rows


def plan_html(page: str, lang: str) -> Markup:
    """The plan as a table: minutes from the start of the class, and the activity."""
    head = [tr(lang, {"es": "Minutos", "pt": "Minutos"}), tr(lang, {"es": "Actividad", "pt": "Atividade"})]
    body = [[f"{fmt(a, lang)}–{fmt(b, lang)}", tr(lang, act)] for a, b, act in plan_rows(page)]
    caption = tr(lang, {"es": f"Una clase de {fmt(CLASS_MINUTES, lang)} minutos",
               "pt": f"Uma aula de {fmt(CLASS_MINUTES, lang)} minutos"})
    return h("div", {"class": "aula-plan"}, table(head, body, cls="aula-plan-table", caption=caption))
