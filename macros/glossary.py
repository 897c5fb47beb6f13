"""The glossary: each technical term in Spanish, Portuguese and English, with a one-line meaning.

Where a lesson teaches a term is not typed here: it is the first place a lesson page writes
the term in bold (``**atención**``) inside a section (introductions only preview terms), found
in the Markdown sources in reading order, and the section heading above it. The same first bold use on every lesson page links to the
term's entry (``link_first_uses``, called from the macros' page hook).
"""

from __future__ import annotations

import re
from pathlib import Path

from markdown.extensions.toc import slugify

from lesson_core.kit.fmt import tr

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGE = "glossary.md"


def _lesson_pages() -> list[str]:
    """Lesson pages in reading order: the top-level pages of mkdocs.yml's nav but the home and this."""
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    block = re.search(r"^nav:\n((?:[ \t]+-[^\n]*\n|[ \t]*#[^\n]*\n)+)", text, re.M)
    top = re.findall(r"^  - ([^:\n]+\.md)[ \t]*$", block.group(1) if block else "", re.M)
    return [p for p in top if p not in ("index.md", PAGE)]


LESSON_PAGES = _lesson_pages()

# Terms that chapter 1 already sets in bold while announcing what comes next: taught in chapter 2.
TAUGHT_IN = {"vector": "turing-2-vectors.md", "attention": "turing-2-vectors.md"}

