"""The curriculum map: which codes of a teacher's curriculum each lesson meets, and in which section.

Two frameworks, with their sources and what could not be checked (``../shared/reviews/anchors-2027-01.md`` §4):

- Brazil's BNCC Computação (CNE/CEB Resolution 1/2022): the code and its wording, copied exactly from a
  transcription of the official catalogue; the MEC PDF itself was not read, so every page that quotes a
  wording says so. Only the codes some lesson meets are here.
- UNESCO's AI competency framework for students (2024): its twelve blocks (4 dimensions × 3 levels), by
  their English names as several transcriptions give them (the PDF's table was not read), with our
  translation beside them. All twelve are listed; those no lesson meets say so.

A *meet* is (code, lesson page, section, how): the section is the lesson's n-th ``##`` heading
(1-based), the same in both languages; ``how`` says in one sentence how that section meets the code.

Example: lessons_for("EM13CO10") -> ("turing-1-words", "turing-4-scale", "real-model")
"""

from __future__ import annotations

from typing import NamedTuple

from .teacher import ORDER

__all__ = ["FRAMEWORKS", "BNCC", "UNESCO", "MEXICO", "Meet", "MEETS", "FOR_LANG", "code_info", "meets_of",
           "lessons_for", "codes_for", "check"]


class Meet(NamedTuple):
    code: str
    lesson: str
    section: int
    how: dict


FRAMEWORKS = {
    "bncc": {
        "name": {"es": "BNCC Computação (Brasil)", "pt": "BNCC Computação"},
        "source": {"es": "Complemento de Computación de la BNCC, Resolución CNE/CEB n.º 1/2022 (Brasil).",
                   "pt": "Complemento de Computação à BNCC, Resolução CNE/CEB nº 1/2022."},
        "unchecked": {"es": "La redacción de cada código se copió de una transcripción del catálogo oficial; no "
                            "pudimos cotejarla con el PDF del MEC.",
                      "pt": "A redação de cada código foi copiada de uma transcrição do catálogo oficial; não "
                            "conseguimos conferi-la com o PDF do MEC."},
    },
    "unesco": {
        "name": {"es": "Marco de competencias en IA para estudiantes (UNESCO)",
                 "pt": "Referencial de competências em IA para estudantes (UNESCO)"},
        "source": {"es": "UNESCO, AI competency framework for students, 2024 (DOI 10.54675/JKJB9835).",
                   "pt": "UNESCO, AI competency framework for students, 2024 (DOI 10.54675/JKJB9835)."},
        "unchecked": {"es": "Los nombres de los bloques están en inglés, como los dan varias transcripciones; no "
                            "pudimos cotejarlos con la tabla del PDF, y la traducción entre paréntesis es nuestra, "
                            "no la de una edición oficial.",
                      "pt": "Os nomes dos blocos estão em inglês, como várias transcrições os trazem; não "
                            "conseguimos conferi-los com a tabela do PDF, e a tradução entre parênteses é nossa, "
                            "não a de uma edição oficial."},
    },
}

# code -> official wording (Portuguese, exactly as transcribed)
BNCC = {
    "EM13CO05": "Identificar os limites da Computação para diferenciar o que pode ou não ser automatizado, buscando "
                "uma compreensão mais ampla dos limites dos processos mentais envolvidos na resolução de problemas.",
    "EM13CO10": "Conhecer os fundamentos da Inteligência Artificial, comparando-a com a inteligência humana, "
                "analisando suas potencialidades, riscos e limites.",
    "EM13CO11": "Criar e explorar modelos computacionais simples para simular e fazer previsões, identificando sua "
                "importância no desenvolvimento científico.",
    "EM13CO12": "Produzir, analisar, gerir e compartilhar informações a partir de dados, utilizando princípios de "
                "ciência de dados.",
    "EM13CO13": "Analisar e utilizar as diferentes formas de representação e consulta a dados em formato digital "
                "para pesquisas científicas.",
    "EM13CO14": "Avaliar a confiabilidade das informações encontradas em meio digital, investigando seus modos de "
                "construção e considerando a autoria, a estrutura e o propósito da mensagem.",
    "EF08CO11": "Avaliar a precisão, relevância, adequação, abrangência e vieses que ocorrem em fontes de "
                "informação eletrônica.",
    "EF04CO05": "Codificar diferentes informações para representação em computador (binária, ASCII, atributos de "
                "pixel, como RGB etc.).",
}

