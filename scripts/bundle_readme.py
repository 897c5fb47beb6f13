"""The offline bundle's read-me files, one per language, written for the teacher who unpacks it.

``readme_texts(version, date)`` -> ``{"LEEME.txt": ..., "LEIA-ME.txt": ...}`` (plain text; bundle.py
writes them with CRLF line ends and a byte order mark for Windows' Notepad).
"""

from __future__ import annotations

__all__ = ["readme_texts"]

LEEME = """\
AULA: lecciones interactivas sobre cómo funcionan los modelos de lenguaje
Versión {version}, generada el {date}

CÓMO ABRIRLA
Todo funciona sin internet y sin instalar nada. Abre el archivo index.html de esta carpeta con
el navegador: arriba eliges el idioma (español o portugués). Quien lea en portugués también puede
abrir directamente pt/index.html.

Primero hay que descomprimir el zip. Si abres index.html desde dentro del zip sin extraerlo, el
sistema copia solo ese archivo a una carpeta temporal y la página no encuentra el resto.

- Windows: clic derecho en aula-offline.zip > "Extraer todo..." > "Extraer". Abre la carpeta
  aula-offline y haz doble clic en index.html.
- macOS: doble clic en aula-offline.zip (el Finder lo descomprime al lado). Abre la carpeta
  aula-offline y haz doble clic en index.html.
- Linux: extrae el zip con el gestor de archivos (clic derecho > "Extraer aquí") o con
  "unzip aula-offline.zip". Abre aula-offline/index.html con el navegador.
- ChromeOS: en la app Archivos, haz doble clic en aula-offline.zip, copia la carpeta
  aula-offline a "Mis archivos" y abre index.html desde ahí.

NAVEGADORES
Probada en Chromium (la base de Google Chrome y de Microsoft Edge). Si algo no funciona en otro
navegador, abre index.html con Chrome o Edge: clic derecho en index.html > "Abrir con".

LO QUE VERÁS
Cada lección trae sus figuras y controles ya calculados. Al escribir un valor propio, la página
arranca Python dentro del navegador (unos segundos la primera vez) y lo calcula ahí mismo.

La carpeta puede ir en un pendrive o en una carpeta compartida, con cualquier nombre. No borres
ni muevas archivos de dentro: la página los necesita todos.

LICENCIA
El contenido de las lecciones (textos, figuras, fichas y guías) se publica con la licencia
Creative Commons Atribución-CompartirIgual 4.0 Internacional (CC BY-SA 4.0):
https://creativecommons.org/licenses/by-sa/4.0/deed.es
Pueden copiarlo, imprimirlo (también fotocopias para toda la clase), compartirlo y adaptarlo,
citando a Aula y compartiendo lo que adapten con la misma licencia. El código es software libre
con licencia MIT. El archivo LICENSE del repositorio tiene el texto completo.
"""

LEIA_ME = """\
AULA: aulas interativas sobre como funcionam os modelos de linguagem
Versão {version}, gerada em {date}

COMO ABRIR
Tudo funciona sem internet e sem instalar nada. Abra o arquivo index.html desta pasta no
navegador: no topo você escolhe o idioma (português ou espanhol). Também dá para abrir direto
pt/index.html, que já começa em português.

Antes, é preciso descompactar o zip. Se você abrir o index.html de dentro do zip sem extrair, o
sistema copia só esse arquivo para uma pasta temporária e a página não encontra o resto.

- Windows: clique com o botão direito em aula-offline.zip > "Extrair tudo..." > "Extrair". Abra a
  pasta aula-offline e dê um clique duplo em index.html.
- macOS: clique duplo em aula-offline.zip (o Finder descompacta ao lado). Abra a pasta
  aula-offline e dê um clique duplo em index.html.
- Linux: extraia o zip no gerenciador de arquivos (botão direito > "Extrair aqui") ou com
  "unzip aula-offline.zip". Abra aula-offline/index.html no navegador.
- ChromeOS: no app Arquivos, dê um clique duplo em aula-offline.zip, copie a pasta aula-offline
  para "Meus arquivos" e abra o index.html de lá.

NAVEGADORES
Testada no Chromium (a base do Google Chrome e do Microsoft Edge). Se algo não funcionar em outro
navegador, abra o index.html no Chrome ou no Edge: botão direito em index.html > "Abrir com".

O QUE VOCÊ VAI VER
Cada aula já traz as figuras e os controles calculados. Quando você digita um valor seu, a página
inicia o Python dentro do navegador (alguns segundos na primeira vez) e faz a conta ali mesmo.

A pasta pode ir num pen drive ou numa pasta compartilhada, com qualquer nome. Não apague nem mova
arquivos lá de dentro: a página precisa de todos.

LICENÇA
O conteúdo das aulas (textos, figuras, folhas de exercícios e guias) é publicado sob a licença
Creative Commons Atribuição-CompartilhaIgual 4.0 Internacional (CC BY-SA 4.0):
https://creativecommons.org/licenses/by-sa/4.0/deed.pt-br
Você pode copiar, imprimir (inclusive fotocópias para a turma toda), compartilhar e adaptar,
citando Aula e compartilhando o que adaptar sob a mesma licença. O código é software livre com
licença MIT. O arquivo LICENSE do repositório traz o texto completo.
"""


def readme_texts(version: str, date: str) -> dict[str, str]:
    return {"LEEME.txt": LEEME.format(version=version, date=date),
            "LEIA-ME.txt": LEIA_ME.format(version=version, date=date)}