# (id, {lang: [forms as the lessons write them in bold]}, English, {lang: meaning})
TERMS: list[tuple[str, dict, str, dict]] = [
    ("imitation-game", {"es": ["juego de la imitación"], "pt": ["jogo da imitação"]}, "imitation game",
     {"es": "La prueba de Turing: juzgar a una máquina solo por una conversación escrita.",
      "pt": "O teste de Turing: julgar uma máquina só por uma conversa escrita."}),
    ("language-model", {"es": ["modelo de lenguaje"], "pt": ["modelo de linguagem"]}, "language model",
     {"es": "Programa que da a cada posible continuación de un texto una probabilidad.",
      "pt": "Programa que dá a cada continuação possível de um texto uma probabilidade."}),
    ("corpus", {"es": ["corpus"], "pt": ["corpus"]}, "corpus",
     {"es": "La colección de textos de la que un modelo aprende.",
      "pt": "A coleção de textos com que um modelo aprende."}),
    ("autoregressive", {"es": ["autorregresiva"], "pt": ["autorregressiva"]}, "autoregressive",
     {"es": "Que escribe prediciendo un token, añadiéndolo al texto y volviendo a predecir.",
      "pt": "Que escreve prevendo um token, acrescentando-o ao texto e prevendo de novo."}),
    ("token", {"es": ["tokens"], "pt": ["tokens"]}, "token",
     {"es": "Cada fragmento (palabra, trozo de palabra o byte) en que se parte un texto.",
      "pt": "Cada pedaço (palavra, parte de palavra ou byte) em que um texto é quebrado."}),
    ("vocabulary", {"es": ["vocabulario"], "pt": ["vocabulário"]}, "vocabulary",
     {"es": "La lista fija de fragmentos que el modelo conoce, cada uno con su número.",
      "pt": "A lista fixa de pedaços que o modelo conhece, cada um com seu número."}),
    ("bpe", {"es": ["codificación de pares de bytes"], "pt": ["codificação por pares de bytes"]},
     "byte-pair encoding (BPE)",
     {"es": "Forma de construir el vocabulario uniendo una y otra vez el par vecino más frecuente.",
      "pt": "Jeito de montar o vocabulário juntando repetidas vezes o par vizinho mais frequente."}),
    ("vector", {"es": ["vector", "vectores"], "pt": ["vetor", "vetores"]}, "vector",
     {"es": "Una lista ordenada de números; aquí, lo que representa a cada token.",
      "pt": "Uma lista ordenada de números; aqui, o que representa cada token."}),
    ("embedding-table", {"es": ["tabla de vectores"], "pt": ["tabela de vetores"]}, "embedding table",
     {"es": "La tabla que guarda un vector aprendido para cada token del vocabulario.",
      "pt": "A tabela que guarda um vetor aprendido para cada token do vocabulário."}),
    ("bias", {"es": ["sesgo"], "pt": ["viés"]}, "bias",
     {"es": "Un patrón de los datos o de quien hizo el modelo (por ejemplo, un estereotipo) que el modelo copia "
            "aunque no forme parte del significado.",
      "pt": "Um padrão dos dados ou de quem fez o modelo (por exemplo, um estereótipo) que o modelo copia mesmo "
            "sem fazer parte do sentido."}),
    ("dot-product", {"es": ["producto escalar"], "pt": ["produto escalar"]}, "dot product",
     {"es": "Suma de los productos de dos vectores número a número; grande si apuntan hacia el mismo lado.",
      "pt": "Soma dos produtos de dois vetores número a número; grande se apontam para o mesmo lado."}),
    ("cosine-similarity", {"es": ["similitud coseno"], "pt": ["similaridade de cosseno"]}, "cosine similarity",
     {"es": "El producto escalar dividido entre las dos longitudes: el coseno del ángulo entre los vectores.",
      "pt": "O produto escalar dividido pelos dois comprimentos: o cosseno do ângulo entre os vetores."}),
    ("attention", {"es": ["atención"], "pt": ["atenção"]}, "attention",
     {"es": "Cálculo en el que cada token reúne información de los demás, ponderada según cuánto le interesa cada uno.",
      "pt": "Cálculo em que cada token reúne informação dos outros, ponderada pelo interesse que cada um tem para ele."}),
    ("query", {"es": ["consulta"], "pt": ["consulta"]}, "query",
     {"es": "El vector con el que un token pregunta qué busca en los demás.",
      "pt": "O vetor com que um token pergunta o que procura nos outros."}),
    ("key", {"es": ["clave"], "pt": ["chave"]}, "key",
     {"es": "El vector con el que un token anuncia qué ofrece; se compara con las consultas.",
      "pt": "O vetor com que um token anuncia o que oferece; é comparado com as consultas."}),
    ("value", {"es": ["valor"], "pt": ["valor"]}, "value",
     {"es": "El vector que un token entrega a quien le presta atención.",
      "pt": "O vetor que um token entrega a quem presta atenção nele."}),
    ("matrix", {"es": ["matriz"], "pt": ["matriz"]}, "matrix",
     {"es": "Una tabla de números que transforma un vector en otro.",
      "pt": "Uma tabela de números que transforma um vetor em outro."}),
    ("softmax", {"es": ["softmax"], "pt": ["softmax"]}, "softmax",
     {"es": "Convierte puntuaciones cualesquiera en pesos positivos que suman 1.",
      "pt": "Transforma pontuações quaisquer em pesos positivos que somam 1."}),
    ("weighted-mean", {"es": ["media ponderada"], "pt": ["média ponderada"]}, "weighted average",
     {"es": "Suma de valores multiplicados por pesos que suman 1.",
      "pt": "Soma de valores multiplicados por pesos que somam 1."}),
    ("causal-mask", {"es": ["máscara causal"], "pt": ["máscara causal"]}, "causal mask",
     {"es": "Regla que impide a un token mirar los que vienen después.",
      "pt": "Regra que impede um token de olhar os que vêm depois."}),
    ("encoder", {"es": ["codificador"], "pt": ["codificador"]}, "encoder",
     {"es": "Parte del Transformer que lee un texto completo de una vez, sin máscara.",
      "pt": "Parte do Transformer que lê um texto inteiro de uma vez, sem máscara."}),
    ("decoder", {"es": ["decodificador"], "pt": ["decodificador"]}, "decoder",
     {"es": "Parte del Transformer que escribe token a token, con máscara causal.",
      "pt": "Parte do Transformer que escreve token por token, com máscara causal."}),
    ("attention-head", {"es": ["cabeza de atención"], "pt": ["cabeça de atenção"]}, "attention head",
     {"es": "Un juego de matrices de consulta, clave y valor; un modelo usa varias en paralelo.",
      "pt": "Um conjunto de matrizes de consulta, chave e valor; um modelo usa várias em paralelo."}),
    ("layer", {"es": ["capa"], "pt": ["camada"]}, "layer",
     {"es": "Un bloque de pasos (atención, red de cada token, sumas) que se apila muchas veces.",
      "pt": "Um bloco de passos (atenção, rede de cada token, somas) empilhado muitas vezes."}),
    ("layer-norm", {"es": ["normalización de capa"], "pt": ["normalização de camada"]}, "layer normalization",
     {"es": "Resta la media de los números de un token y divide entre su desviación estándar.",
      "pt": "Subtrai a média dos números de um token e divide pelo desvio padrão deles."}),
    ("feed-forward", {"es": ["red de cada token"], "pt": ["rede de cada token"]}, "feed-forward layer (MLP)",
     {"es": "La parte de cada capa que transforma el vector de cada token por separado: dos matrices con un paso "
            "no lineal en medio; guarda unos dos tercios de los parámetros de la capa.",
      "pt": "A parte de cada camada que transforma o vetor de cada token separadamente: duas matrizes com um passo "
            "não linear no meio; guarda cerca de dois terços dos parâmetros da camada."}),
    ("residual-stream", {"es": ["corriente residual"], "pt": ["fluxo residual"]}, "residual stream",
     {"es": "El vector de cada token visto como una suma a la que cada atención y cada red de cada token le añaden "
            "su parte, sin borrar lo anterior.",
      "pt": "O vetor de cada token visto como uma soma à qual cada atenção e cada rede de cada token acrescentam a "
            "sua parte, sem apagar o que veio antes."}),
    ("cross-attention", {"es": ["atención cruzada"], "pt": ["atenção cruzada"]}, "cross-attention",
     {"es": "Atención en la que las consultas vienen de un texto y las claves y valores de otro.",
      "pt": "Atenção em que as consultas vêm de um texto e as chaves e valores de outro."}),
    ("transformer", {"es": ["Transformer"], "pt": ["Transformer"]}, "Transformer",
     {"es": "La arquitectura de 2017 hecha de capas de atención; la base de los grandes modelos de lenguaje.",
      "pt": "A arquitetura de 2017 feita de camadas de atenção; a base dos grandes modelos de linguagem."}),
    ("positional-encoding", {"es": ["codificación posicional"], "pt": ["codificação posicional"]},
     "positional encoding",
     {"es": "Una señal sumada al vector de cada token que dice en qué lugar del texto está.",
      "pt": "Um sinal somado ao vetor de cada token que diz em que lugar do texto ele está."}),
    ("rope", {"es": ["codificación posicional rotatoria"], "pt": ["codificação posicional rotativa"]},
     "rotary position embedding (RoPE)",
     {"es": "Variante que gira consultas y claves un ángulo que depende de la posición.",
      "pt": "Variante que gira consultas e chaves em um ângulo que depende da posição."}),
    ("radian", {"es": ["radianes"], "pt": ["radianos"]}, "radian",
     {"es": "Unidad de ángulo: una vuelta completa mide 2π radianes.",
      "pt": "Unidade de ângulo: uma volta completa mede 2π radianos."}),
    ("logit", {"es": ["logits"], "pt": ["logits"]}, "logit",
     {"es": "La puntuación sin retocar de cada candidato antes de softmax.",
      "pt": "A pontuação bruta de cada candidato antes do softmax."}),
    ("sampling", {"es": ["muestrear"], "pt": ["amostrar"]}, "sampling",
     {"es": "Elegir el siguiente token por sorteo, con las probabilidades del modelo.",
      "pt": "Escolher o próximo token por sorteio, com as probabilidades do modelo."}),
    ("temperature", {"es": ["temperatura"], "pt": ["temperatura"]}, "temperature",
     {"es": "Número entre el que se dividen los logits: si es pequeño, concentra las probabilidades en los más probables; si es grande, las aplana.",
      "pt": "Número pelo qual os logits são divididos: se é pequeno, concentra as probabilidades nos mais prováveis; se é grande, deixa todas mais parecidas."}),
    ("top-k", {"es": ["top-k"], "pt": ["top-k"]}, "top-k sampling",
     {"es": "Sortear solo entre los k tokens más probables.",
      "pt": "Sortear só entre os k tokens mais prováveis."}),
    ("top-p", {"es": ["top-p"], "pt": ["top-p"]}, "top-p (nucleus) sampling",
     {"es": "Sortear solo entre los tokens más probables que juntos suman al menos p.",
      "pt": "Sortear só entre os tokens mais prováveis que juntos somam pelo menos p."}),
    ("parameter", {"es": ["parámetros"], "pt": ["parâmetros"]}, "parameter",
     {"es": "Cada número que el modelo aprende durante el entrenamiento.",
      "pt": "Cada número que o modelo aprende durante o treinamento."}),
    ("training", {"es": ["entrenamiento"], "pt": ["treinamento"]}, "training",
     {"es": "Ajustar los parámetros, ejemplo tras ejemplo, para que la pérdida baje.",
      "pt": "Ajustar os parâmetros, exemplo após exemplo, para a perda diminuir."}),
    ("loss", {"es": ["pérdida"], "pt": ["perda"]}, "loss",
     {"es": "Número que mide cuánto se equivocó el modelo; aquí, −ln de la probabilidad de la respuesta correcta.",
      "pt": "Número que mede quanto o modelo errou; aqui, −ln da probabilidade da resposta certa."}),
    ("gradient-descent", {"es": ["descenso del gradiente"], "pt": ["descida do gradiente"]}, "gradient descent",
     {"es": "Mover cada parámetro un poco en contra de su pendiente para que la pérdida baje.",
      "pt": "Mover cada parâmetro um pouco contra a sua inclinação para a perda diminuir."}),
    ("learning-rate", {"es": ["tasa de aprendizaje"], "pt": ["taxa de aprendizado"]}, "learning rate",
     {"es": "El tamaño de cada paso del descenso del gradiente (η).",
      "pt": "O tamanho de cada passo da descida do gradiente (η)."}),
    ("backpropagation", {"es": ["retropropagación"], "pt": ["retropropagação"]}, "backpropagation",
     {"es": "Calcular todas las pendientes de una red aplicando la regla de la cadena hacia atrás.",
      "pt": "Calcular todas as inclinações de uma rede aplicando a regra da cadeia de trás para a frente."}),
    ("chain-rule", {"es": ["regla de la cadena"], "pt": ["regra da cadeia"]}, "chain rule",
     {"es": "La pendiente de un cálculo encadenado es el producto de las pendientes de cada paso.",
      "pt": "A inclinação de um cálculo encadeado é o produto das inclinações de cada passo."}),
    ("rnn", {"es": ["red neuronal recurrente"], "pt": ["rede neural recorrente"]},
     "recurrent neural network (RNN)",
     {"es": "Red que lee un token tras otro y lleva un vector de memoria de paso en paso.",
      "pt": "Rede que lê um token após o outro e leva um vetor de memória de passo em passo."}),
    ("seq2seq", {"es": ["secuencia a secuencia"], "pt": ["sequência a sequência"]}, "sequence to sequence (seq2seq)",
     {"es": "Traducir con una red que resume la frase en un vector y otra que escribe a partir de él.",
      "pt": "Traduzir com uma rede que resume a frase num vetor e outra que escreve a partir dele."}),
    ("pretraining", {"es": ["preentrenamiento"], "pt": ["pré-treinamento"]}, "pre-training",
     {"es": "El primer entrenamiento, largo, en el que el modelo aprende a predecir el siguiente token.",
      "pt": "O primeiro treinamento, longo, em que o modelo aprende a prever o próximo token."}),
    ("fine-tuning", {"es": ["ajuste fino"], "pt": ["ajuste fino"]}, "fine-tuning",
     {"es": "Un entrenamiento corto y posterior con ejemplos de una tarea concreta.",
      "pt": "Um treinamento curto, feito depois, com exemplos de uma tarefa específica."}),
    ("scaling-laws", {"es": ["leyes de escala"], "pt": ["leis de escala"]}, "scaling laws",
     {"es": "Reglas empíricas que dicen cómo baja la pérdida al crecer el modelo, los datos y el cálculo.",
      "pt": "Regras empíricas que dizem como a perda cai quando crescem o modelo, os dados e o cálculo."}),
    ("instruction-tuning", {"es": ["ajuste con instrucciones"], "pt": ["ajuste por instruções"]},
     "instruction tuning",
     {"es": "Ajuste fino con ejemplos de instrucciones y buenas respuestas.",
      "pt": "Ajuste fino com exemplos de instruções e boas respostas."}),
    ("rlhf", {"es": ["aprendizaje por refuerzo con retroalimentación humana"],
              "pt": ["aprendizado por reforço com feedback humano"]},
     "reinforcement learning from human feedback (RLHF)",
     {"es": "Entrenar al modelo para que dé las respuestas que las personas prefieren.",
      "pt": "Treinar o modelo para dar as respostas que as pessoas preferem."}),
    ("mixture-of-experts", {"es": ["mezcla de expertos"], "pt": ["mistura de especialistas"]},
     "mixture of experts (MoE)",
     {"es": "Red dividida en muchas redes pequeñas de las que cada token usa solo unas pocas.",
      "pt": "Rede dividida em muitas redes pequenas, das quais cada token usa só algumas."}),
    ("diffusion", {"es": ["difusión"], "pt": ["difusão"]}, "diffusion model",
     {"es": "Modelo que genera imágenes quitando ruido paso a paso.",
      "pt": "Modelo que gera imagens tirando ruído passo a passo."}),
    ("standard-deviation", {"es": ["desviación estándar"], "pt": ["desvio padrão"]}, "standard deviation",
     {"es": "La raíz cuadrada de la varianza: la distancia típica de los valores a su media.",
      "pt": "A raiz quadrada da variância: a distância típica dos valores até a média."}),
    ("count-model", {"es": ["modelo de recuentos"], "pt": ["modelo de contagens"]}, "bigram model",
     {"es": "Modelo que predice la palabra siguiente contando qué palabra siguió a la anterior en el corpus; "
            "también se llama modelo de bigramas, porque solo mira pares de palabras vecinas.",
      "pt": "Modelo que prevê a próxima palavra contando que palavra veio depois da anterior no corpus; "
            "também se chama modelo de bigramas, porque só olha pares de palavras vizinhas."}),
    ("context-window", {"es": ["ventana de contexto"], "pt": ["janela de contexto"]}, "context window",
     {"es": "Cuántos tokens lee el modelo a la vez; lo que queda antes de la ventana no cuenta para nada.",
      "pt": "Quantos tokens o modelo lê de uma vez; o que fica antes da janela não conta para nada."}),
    ("hallucination", {"es": ["alucinación"], "pt": ["alucinação"]}, "hallucination",
     {"es": "Un texto falso escrito con toda fluidez: el modelo continúa lo más probable, no consulta datos.",
      "pt": "Um texto falso escrito com toda a fluência: o modelo continua o mais provável, não consulta fatos."}),
    ("seed", {"es": ["semilla"], "pt": ["semente"]}, "random seed",
     {"es": "El número que fija un sorteo: la misma semilla da siempre el mismo resultado.",
      "pt": "O número que fixa um sorteio: a mesma semente dá sempre o mesmo resultado."}),
    ("validation-text", {"es": ["texto de validación"], "pt": ["texto de validação"]}, "validation set",
     {"es": "Parte del texto que se deja aparte antes de entrenar y que el modelo nunca ve: su pérdida dice si el "
            "modelo generaliza o memoriza.",
      "pt": "Parte do texto deixada de lado antes do treinamento, que o modelo nunca vê: a perda nela diz se o modelo "
            "generaliza ou decora."}),
    ("variance", {"es": ["varianza"], "pt": ["variância"]}, "variance",
     {"es": "La media de los cuadrados de las distancias a la media: cuánto se dispersan los valores.",
      "pt": "A média dos quadrados das distâncias à média: o quanto os valores se espalham."}),
    ("squared-error", {"es": ["error cuadrático"], "pt": ["erro quadrático"]}, "squared error",
     {"es": "El cuadrado de la diferencia entre la estimación y el valor correcto.",
      "pt": "O quadrado da diferença entre a estimativa e o valor correto."}),
    ("latent-diffusion", {"es": ["difusión latente"], "pt": ["difusão latente"]}, "latent diffusion",
     {"es": "Difusión hecha sobre un resumen comprimido de la imagen en vez de sobre sus píxeles.",
      "pt": "Difusão feita sobre um resumo comprimido da imagem em vez de sobre os pixels."}),
]