_DIM = {
    "human": {"en": "Human-centred mindset", "es": "mentalidad centrada en el ser humano",
              "pt": "mentalidade centrada no ser humano"},
    "ethics": {"en": "Ethics of AI", "es": "ética de la IA", "pt": "ética da IA"},
    "techniques": {"en": "AI techniques and applications", "es": "técnicas y aplicaciones de la IA",
                   "pt": "técnicas e aplicações da IA"},
    "design": {"en": "AI system design", "es": "diseño de sistemas de IA", "pt": "design de sistemas de IA"},
}
_LEVEL = {
    "understand": {"en": "Understand", "es": "comprender", "pt": "compreender"},
    "apply": {"en": "Apply", "es": "aplicar", "pt": "aplicar"},
    "create": {"en": "Create", "es": "crear", "pt": "criar"},
}

# block id -> (dimension, level, English name as transcribed, our translation)
UNESCO = {
    "U-human-agency": ("human", "understand", "Human agency", {"es": "agencia humana", "pt": "agência humana"}),
    "U-human-accountability": ("human", "apply", "Human accountability",
                               {"es": "responsabilidad humana", "pt": "responsabilização humana"}),
    "U-citizenship": ("human", "create", "Citizenship in the era of AI",
                      {"es": "ciudadanía en la era de la IA", "pt": "cidadania na era da IA"}),
    "U-embodied-ethics": ("ethics", "understand", "Embodied ethics", {"es": "ética encarnada", "pt": "ética incorporada"}),
    "U-safe-use": ("ethics", "apply", "Safe and responsible use",
                   {"es": "uso seguro y responsable", "pt": "uso seguro e responsável"}),
    "U-ethics-by-design": ("ethics", "create", "Ethics by design",
                           {"es": "ética desde el diseño", "pt": "ética desde a concepção"}),
    "U-ai-foundations": ("techniques", "understand", "AI foundations",
                         {"es": "fundamentos de la IA", "pt": "fundamentos da IA"}),
    "U-application-skills": ("techniques", "apply", "Application skills",
                             {"es": "habilidades de aplicación", "pt": "habilidades de aplicação"}),
    "U-creating-tools": ("techniques", "create", "Creating AI tools",
                         {"es": "crear herramientas de IA", "pt": "criar ferramentas de IA"}),
    "U-problem-scoping": ("design", "understand", "Problem scoping",
                          {"es": "delimitar el problema", "pt": "delimitar o problema"}),
    "U-architecture": ("design", "apply", "Architecture design",
                       {"es": "diseño de la arquitectura", "pt": "projeto da arquitetura"}),
    "U-iteration": ("design", "create", "Iteration and feedback loops",
                    {"es": "iteración y ciclos de retroalimentación", "pt": "iteração e ciclos de retroalimentação"}),
}

# What Spanish guides can say of Mexico's programmes: no programme line with checkable wording exists.
MEXICO = {"es": "México: el Bachillerato Nacional (ciclo 2025-2026) ofrece carreras técnicas en inteligencia "
                "artificial, pero no hay lineamientos unificados de IA para la educación básica ni encontramos "
                "contenidos de IA en los programas de secundaria de la Nueva Escuela Mexicana; por eso esta guía "
                "no cita líneas de programa mexicanas.",
          "pt": "México: o Bachillerato Nacional (ciclo 2025-2026) oferece cursos técnicos de inteligência "
                "artificial, mas não há diretrizes unificadas de IA para a educação básica nem encontramos "
                "conteúdos de IA nos programas do ensino fundamental da Nova Escola Mexicana; por isso este guia "
                "não cita linhas de programa mexicanas."}

# Which frameworks a guide shows, by the reader's language (issue 27: Portuguese readers report against the BNCC).
FOR_LANG = {"es": ("unesco",), "pt": ("bncc", "unesco")}


