"""Events of the timeline in lesson 2, section 2 (seed 003, "Breve historia de setenta años").

Facts come from the seed: Turing's 1950 paper, the 1956 Dartmouth workshop that
named the field, the two approaches (people write rules, e.g. specialists'
rules for diagnosing diseases; or the machine learns from examples), LSTM 1997,
sequence to sequence and Bahdanau attention 2014, the Transformer 2017, GPT and
BERT 2018, GPT-3 2020, InstructGPT and ChatGPT 2022, Constitutional AI. The
expert systems of the 1970s-80s (MYCIN, Stanford, for bacterial infections) are
the standard example of the rules approach. ``approach`` is "rules",
"learning" or "both"; ``year`` places the event on the axis.
"""

from __future__ import annotations

__all__ = ["EVENTS", "APPROACHES"]

APPROACHES: dict[str, dict[str, str]] = {
    "rules": {"es": "Reglas escritas por personas", "pt": "Regras escritas por pessoas"},
    "learning": {"es": "Aprender de ejemplos", "pt": "Aprender com exemplos"},
    "both": {"es": "Los dos enfoques", "pt": "As duas abordagens"},
}

EVENTS: list[dict] = [
    {"key": "turing", "year": 1950, "approach": "learning",
     "when": {"es": "1950", "pt": "1950"},
     "title": {"es": "Turing: «¿Pueden pensar las máquinas?»", "pt": "Turing: “As máquinas podem pensar?”"},
     "text": {"es": "En «Computing Machinery and Intelligence» (revista Mind), Turing cambia la pregunta por el "
                    "juego de la imitación y propone no escribir a mano las reglas de una mente adulta, sino construir "
                    "una máquina que aprenda, como un niño.",
              "pt": "Em “Computing Machinery and Intelligence” (revista Mind), Turing troca a pergunta pelo jogo "
                    "da imitação e propõe não escrever à mão as regras de uma mente adulta, e sim construir uma "
                    "máquina que aprenda, como uma criança."}},
    {"key": "dartmouth", "year": 1956, "approach": "both",
     "when": {"es": "1956", "pt": "1956"},
     "title": {"es": "Dartmouth: nace el nombre", "pt": "Dartmouth: nasce o nome"},
     "text": {"es": "Un taller de verano en Dartmouth College reúne el campo bajo el nombre «inteligencia "
                    "artificial», acuñado en la propuesta de ese taller (1955). Desde entonces el campo "
                    "alterna entre escribir reglas y aprender de ejemplos.",
              "pt": "Um workshop de verão no Dartmouth College reúne a área sob o nome “inteligência "
                    "artificial”, criado na proposta desse workshop (1955). Desde então a área alterna "
                    "entre escrever regras e aprender com exemplos."}},
    {"key": "expert", "year": 1975, "approach": "rules",
     "when": {"es": "años 70 y 80", "pt": "anos 1970 e 1980"},
     "title": {"es": "Sistemas expertos", "pt": "Sistemas especialistas"},
     "text": {"es": "Especialistas enumeran síntomas y reglas «si… entonces…», y el programa las aplica paso a "
                    "paso; MYCIN, por ejemplo, proponía tratamientos para infecciones bacterianas. Cada regla la "
                    "escribe una persona.",
              "pt": "Especialistas listam sintomas e regras “se… então…”, e o programa as aplica passo a passo; "
                    "o MYCIN, por exemplo, sugeria tratamentos para infecções bacterianas. Cada regra é escrita "
                    "por uma pessoa."}},
    {"key": "lstm", "year": 1997, "approach": "learning",
     "when": {"es": "1997", "pt": "1997"},
     "title": {"es": "LSTM: una memoria más larga", "pt": "LSTM: uma memória mais longa"},
     "text": {"es": "Las redes recurrentes leen un token tras otro con un vector de memoria. La LSTM añade "
                    "«puertas» aprendidas que deciden qué conservar, qué olvidar y qué añadir.",
              "pt": "As redes recorrentes leem um token após o outro com um vetor de memória. A LSTM acrescenta "
                    "“portas” aprendidas que decidem o que manter, o que esquecer e o que acrescentar."}},
    {"key": "scale", "year": 2012, "approach": "learning",
     "when": {"es": "años 2010", "pt": "anos 2010"},
     "title": {"es": "Más datos, cálculo más rápido", "pt": "Mais dados, cálculo mais rápido"},
     "text": {"es": "Con muchos más ejemplos y procesadores gráficos (GPU), el aprendizaje se aplica a imágenes "
                    "y lenguaje a una escala antes imposible.",
              "pt": "Com muito mais exemplos e processadores gráficos (GPU), o aprendizado passa a ser aplicado a "
                    "imagens e linguagem numa escala antes impossível."}},
    {"key": "seq2seq", "year": 2014, "approach": "learning",
     "when": {"es": "2014", "pt": "2014"},
     "title": {"es": "Secuencia a secuencia y atención", "pt": "Sequência a sequência e atenção"},
     "text": {"es": "Una red recurrente resume una oración inglesa en un vector y otra escribe la francesa. Ese "
                    "mismo año, Bahdanau, Cho y Bengio dejan que la red que escribe consulte todas las memorias de "
                    "la que lee: la atención.",
              "pt": "Uma rede recorrente resume uma frase em inglês num vetor e outra escreve a frase em francês. "
                    "No mesmo ano, Bahdanau, Cho e Bengio deixam a rede que escreve consultar todas as memórias da "
                    "que lê: a atenção."}},
    {"key": "transformer", "year": 2017, "approach": "learning",
     "when": {"es": "2017", "pt": "2017"},
     "title": {"es": "El Transformer", "pt": "O Transformer"},
     "text": {"es": "«Attention Is All You Need» propone para la traducción automática una arquitectura hecha de "
                    "atención, sin memoria que pase paso a paso: el Transformer.",
              "pt": "“Attention Is All You Need” propõe para a tradução automática uma arquitetura feita de "
                    "atenção, sem memória passada passo a passo: o Transformer."}},
    {"key": "gpt_bert", "year": 2018, "approach": "learning",
     "when": {"es": "2018", "pt": "2018"},
     "title": {"es": "GPT y BERT", "pt": "GPT e BERT"},
     "text": {"es": "GPT (OpenAI) entrena la mitad decodificadora con muchos libros para predecir el siguiente "
                    "token; BERT (Google) entrena la codificadora para completar palabras ocultas. Primero se "
                    "preentrena con texto sin etiquetar y después se ajusta.",
              "pt": "O GPT (OpenAI) treina a metade decodificadora com muitos livros para prever o próximo token; "
                    "o BERT (Google) treina a codificadora para completar palavras ocultas. Primeiro se "
                    "pré-treina com texto sem rótulos e depois se faz o ajuste fino."}},
    {"key": "gpt3", "year": 2020, "approach": "learning",
     "when": {"es": "2020", "pt": "2020"},
     "title": {"es": "GPT-3 y las leyes de escala", "pt": "GPT-3 e as leis de escala"},
     "text": {"es": "GPT-3 tiene 175 mil millones de parámetros, entrenados con unos 300 mil millones de tokens, y "
                    "resuelve tareas con solo unos ejemplos en la instrucción. Al crecer a la vez parámetros, datos "
                    "y cálculo, la pérdida baja de forma predecible.",
              "pt": "O GPT-3 tem 175 bilhões de parâmetros, treinados com cerca de 300 bilhões de tokens, e resolve "
                    "tarefas com só alguns exemplos na instrução. Quando parâmetros, dados e cálculo crescem juntos, "
                    "a perda cai de forma previsível."}},
    {"key": "chatgpt", "year": 2022, "approach": "both",
     "when": {"es": "2022", "pt": "2022"},
     "title": {"es": "InstructGPT, ChatGPT e IA constitucional", "pt": "InstructGPT, ChatGPT e IA constitucional"},
     "text": {"es": "Con ejemplos de buenas respuestas y comparaciones hechas por personas, un modelo de 1,3 mil "
                    "millones de parámetros gana en preferencia al GPT-3 original; ChatGPT llega al público en "
                    "noviembre. La IA constitucional añade una lista escrita de principios con la que el modelo "
                    "revisa sus respuestas: reglas escritas y aprendizaje en un mismo sistema.",
              "pt": "Com exemplos de boas respostas e comparações feitas por pessoas, um modelo de 1,3 bilhão de "
                    "parâmetros é preferido ao GPT-3 original; o ChatGPT chega ao público em novembro. A IA "
                    "constitucional acrescenta uma lista escrita de princípios com a qual o modelo revisa suas "
                    "respostas: regras escritas e aprendizado num mesmo sistema."}},
]