# The variants each term replaces, per language: no lesson, widget string, guide or worksheet may use
# them (tests/test_language.py), except inside quotes that discuss the word itself («…», “…”).
REPLACES: dict[str, dict[str, list[str]]] = {
    "imitation-game": {"es": ["juego de imitación"], "pt": ["jogo de imitação"]},
    "weighted-mean": {"es": ["media pesada"], "pt": ["média pesada"]},
    "standard-deviation": {"es": ["desviación típica"], "pt": ["desvio-padrão"]},
    "learning-rate": {"es": ["ritmo de aprendizaje"], "pt": ["taxa de aprendizagem", "ritmo de aprendizado"]},
    "training": {"es": [], "pt": ["treino"]},
    "logit": {"es": [], "pt": ["pontuação crua"]},
    "validation-text": {"es": ["texto reservado", "texto apartado"], "pt": ["texto reservado", "texto separado"]},
    "seed": {"es": ["número de sorteo"], "pt": ["número de sorteio", "sorteio (semente)"]},
    "count-model": {"es": ["probabilidad de bigrama"], "pt": ["probabilidade de bigrama"]},
    "feed-forward": {"es": ["red de propagación hacia adelante", "redes de propagación hacia adelante",
                            "red prealimentada"],
                     "pt": ["rede feed-forward", "redes feed-forward", "rede de alimentação direta"]},
    "residual-stream": {"es": ["flujo residual"], "pt": ["corrente residual"]},
}

