"""Texts written for the reader's model (lesson 4, "Train your own"): our own writing, in each language.

``TEXTS[key]`` (the verses and the dialogue from own_texts_more.py) is ``{"title": {"es", "pt"}, "text": {"es", "pt"}}``; ``DEFAULT`` is the one the page's
precomputed run trains on (lesson_core/data/own_default.py, written by scripts/own_default.py).
"""

from __future__ import annotations

from .own_texts_more import MORE

__all__ = ["TEXTS", "DEFAULT"]

DEFAULT = "story"

TEXTS = {
    "story": {
        "title": {"es": "Un cuento: el río que recuerda", "pt": "Um conto: o rio que lembra"},
        "text": {
            "es": """La casa de la abuela estaba al final del camino, junto al río. Cada tarde, cuando el sol bajaba, la abuela salía a la puerta con una taza de café y miraba el agua. Los niños del pueblo venían a sentarse con ella, porque la abuela sabía contar historias. Contaba historias de peces que hablaban, de un perro que cruzó el río para buscar a su dueño y de una niña que guardaba la luna en una caja.
Una tarde llegó Tomás, el más pequeño de todos. Tenía los zapatos mojados y la cara seria.
—Abuela, ¿es verdad que el río tiene memoria?
La abuela sonrió y dejó la taza en el suelo.
—El río recuerda todo lo que pasa por él. Recuerda la lluvia, recuerda las piedras y recuerda a los niños que juegan en la orilla.
—¿Y me recuerda a mí?
—Claro que sí. Te recuerda desde el día en que tiraste tu primera piedra al agua.
Tomás se sentó en el suelo, junto a la abuela, y miró el río con otros ojos. El agua corría despacio, llena de hojas y de luz. Los otros niños llegaron poco a poco: Ana con su hermana, Pedro con su perro, Lucía con un libro bajo el brazo. Todos se sentaron cerca de la puerta y esperaron.
—Hoy les voy a contar la historia del río —dijo la abuela—. Hace mucho tiempo, el río no tenía agua. Era un camino de piedras secas, y la gente del pueblo caminaba por él para ir al mercado. Un día llegó una nube muy cansada. La nube había viajado por todo el mundo y ya no podía más. Se sentó sobre las piedras y empezó a llorar. Lloró toda la noche y todo el día, y de su llanto nació el río.
—¿Y la nube? —preguntó Ana.
—La nube se quedó a vivir en el agua. Por eso el río recuerda: la nube había visto el mundo entero, y todo lo que veía lo guardaba en el agua.
Los niños se quedaron callados. El sol ya casi se había ido, y el río brillaba como una cinta de oro. Pedro tiró una piedra pequeña, y el agua hizo un círculo que creció y creció hasta llegar a la otra orilla.
—Ahora el río te recuerda a ti también —le dijo Tomás.
La abuela se rió y se levantó despacio. Era hora de cenar. Los niños volvieron a sus casas por el camino, y cada uno llevaba la historia guardada, como la nube guardaba el mundo. Esa noche, Tomás soñó con el río. En el sueño, el agua le hablaba con la voz de la abuela y le contaba historias de peces, de perros y de lunas guardadas en cajas.
A la mañana siguiente, Tomás corrió al río antes de ir a la escuela. Tiró una piedra al agua y miró el círculo crecer.
—Buenos días, río —dijo en voz baja—. Soy yo, Tomás. No te olvides de mí.
Y el río, despacio, siguió corriendo hacia el mar.""",
            "pt": """A casa da avó ficava no fim da estrada de terra, perto do rio. Toda tarde, quando o sol começava a cair, a avó sentava na varanda com uma xícara de café e ficava olhando a água. As crianças da vila vinham sentar com ela, porque a avó sabia contar histórias. Contava histórias de peixes que falavam, de um cachorro que atravessou o rio para procurar o dono e de uma menina que guardava a lua numa caixa.
Uma tarde chegou o Tomás, o menor de todos. Estava com os sapatos molhados e a cara séria.
— Vó, é verdade que o rio tem memória?
A avó sorriu e deixou a xícara no chão.
— O rio lembra de tudo o que passa por ele. Lembra da chuva, lembra das pedras e lembra das crianças que brincam na beira.
— E ele lembra de mim?
— Claro que lembra. Lembra de você desde o dia em que você jogou a sua primeira pedra na água.
Tomás sentou no chão, ao lado da avó, e olhou para o rio com outros olhos. A água corria devagar, cheia de folhas e de luz. As outras crianças foram chegando aos poucos: a Ana com a irmã, o Pedro com o cachorro, a Lúcia com um livro debaixo do braço. Todos sentaram perto da varanda e esperaram.
— Hoje eu vou contar a história do rio — disse a avó. — Faz muito tempo, o rio não tinha água. Era um caminho de pedras secas, e o povo da vila andava por ele para ir à feira. Um dia chegou uma nuvem muito cansada. A nuvem tinha viajado pelo mundo inteiro e não aguentava mais. Sentou em cima das pedras e começou a chorar. Chorou a noite toda e o dia todo, e do choro dela nasceu o rio.
— E a nuvem? — perguntou a Ana.
— A nuvem ficou morando na água. Por isso o rio lembra: a nuvem tinha visto o mundo inteiro, e tudo o que via ela guardava na água.
As crianças ficaram quietas. O sol já tinha quase ido embora, e o rio brilhava como uma fita de ouro. O Pedro jogou uma pedra pequena, e a água fez um círculo que cresceu e cresceu até chegar na outra margem.
— Agora o rio lembra de você também — disse o Tomás.
A avó riu e levantou devagar. Era hora do jantar. As crianças voltaram para casa pela estrada, e cada uma levava a história guardada, como a nuvem guardava o mundo. Naquela noite, o Tomás sonhou com o rio. No sonho, a água falava com a voz da avó e contava histórias de peixes, de cachorros e de luas guardadas em caixas.
Na manhã seguinte, o Tomás correu até o rio antes de ir para a escola. Jogou uma pedra na água e ficou olhando o círculo crescer.
— Bom dia, rio — disse bem baixinho. — Sou eu, o Tomás. Não esquece de mim.
E o rio, devagar, continuou correndo para o mar.""",
        },
    },
    "places": {
        "title": {"es": "Nombres de lugares de América Latina", "pt": "Nomes de lugares do Brasil"},
        "text": {
            "es": """San Juan de los Lagos
San José del Cabo
San Pedro de Atacama
San Miguel de Allende
San Cristóbal de las Casas
San Luis Potosí
San Salvador de Jujuy
San Carlos de Bariloche
Santa Cruz de la Sierra
Santa Marta
Santa Fe de Antioquia
Santa Rosa de Copán
Santiago de Chile
Santiago de Cuba
Santiago del Estero
Santo Domingo
Villa de Leyva
Villa Gesell
Villa María
Puerto Madryn
Puerto Montt
Puerto Natales
Puerto Iguazú
Puerto Vallarta
Puerto Escondido
Río Gallegos
Río Cuarto
Río Negro
Ciudad de México
Ciudad del Este
Ciudad Bolívar
Mar del Plata
Valle de Bravo
Valle Grande
Cerro de Pasco
Cerro Largo
La Paz
La Plata
La Serena
La Rioja
La Ceiba
Las Piedras
Los Andes
Los Mochis
El Calafate
El Alto
El Tigre
Ushuaia
Cuzco
Arequipa
Cajamarca
Trujillo
Chiclayo
Ayacucho
Huancayo
Cochabamba
Sucre
Potosí
Oruro
Tarija
Córdoba
Rosario
Mendoza
Salta
Tucumán
Neuquén
Paraná
Corrientes
Posadas
Montevideo
Maldonado
Colonia
Salto
Paysandú
Asunción
Encarnación
Concepción
Valparaíso
Temuco
Valdivia
Antofagasta
Iquique
Arica
Quito
Cuenca
Guayaquil
Loja
Bogotá
Medellín
Cali
Cartagena
Popayán
Manizales
Caracas
Mérida
Maracaibo
Barquisimeto
Panamá
San José
Cartago
Managua
Granada
León
Tegucigalpa
Antigua
Quetzaltenango
Oaxaca
Puebla
Guanajuato
Zacatecas
Morelia
Veracruz
Mazatlán
Monterrey
Guadalajara
Querétaro
Campeche
Mérida de Yucatán
La Habana
Camagüey
Trinidad
San Juan
Ponce""",
            "pt": """São Paulo
São José dos Campos
São José do Rio Preto
São João del Rei
São Luís
São Lourenço
São Carlos
São Vicente
São Bernardo do Campo
São Gabriel da Cachoeira
São Miguel das Missões
São Sebastião
Santa Maria
Santa Cruz do Sul
Santa Rita do Sapucaí
Santa Bárbara d'Oeste
Santo André
Santo Ângelo
Santos
Rio de Janeiro
Rio Branco
Rio Grande
Rio Verde
Rio Claro
Porto Alegre
Porto Velho
Porto Seguro
Porto Nacional
Ponta Grossa
Ponta Porã
Campo Grande
Campo Mourão
Campos do Jordão
Campina Grande
Campinas
Belo Horizonte
Bom Jesus da Lapa
Boa Vista
Vitória da Conquista
Vitória
Juiz de Fora
Foz do Iguaçu
Ouro Preto
Ouro Branco
Três Lagoas
Três Corações
Feira de Santana
Caxias do Sul
Nova Friburgo
Nova Iguaçu
Nova Lima
Lagoa Santa
Serra Talhada
Serra Negra
Cabo Frio
Angra dos Reis
Paraty
Petrópolis
Teresópolis
Niterói
Recife
Olinda
Caruaru
Petrolina
Salvador
Ilhéus
Itabuna
Lençóis
Aracaju
Maceió
João Pessoa
Natal
Mossoró
Fortaleza
Sobral
Juazeiro do Norte
Teresina
Parnaíba
Belém
Santarém
Marabá
Manaus
Parintins
Macapá
Palmas
Goiânia
Anápolis
Brasília
Cuiabá
Corumbá
Dourados
Curitiba
Londrina
Maringá
Cascavel
Florianópolis
Blumenau
Joinville
Chapecó
Pelotas
Passo Fundo
Uruguaiana
Gramado
Canela
Bento Gonçalves
Diamantina
Tiradentes
Mariana
Uberlândia
Uberaba
Montes Claros
Governador Valadares
Ribeirão Preto
Sorocaba
Bauru
Piracicaba
Jundiaí
Taubaté
Ubatuba
Ilhabela""",
        },
    },
    **MORE,
}
