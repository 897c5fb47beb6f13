"""More texts for the reader's model (lesson 4): verses to sing and a dialogue, our own writing in each
language; lesson_core/data/own_texts.py lists them after the story and the place names (``TEXTS``).
"""

from __future__ import annotations

MORE = {
    "verses": {
        "title": {"es": "Coplas para cantar", "pt": "Quadrinhas para cantar"},
        "text": {
            "es": """Al pasar por tu ventana
me dio el viento una canción:
la canción me pedía: vuelve,
y volví sin más razón.

La luna sale en el cerro,
el sol se esconde en el mar,
y entre la luna y el cerro
el río se pone a cantar.

Qué bonito es el camino
cuando lo caminas tú:
las piedras se vuelven flores
y la noche se hace luz.

En el patio de mi abuela
hay un naranjo en flor;
cada naranja que cae
lleva un poco de su amor.

Canta, canta, golondrina,
canta, canta sin parar,
que si tú dejas el canto
yo no sé cómo cantar.

Cuatro esquinas tiene el pueblo,
cuatro esquinas y un portón;
en las cuatro te he buscado
y te encontré en el corazón.

El que canta su mal espanta,
dice la gente del lugar;
por eso canto en la plaza,
por eso canto en el mar.

Mañana me voy temprano,
mañana me voy de aquí;
si me preguntan adónde,
digan que me fui por ti.

La lluvia moja los techos,
la lluvia moja el maíz,
la lluvia moja mi cara
y yo me siento feliz.

Ya me despido, señores,
ya me despido al final:
el que aprendió la canción
la puede volver a cantar.""",
            "pt": """Passei pela tua janela,
o vento me deu uma canção:
a canção me pedia: volta,
e eu voltei de coração.

A lua nasce na serra,
o sol se esconde no mar,
e entre a lua e a serra
o rio começa a cantar.

Como é bonito o caminho
quando você vem também:
as pedras viram canteiro
e a noite não assusta ninguém.

No quintal da minha avó
tem um pé de laranja em flor;
cada laranja que cai
leva um pouco do seu amor.

Canta, canta, andorinha,
canta, canta sem parar,
que se você para o canto
eu não sei mais cantar.

Quatro esquinas tem a vila,
quatro esquinas e um portão;
procurei você nas quatro
e encontrei no coração.

Quem canta seus males espanta,
diz o povo do lugar;
por isso eu canto na praça,
por isso eu canto no mar.

Amanhã eu vou bem cedo,
amanhã eu vou embora;
se alguém perguntar por mim,
diga que eu volto na hora.

A chuva molha o telhado,
a chuva molha o milharal,
a chuva molha o meu rosto
e eu fico feliz igual.

Já me despeço, senhores,
já me despeço, afinal:
quem aprendeu a cantiga
pode cantar no quintal.""",
        },
    },
    "dialogue": {
        "title": {"es": "Un diálogo: en la tienda de la esquina", "pt": "Um diálogo: na padaria da esquina"},
        "text": {
            "es": """—Buenos días, doña Carmen.
—Buenos días, Julián. ¿Qué te trae tan temprano?
—Mi mamá me mandó por pan. ¿Todavía le quedan bolillos?
—Me quedan seis. ¿Cuántos quieres?
—Cuatro, por favor. Y un litro de leche.
—¿Leche entera o descremada?
—Entera. Mi hermanito no se toma la otra.
—Aquí tienes. ¿Algo más?
—Sí, unos huevos. ¿Cómo están hoy?
—Un poco caros, pero a ti te hago precio.
—Entonces media docena, porque no me alcanza para más.
—Media docena. ¿Te los pongo en una bolsa?
—Mejor en la mochila, que la bolsa se rompe.
—Ten cuidado, que los huevos también se rompen.
—Sí, doña Carmen. Me voy despacio.
—¿Y tu abuelo? Hace días que no lo veo.
—Está bien. Dice que le duele la rodilla cuando llueve.
—Dile que lo espero el domingo para tomar café.
—Yo le digo. ¿Cuánto es todo?
—Son ochenta pesos.
—Aquí tiene. Gracias, doña Carmen.
—Gracias a ti, Julián. Saluda a tu mamá de mi parte.
—Hasta mañana.
—Hasta mañana, y no vayas a correr con los huevos.

—¿Hiciste la tarea de matemáticas?
—Casi toda. Me faltó el último problema.
—¿El del tren que sale a las ocho?
—Ese. No entiendo por qué el tren no llega nunca.
—El tren sí llega. Lo que no llega es la respuesta.
—Muy chistoso. ¿Me ayudas en el recreo?
—Te ayudo si me prestas tu lápiz azul.
—¿Y si lo pierdes?
—No lo voy a perder. Te lo devuelvo antes de la salida.
—Está bien. Trato hecho.
—Trato hecho. Y después me explicas tú el de los gatos.
—¿Cuál de los gatos?
—El de los tres gatos que comen tres ratones en tres minutos.
—Ah, ese es fácil. Los gatos siempre llegan.""",
            "pt": """— Bom dia, dona Cida.
— Bom dia, Julinho. O que te traz aqui tão cedo?
— Minha mãe mandou eu comprar pão. Ainda tem pão francês?
— Tem seis. Quantos você quer?
— Quatro, por favor. E um litro de leite.
— Leite integral ou desnatado?
— Integral. Meu irmãozinho não toma o outro.
— Aqui está. Mais alguma coisa?
— Quero ovos também. Como estão hoje?
— Meio caros, viu? Mas para você eu faço um preço.
— Então meia dúzia, porque o dinheiro não dá para mais.
— Meia dúzia. Quer que eu coloque numa sacola?
— Melhor na mochila, porque a sacola rasga.
— Cuidado, que ovo também quebra.
— Pode deixar, dona Cida. Eu vou devagar.
— E o seu avô? Faz dias que não vejo ele.
— Ele está bem. Diz que o joelho dói quando chove.
— Fala para ele que eu espero ele no domingo para tomar um café.
— Eu falo. Quanto deu tudo?
— Deu vinte reais.
— Aqui está. Obrigado, dona Cida.
— Obrigada você, Julinho. Manda um beijo para a sua mãe.
— Até amanhã.
— Até amanhã, e não vai sair correndo com os ovos.

— Você fez a lição de matemática?
— Quase toda. Faltou o último problema.
— Aquele do trem que sai às oito?
— Esse mesmo. Não entendo por que o trem nunca chega.
— O trem chega. Quem não chega é a resposta.
— Muito engraçado. Você me ajuda no recreio?
— Ajudo, se você me emprestar seu lápis azul.
— E se você perder?
— Não vou perder. Devolvo antes da saída.
— Tá bom. Fechado.
— Fechado. E depois você me explica aquele dos gatos.
— Qual dos gatos?
— Aquele dos três gatos que comem três ratos em três minutos.
— Ah, esse é fácil. Os gatos sempre chegam.""",
        },
    },
}