T = {
    "term": {"es": "Término", "pt": "Termo"},
    "other": {"es": "En portugués", "pt": "Em espanhol"},
    "english": {"es": "En inglés", "pt": "Em inglês"},
    "meaning": {"es": "Qué significa", "pt": "O que significa"},
    "where": {"es": "Dónde se explica", "pt": "Onde se explica"},
    "missing": {"es": "—", "pt": "—"},
}
_BOLD = re.compile(r"\*\*([^*\n]+?)\*\*")
_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*$")


def _norm(text: str) -> str:
    return text.strip().rstrip(".").strip().lower()


def _forms(term: tuple, lang: str) -> set[str]:
    return {_norm(f) for f in tr(lang, term[1])}


def glossary_sources(lang: str) -> list[Path]:
    """The lesson pages the glossary reads (for `mkdocs serve`: the glossary follows their edits)."""
    return [DOCS / lang / page for page in LESSON_PAGES]


def first_uses(lang: str) -> dict[str, tuple[str, str, str]]:
    """term id -> (page, "Page title: section", section anchor) of the term's first bold use in reading order."""
    found: dict[str, tuple[str, str, str]] = {}
    for page in LESSON_PAGES:
        path = DOCS / lang / page
        if not path.exists():
            continue
        text = path.read_text(encoding="utf-8")
        title = re.search(r"^title:\s*(.+)$", text, re.M)
        page_title = title.group(1).strip() if title else page
        heading = None  # a page's introduction previews terms; its sections teach them
        for line in text.splitlines():
            m = _HEADING.match(line)
            if m and len(m.group(1)) >= 2:
                title = m.group(2)
                heading = (title, slugify(title, "-"))
            if heading is None:
                continue
            for bold in _BOLD.findall(line):
                for term in TERMS:
                    if (term[0] not in found and _norm(bold) in _forms(term, lang)
                            and TAUGHT_IN.get(term[0], page) == page):
                        found[term[0]] = (page, f"{page_title}: {heading[0]}" if heading[0] else page_title,
                                          heading[1])
    return found