MEETS: tuple[Meet, ...] = (
    # --- BNCC -----------------------------------------------------------------------------------------
    Meet("EM13CO10", "turing-1-words", 1, {
        "es": "Parte de la pregunta de Turing y del juego de la imitación para comparar lo que hace una máquina con lo "
             "que llamamos pensar.",
        "pt": "Parte da pergunta de Turing e do jogo da imitação para comparar o que uma máquina faz com o que "
             "chamamos de pensar."}),
    Meet("EM13CO10", "turing-4-scale", 1, {
        "es": "Muestra qué cambió con la escala y qué no: el modelo sigue prediciendo tokens y puede afirmar con "
             "fluidez algo falso.",
        "pt": "Mostra o que mudou com a escala e o que não mudou: o modelo continua prevendo tokens e pode afirmar com "
             "fluência algo falso."}),
    Meet("EM13CO10", "real-model", 7, {
        "es": "Pone a prueba un modelo entrenado de verdad: qué reglas aprendió y cuáles no.",
        "pt": "Põe à prova um modelo treinado de verdade: que regras ele aprendeu e quais não."}),
    Meet("EM13CO05", "turing-1-words", 1, {
        "es": "Turing cambia «¿piensa la máquina?» por una pregunta que se puede comprobar: una discusión sobre lo que "
             "se puede automatizar.",
        "pt": "Turing troca “a máquina pensa?” por uma pergunta que dá para verificar: uma discussão sobre o que pode "
             "ser automatizado."}),
    Meet("EM13CO05", "turing-4-scale", 3, {
        "es": "Vuelve a la pregunta de Turing después de ver lo que hacen los modelos grandes, y la deja abierta.",
        "pt": "Volta à pergunta de Turing depois de ver o que os modelos grandes fazem, e a deixa em aberto."}),
    Meet("EM13CO11", "turing-1-words", 3, {
        "es": "Arma un modelo de recuentos que predice la palabra siguiente, y cada estudiante calcula sus "
             "predicciones a mano.",
        "pt": "Monta um modelo de contagens que prevê a próxima palavra, e cada estudante calcula as previsões à mão."}),
    Meet("EM13CO11", "turing-3-generation", 1, {
        "es": "Simula la elección del token siguiente a partir de probabilidades, con temperatura, top-k y top-p.",
        "pt": "Simula a escolha do próximo token a partir de probabilidades, com temperatura, top-k e top-p."}),
    Meet("EM13CO11", "turing-4-scale", 2, {
        "es": "Simula cómo se genera una figura desde el ruido con un modelo de juguete de puntos en forma de corazón.",
        "pt": "Simula como uma figura é gerada a partir do ruído com um modelo de brinquedo de pontos em forma de "
             "coração."}),
    Meet("EM13CO11", "real-model", 3, {
        "es": "Un modelo pequeño pero real predice el token siguiente de la frase que escribe cada estudiante.",
        "pt": "Um modelo pequeno, mas real, prevê o próximo token da frase que cada estudante escreve."}),
    Meet("EM13CO12", "turing-1-words", 3, {
        "es": "Las probabilidades salen de contar palabras en un corpus pequeño: datos que se convierten en información.",
        "pt": "As probabilidades saem da contagem de palavras em um corpus pequeno: dados que viram informação."}),
    Meet("EM13CO12", "real-model", 5, {
        "es": "Separa los datos de entrenamiento de los de validación y lee las dos curvas de pérdida.",
        "pt": "Separa os dados de treinamento dos de validação e lê as duas curvas de perda."}),
    Meet("EM13CO12", "real-model", 10, {
        "es": "Cada estudiante pega un texto propio y analiza los recuentos que salen de él.",
        "pt": "Cada estudante cola um texto próprio e analisa as contagens que saem dele."}),
    Meet("EM13CO13", "turing-2-vectors", 1, {
        "es": "Representa palabras como listas de números en una tabla y las consulta en una vista 3D.",
        "pt": "Representa palavras como listas de números em uma tabela e as consulta em uma visão 3D."}),
    Meet("EM13CO13", "positional-encoding", 3, {
        "es": "Representa la posición de cada palabra como un vector de ondas y lo lee en un mapa de calor.",
        "pt": "Representa a posição de cada palavra como um vetor de ondas e o lê em um mapa de calor."}),
    Meet("EM13CO14", "turing-4-scale", 1, {
        "es": "Explica por qué una continuación probable no tiene por qué ser verdadera: la «alucinación».",
        "pt": "Explica por que uma continuação provável não precisa ser verdadeira: a “alucinação”."}),
    Meet("EM13CO14", "real-model", 4, {
        "es": "Con la temperatura alta, el modelo escribe palabras que no existen con la misma fluidez.",
        "pt": "Com a temperatura alta, o modelo escreve palavras que não existem com a mesma fluência."}),
    Meet("EF08CO11", "turing-2-vectors", 2, {
        "es": "En «Sesgos», compara una palabra con su femenino en una tabla hecha a mano y encuentra diferencias que "
              "no están en el significado sino en quien escribió los números; después, cómo los vectores aprendidos "
              "copian los sesgos de los textos. (Es una habilidad de 8.º año que aquí se retoma.)",
        "pt": "Em “Vieses”, compara uma palavra com o seu feminino em uma tabela feita à mão e encontra diferenças que "
              "não estão no sentido, mas em quem escreveu os números; depois, como os vetores aprendidos copiam os "
              "vieses dos textos. (É uma habilidade do 8º ano retomada aqui.)"}),
    Meet("EF04CO05", "turing-1-words", 4, {
        "es": "Un carácter fuera del vocabulario se convierte en sus bytes UTF-8, escritos en hexadecimal: texto "
             "codificado como números.",
        "pt": "Um caractere fora do vocabulário vira seus bytes UTF-8, escritos em hexadecimal: texto codificado como "
             "números."}),
    Meet("EF04CO05", "real-model", 1, {
        "es": "El vocabulario del modelo empieza por los bytes sueltos y los une en tokens.",
        "pt": "O vocabulário do modelo começa pelos bytes soltos e os junta em tokens."}),
    # --- UNESCO ---------------------------------------------------------------------------------------
    Meet("U-ai-foundations", "turing-1-words", 3, {
        "es": "Un modelo de lenguaje, reducido a lo mínimo: contar qué palabra sigue a cuál.",
        "pt": "Um modelo de linguagem reduzido ao mínimo: contar que palavra vem depois de qual."}),
    Meet("U-ai-foundations", "turing-2-vectors", 3, {
        "es": "La atención paso a paso: consulta, clave, valor y pesos calculados con números que se ven.",
        "pt": "A atenção passo a passo: consulta, chave, valor e pesos calculados com números que se veem."}),
    Meet("U-ai-foundations", "positional-encoding", 3, {
        "es": "Cómo un Transformer sabe el orden de las palabras: ondas sumadas a cada vector.",
        "pt": "Como um Transformer sabe a ordem das palavras: ondas somadas a cada vetor."}),
    Meet("U-ai-foundations", "turing-3-generation", 2, {
        "es": "Cómo se entrena un modelo con datos: la pérdida y el descenso del gradiente, paso a paso.",
        "pt": "Como um modelo é treinado com dados: a perda e a descida do gradiente, passo a passo."}),
    Meet("U-ai-foundations", "turing-4-scale", 2, {
        "es": "Cómo genera imágenes un modelo de difusión: quitar ruido poco a poco.",
        "pt": "Como um modelo de difusão gera imagens: tirar ruído aos poucos."}),
    Meet("U-ai-foundations", "real-model", 5, {
        "es": "Un Transformer entrenado de verdad, con su texto de validación y sus curvas de pérdida.",
        "pt": "Um Transformer treinado de verdade, com seu texto de validação e suas curvas de perda."}),
    Meet("U-human-agency", "turing-1-words", 1, {
        "es": "¿Puede pensar una máquina? La pregunta queda en manos de quien la usa y la juzga.",
        "pt": "Uma máquina pode pensar? A pergunta fica nas mãos de quem a usa e a julga."}),
    Meet("U-human-agency", "turing-4-scale", 3, {
        "es": "De vuelta a Turing: decidir qué se espera de una máquina que escribe bien.",
        "pt": "De volta a Turing: decidir o que esperar de uma máquina que escreve bem."}),
    Meet("U-embodied-ethics", "turing-2-vectors", 2, {
        "es": "Los sesgos de una tabla de vectores: quién eligió los números, qué ideas se colaron y por qué un "
              "modelo entrenado con textos reales repite estereotipos.",
        "pt": "Os vieses de uma tabela de vetores: quem escolheu os números, que ideias entraram junto e por que um "
              "modelo treinado com textos reais repete estereótipos."}),
    Meet("U-safe-use", "turing-4-scale", 1, {
        "es": "Una continuación probable puede ser falsa: por qué conviene verificar lo que escribe un modelo.",
        "pt": "Uma continuação provável pode ser falsa: por que vale a pena verificar o que um modelo escreve."}),
    Meet("U-safe-use", "real-model", 4, {
        "es": "Subir la temperatura hace que el modelo invente palabras con la misma seguridad.",
        "pt": "Aumentar a temperatura faz o modelo inventar palavras com a mesma segurança."}),
    Meet("U-application-skills", "turing-3-generation", 1, {
        "es": "Ajustar temperatura, top-k y top-p para controlar cuánto se arriesga el modelo.",
        "pt": "Ajustar temperatura, top-k e top-p para controlar quanto o modelo arrisca."}),
    Meet("U-application-skills", "real-model", 4, {
        "es": "Usar un modelo real para escribir, con los mismos controles.",
        "pt": "Usar um modelo real para escrever, com os mesmos controles."}),
    Meet("U-creating-tools", "real-model", 10, {
        "es": "Cada estudiante arma un modelo de recuentos con su propio texto y lo pone a escribir.",
        "pt": "Cada estudante monta um modelo de contagens com seu próprio texto e o põe para escrever."}),
    # --- lesson 4, the reader's own model ----------------------------------------------------------------
    Meet("EM13CO11", "own-model", 2, {
        "es": "Sigue paso a paso el entrenamiento de una pequeña red que aprende a predecir la siguiente letra de "
              "un texto, y compara sus predicciones con las de un modelo de recuentos.",
        "pt": "Acompanha passo a passo o treinamento de uma pequena rede que aprende a prever a próxima letra de "
              "um texto e compara suas previsões com as de um modelo de contagens."}),
    Meet("EM13CO12", "own-model", 3, {
        "es": "Separa el texto en una parte para entrenar y otra que el modelo nunca ve, y lee en esa segunda "
              "parte cuándo el modelo memoriza en vez de generalizar.",
        "pt": "Separa o texto em uma parte para treinar e outra que o modelo nunca vê, e lê nessa segunda parte "
              "quando o modelo decora em vez de generalizar."}),
    Meet("U-ai-foundations", "own-model", 2, {
        "es": "Muestra qué es entrenar: una pérdida que baja paso a paso mientras la red ajusta sus parámetros.",
        "pt": "Mostra o que é treinar: uma perda que cai passo a passo enquanto a rede ajusta seus parâmetros."}),
)


