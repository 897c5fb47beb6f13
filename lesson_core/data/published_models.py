"""Published sizes of language models (lesson 2, section 13), as Python literals.

Only sizes the authors published are listed; models whose size was never
published (GPT-4, Claude, Gemini ...) are left out rather than guessed.
``params`` and ``active`` count parameters, ``tokens`` training tokens; None
means "not used here". Sources (the papers that introduced each model):

- Transformer: Vaswani et al. 2017, "Attention Is All You Need", Table 3 (base 65 M, big 213 M).
- GPT: Radford et al. 2018; its size, 117 M, as restated by Radford et al. 2019 (GPT-2), Table 2.
- BERT: Devlin et al. 2018 (BASE 110 M, LARGE 340 M).
- GPT-2: Radford et al. 2019 (1.5 B; 1542 M in Table 2).
- T5: Raffel et al. 2019 (11 B).
- GPT-3: Brown et al. 2020 (175 B, 300 B training tokens, context 2048 tokens).
- Gopher: Rae et al. 2021 (280 B, 300 B tokens).
- InstructGPT: Ouyang et al. 2022 (1.3 B model preferred to the 175 B GPT-3).
- Chinchilla: Hoffmann et al. 2022 (70 B, 1.4 T tokens).
- PaLM: Chowdhery et al. 2022 (540 B, 780 B tokens).
- LLaMA: Touvron et al. 2023 (65 B, 1.4 T tokens).
- Mixtral 8x7B: Jiang et al. 2024 (47 B in total, 13 B active per token).
- Llama 3.1: Llama Team, Meta, 2024, "The Llama 3 Herd of Models" (405 B, 15.6 T tokens).
- DeepSeek-V3: DeepSeek-AI 2024 (671 B in total, 37 B active per token, 14.8 T tokens).
"""

from __future__ import annotations

__all__ = ["MODELS"]

_M, _B, _T = 10**6, 10**9, 10**12

MODELS = [
    {"id": "transformer", "name": "Transformer (base)", "year": 2017, "org": "Google",
     "params": 65 * _M, "active": None, "tokens": None,
     "note": {"es": "El modelo de «Attention Is All You Need», hecho para traducir.",
              "pt": "O modelo de “Attention Is All You Need”, feito para traduzir."}},
    {"id": "gpt", "name": "GPT", "year": 2018, "org": "OpenAI",
     "params": 117 * _M, "active": None, "tokens": None,
     "note": {"es": "Solo el decodificador: preentrenamiento con libros y después ajuste fino.",
              "pt": "Só o decodificador: pré-treinamento com livros e depois ajuste fino."}},
    {"id": "bert", "name": "BERT (large)", "year": 2018, "org": "Google",
     "params": 340 * _M, "active": None, "tokens": None,
     "note": {"es": "Solo el codificador: completa palabras ocultas mirando a ambos lados.",
              "pt": "Só o codificador: completa palavras ocultas olhando para os dois lados."}},
    {"id": "gpt2", "name": "GPT-2", "year": 2019, "org": "OpenAI",
     "params": 1_500 * _M, "active": None, "tokens": None,
     "note": {"es": "Diez veces más grande que GPT.", "pt": "Dez vezes maior que o GPT."}},
    {"id": "t5", "name": "T5", "year": 2019, "org": "Google",
     "params": 11 * _B, "active": None, "tokens": None,
     "note": {"es": "Codificador y decodificador: toda tarea escrita como texto a texto.",
              "pt": "Codificador e decodificador: toda tarefa escrita como texto para texto."}},
    {"id": "gpt3", "name": "GPT-3", "year": 2020, "org": "OpenAI",
     "params": 175 * _B, "active": None, "tokens": 300 * _B,
     "note": {"es": "Resuelve tareas con unos pocos ejemplos en la instrucción; contexto de 2048 tokens.",
              "pt": "Resolve tarefas com poucos exemplos na instrução; contexto de 2.048 tokens."}},
    {"id": "gopher", "name": "Gopher", "year": 2021, "org": "DeepMind",
     "params": 280 * _B, "active": None, "tokens": 300 * _B,
     "note": {"es": "Más parámetros que GPT-3 con el mismo número de tokens.",
              "pt": "Mais parâmetros que o GPT-3 com o mesmo número de tokens."}},
    {"id": "instructgpt", "name": "InstructGPT", "year": 2022, "org": "OpenAI",
     "params": 1_300 * _M, "active": None, "tokens": None,
     "note": {"es": "Ajustado con instrucciones y RLHF: la gente prefería sus respuestas a las de GPT-3.",
              "pt": "Ajustado com instruções e RLHF: as pessoas preferiam suas respostas às do GPT-3."}},
    {"id": "chinchilla", "name": "Chinchilla", "year": 2022, "org": "DeepMind",
     "params": 70 * _B, "active": None, "tokens": 1_400 * _B,
     "note": {"es": "Menos parámetros y muchos más tokens: unos 20 tokens por parámetro.",
              "pt": "Menos parâmetros e muito mais tokens: uns 20 tokens por parâmetro."}},
    {"id": "palm", "name": "PaLM", "year": 2022, "org": "Google",
     "params": 540 * _B, "active": None, "tokens": 780 * _B,
     "note": {"es": "Uno de los modelos densos más grandes publicados.",
              "pt": "Um dos maiores modelos densos publicados."}},
    {"id": "llama", "name": "LLaMA", "year": 2023, "org": "Meta",
     "params": 65 * _B, "active": None, "tokens": 1_400 * _B,
     "note": {"es": "Pesos publicados para la investigación.", "pt": "Pesos publicados para pesquisa."}},
    {"id": "mixtral", "name": "Mixtral 8x7B", "year": 2023, "org": "Mistral AI",
     "params": 47 * _B, "active": 13 * _B, "tokens": None,
     "note": {"es": "Mezcla de expertos: cada token pasa por 2 de 8 expertos.",
              "pt": "Mistura de especialistas: cada token passa por 2 de 8 especialistas."}},
    {"id": "llama31", "name": "Llama 3.1 405B", "year": 2024, "org": "Meta",
     "params": 405 * _B, "active": None, "tokens": 15_600 * _B,
     "note": {"es": "Modelo denso con pesos descargables.", "pt": "Modelo denso com pesos para baixar."}},
    {"id": "deepseekv3", "name": "DeepSeek-V3", "year": 2024, "org": "DeepSeek",
     "params": 671 * _B, "active": 37 * _B, "tokens": 14_800 * _B,
     "note": {"es": "Mezcla de expertos: un enrutador envía cada token a unos pocos expertos.",
              "pt": "Mistura de especialistas: um roteador envia cada token a poucos especialistas."}},
]