def _label(key: str, lang: str) -> str:
    """A column's name inside each cell, shown only when the table reads as one card per term."""
    return f'<span class="aula-gl-label">{tr(lang, T[key])}: </span>'


def glossary_markdown(lang: str) -> str:
    """The glossary page's table, alphabetical in ``lang``. One markup, two forms: a table on a wide
    screen (and in print), one card per term in a box under 600 px (aula.css, a container query on
    the ``aula-glossary`` box), where each cell names its column."""
    other_lang = tr(lang, {"es": "pt", "pt": "es"})
    uses = first_uses(lang)
    rows = ['<div class="aula-glossary" markdown>', "",
            f"| {tr(lang, T['term'])} | {tr(lang, T['other'])} | {tr(lang, T['english'])} | {tr(lang, T['meaning'])} | "
            f"{tr(lang, T['where'])} |", "|---|---|---|---|---|"]
    for term in sorted(TERMS, key=lambda t: tr(lang, t[1])[0].lower()):
        tid, forms, english, meaning = term
        where = tr(lang, T["missing"])
        if tid in uses:
            page, title, anchor = uses[tid]
            where = f"[{title}]({page}#{anchor})" if anchor else f"[{title}]({page})"
        rows.append(f'| <span id="{tid}"></span>**{tr(lang, forms)[0]}** | {_label("other", lang)}{tr(other_lang, forms)[0]} | '
                    f'{_label("english", lang)}*{english}* | {tr(lang, meaning)} | {_label("where", lang)}{where} |')
    return "\n".join(rows + ["", "</div>"])


def link_first_uses(markdown_text: str, lang: str) -> str:
    """On a lesson page, the first bold use of each glossary term links to its entry."""
    done: set[str] = set()

    def repl(m: re.Match) -> str:
        start = m.start()
        if markdown_text[max(0, start - 1):start] == "[":
            return m.group(0)  # already a link's text
        for term in TERMS:
            if term[0] not in done and _norm(m.group(1)) in _forms(term, lang):
                done.add(term[0])
                return f"[{m.group(0)}]({PAGE}#{term[0]}){{ .aula-term }}"
        return m.group(0)

    return _BOLD.sub(repl, markdown_text)