def code_info(code: str) -> tuple[str, dict]:
    """(framework, info) of a code; a code missing from the data raises KeyError naming it."""
    if code in BNCC:
        return "bncc", {"wording": BNCC[code]}
    if code in UNESCO:
        dim, level, name, ours = UNESCO[code]
        return "unesco", {"dimension": _DIM[dim], "level": _LEVEL[level], "name": name, "ours": ours}
    raise KeyError(f"curriculum code {code!r} is not in the map's data (lesson_core/classroom/curriculum.py)")


def meets_of(lesson: str, framework: str, meets=MEETS) -> list[Meet]:
    """The meets of one lesson in one framework, in the data's order."""
    return [m for m in meets if m.lesson == lesson and code_info(m.code)[0] == framework]


def lessons_for(code: str, meets=MEETS) -> tuple[str, ...]:
    """The lessons that meet a code, in the course's order."""
    have = {m.lesson for m in meets if m.code == code}
    return tuple(p for p in ORDER if p in have)


def codes_for(framework: str) -> tuple[str, ...]:
    return tuple(BNCC) if framework == "bncc" else tuple(UNESCO)


def check(meets=MEETS, headings: dict | None = None) -> None:
    """Stop with the offending entry named: an unknown code or lesson, a section the lesson does not have
    (``headings``: lesson -> its ``##`` titles, when the caller can read the pages), a sentence missing in
    a language, a BNCC code no lesson meets, or a lesson meeting no code of a framework."""
    for m in meets:
        code_info(m.code)
        if m.lesson not in ORDER:
            raise KeyError(f"curriculum map: {m.code} names lesson {m.lesson!r}, not one of {ORDER}")
        if not (m.how.get("es") and m.how.get("pt")):
            raise ValueError(f"curriculum map: {m.code} in {m.lesson} needs a sentence in es and pt")
        count = len(headings[m.lesson]) if headings else None
        if m.section < 1 or (count is not None and m.section > count):
            raise ValueError(f"curriculum map: {m.code} points at section {m.section} of {m.lesson}, "
                             f"which has {count} sections")
    for code in BNCC:
        if not lessons_for(code, meets):
            raise ValueError(f"curriculum map: BNCC code {code} is met by no lesson")
    for lesson in ORDER:
        for fw in FRAMEWORKS:
            if not meets_of(lesson, fw, meets):
                raise ValueError(f"curriculum map: lesson {lesson} meets no code of {fw}")
