"""The offline bundle's read-me files, one per language, written for the teacher who unpacks it.

``readme_texts(version, date)`` -> ``{"LEEME.txt": ..., "LEIA-ME.txt": ...}`` (plain text; bundle.py
writes them with CRLF line ends and a byte order mark for Windows' Notepad), and
``opener_html(site, version, date)``: ABRIR.html, the page to open, beside them (the same word in
both languages): a choice between the two homes in the folder ``site``.
"""

from __future__ import annotations

from html import escape

__all__ = ["readme_texts", "opener_html"]

LEEME = """\
AULA: lecciones interactivas sobre cómo funcionan los modelos de lenguaje
Versión {version}, generada el {date}

CÓMO ABRIRLA
Todo funciona sin internet y sin instalar nada. Abre el archivo ABRIR.html con el navegador y
elige el idioma (español o portugués). Las lecciones están en la carpeta aula, al lado; no hace
falta entrar en ella.

Primero hay que descomprimir el zip. Si abres ABRIR.html desde dentro del zip sin extraerlo, el
sistema copia solo ese archivo a una carpeta temporal y la página no encuentra el resto.

- Windows: clic derecho en aula-offline.zip > "Extraer todo..." > "Extraer". Se abre la carpeta
  aula-offline con ABRIR.html, LEEME.txt, LEIA-ME.txt y la carpeta aula: haz doble clic en
  ABRIR.html.
- macOS: doble clic en aula-offline.zip (el Finder crea al lado la carpeta aula-offline). Ábrela
  y haz doble clic en ABRIR.html.
- Linux: clic derecho en aula-offline.zip > "Extraer aquí" (crea la carpeta aula-offline), o en
  una terminal "unzip aula-offline.zip -d aula-offline". Abre aula-offline/ABRIR.html con el
  navegador.
- ChromeOS: en la app Archivos, haz doble clic en aula-offline.zip: se abre como una unidad.
  Crea una carpeta nueva en "Mis archivos", copia ahí todo lo que hay en la unidad (Ctrl+A,
  Ctrl+C, Ctrl+V) y abre ABRIR.html desde esa carpeta.

NAVEGADORES
Probada en Chromium (la base de Google Chrome y de Microsoft Edge). Si algo no funciona en otro
navegador, abre ABRIR.html con Chrome o Edge: clic derecho en ABRIR.html > "Abrir con".

LO QUE VERÁS
Cada lección trae sus figuras y controles ya calculados. Al escribir un valor propio, la página
arranca Python dentro del navegador (unos segundos la primera vez) y lo calcula ahí mismo.

La carpeta puede ir en un pendrive o en una carpeta compartida, con cualquier nombre. No borres
ni muevas archivos de dentro: la página los necesita todos.
"""

LEIA_ME = """\
AULA: aulas interativas sobre como funcionam os modelos de linguagem
Versão {version}, gerada em {date}

COMO ABRIR
Tudo funciona sem internet e sem instalar nada. Abra o arquivo ABRIR.html no navegador e escolha
o idioma (português ou espanhol). As aulas ficam na pasta aula, ao lado; não é preciso entrar
nela.

Antes, é preciso descompactar o zip. Se você abrir o ABRIR.html de dentro do zip sem extrair, o
sistema copia só esse arquivo para uma pasta temporária e a página não encontra o resto.

- Windows: clique com o botão direito em aula-offline.zip > "Extrair tudo..." > "Extrair". Abre-se
  a pasta aula-offline com ABRIR.html, LEEME.txt, LEIA-ME.txt e a pasta aula: dê um clique duplo
  em ABRIR.html.
- macOS: clique duplo em aula-offline.zip (o Finder cria ao lado a pasta aula-offline). Abra a
  pasta e dê um clique duplo em ABRIR.html.
- Linux: botão direito em aula-offline.zip > "Extrair aqui" (cria a pasta aula-offline), ou num
  terminal "unzip aula-offline.zip -d aula-offline". Abra aula-offline/ABRIR.html no navegador.
- ChromeOS: no app Arquivos, dê um clique duplo em aula-offline.zip: ele abre como uma unidade.
  Crie uma pasta nova em "Meus arquivos", copie para ela tudo o que há na unidade (Ctrl+A, Ctrl+C,
  Ctrl+V) e abra o ABRIR.html dessa pasta.

NAVEGADORES
Testada no Chromium (a base do Google Chrome e do Microsoft Edge). Se algo não funcionar em outro
navegador, abra o ABRIR.html no Chrome ou no Edge: botão direito em ABRIR.html > "Abrir com".

O QUE VOCÊ VAI VER
Cada aula já traz as figuras e os controles calculados. Quando você digita um valor seu, a página
inicia o Python dentro do navegador (alguns segundos na primeira vez) e faz a conta ali mesmo.

A pasta pode ir num pen drive ou numa pasta compartilhada, com qualquer nome. Não apague nem mova
arquivos lá de dentro: a página precisa de todos.
"""


def readme_texts(version: str, date: str) -> dict[str, str]:
    return {"LEEME.txt": LEEME.format(version=version, date=date),
            "LEIA-ME.txt": LEIA_ME.format(version=version, date=date)}


OPENER = """\
<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Aula</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem;
        line-height: 1.5; color: #222; }}
h1 {{ font-size: 2rem; margin-bottom: .25rem; }}
ul {{ list-style: none; padding: 0; display: flex; gap: 1rem; flex-wrap: wrap; }}
a {{ display: block; padding: 1rem 1.5rem; border: 2px solid #3f51b5; border-radius: .5rem;
     color: #3f51b5; font-size: 1.25rem; text-decoration: none; }}
a:hover, a:focus {{ background: #3f51b5; color: #fff; }}
small {{ color: #555; }}
</style>
</head>
<body>
<h1>Aula</h1>
<p>Lecciones interactivas sobre cómo funcionan los modelos de lenguaje.<br>
<span lang="pt-BR">Aulas interativas sobre como funcionam os modelos de linguagem.</span></p>
<ul>
<li><a href="{site}/index.html" lang="es">Español</a></li>
<li><a href="{site}/pt/index.html" lang="pt-BR">Português</a></li>
</ul>
<p><small>Aula {version} · {date}</small></p>
</body>
</html>
"""


def opener_html(site: str, version: str, date: str) -> str:
    return OPENER.format(site=escape(site), version=escape(version), date=escape(date))
