<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es_ES">
<context>
    <name>GuttersTable</name>
    <message>
        <source>Best friend of the cats!</source>
        <translation>¡El mejor amigo de los gatos!</translation>
    </message>
    <message>
        <source>Second-best friend of the cats!</source>
        <translation>¡El segundo mejor amigo de los gatos!</translation>
    </message>
    <message>
        <source>Good job.</source>
        <translation>Buen trabajo.</translation>
    </message>
    <message>
        <source>Not bad.</source>
        <translation>No está mal.</translation>
    </message>
    <message>
        <source>You can do better.</source>
        <translation>Puedes hacerlo mejor.</translation>
    </message>
    <message>
        <source>It will do this time.</source>
        <translation>Por esta vez vale.</translation>
    </message>
    <message>
        <source>Poor cats.</source>
        <translation>Pobres gatos.</translation>
    </message>
    <message>
        <source>Game over</source>
        <translation>Fin de la partida</translation>
    </message>
    <message>
        <source>Every cat has found its home.</source>
        <translation>Cada gato ha encontrado su casa.</translation>
    </message>
    <message>
        <source>Setting up the roofs</source>
        <translation>Preparando los tejados</translation>
    </message>
    <message>
        <source>Dealing the tiles…</source>
        <translation>Repartiendo las losetas…</translation>
    </message>
    <message>
        <source>actions left: {n}</source>
        <translation>acciones restantes: {n}</translation>
    </message>
    <message>
        <source>Your turn</source>
        <translation>Te toca</translation>
    </message>
    <message>
        <source>Click a tile to turn it, or push the top tile in from an arrow — {left}</source>
        <translation>Haz clic en una loseta para girarla, o empuja la loseta de arriba desde una flecha — {left}</translation>
    </message>
    <message>
        <source>{name}&apos;s turn</source>
        <translation>Le toca a {name}</translation>
    </message>
    <message>
        <source>{name} is moving the gutters — {left}</source>
        <translation>{name} está moviendo los canalones — {left}</translation>
    </message>
    <message>
        <source>{name} pushed a tile in.</source>
        <translation>{name} ha empujado una loseta.</translation>
    </message>
    <message>
        <source>{name} turned a tile.</source>
        <translation>{name} ha girado una loseta.</translation>
    </message>
    <message>
        <source>{name} led {cat} home!</source>
        <translation>¡{name} ha llevado a {cat} a casa!</translation>
    </message>
    <message>
        <source>A home moved along the roof.</source>
        <translation>Una casa se ha movido por el tejado.</translation>
    </message>
    <message>
        <source>↻ quarter turn</source>
        <translation>↻ un cuarto de vuelta</translation>
    </message>
    <message>
        <source>half turn</source>
        <translation>media vuelta</translation>
    </message>
    <message>
        <source>↺ quarter turn</source>
        <translation>↺ un cuarto de vuelta</translation>
    </message>
    <message>
        <source>Top tile of the pile</source>
        <translation>Loseta de arriba de la pila</translation>
    </message>
    <message>
        <source>Tiles in the pile: {n}</source>
        <translation>Losetas en la pila: {n}</translation>
    </message>
    <message>
        <source>Actions left</source>
        <translation>Acciones restantes</translation>
    </message>
    <message>
        <source>Cats still looking for a home: {n}</source>
        <translation>Gatos que aún buscan casa: {n}</translation>
    </message>
    <message>
        <source>Turn {turn}</source>
        <translation>Turno {turn}</translation>
    </message>
    <message>
        <source>Rating so far: {rating}</source>
        <translation>Valoración hasta ahora: {rating}</translation>
    </message>
    <message>
        <source>Scores</source>
        <translation>Puntuaciones</translation>
    </message>
    <message numerus="yes">
        <source>%n pts</source>
        <translation>
            <numerusform>%n punto</numerusform>
            <numerusform>%n puntos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cats</source>
        <translation>
            <numerusform>%n gato</numerusform>
            <numerusform>%n gatos</numerusform>
        </translation>
    </message>
    <message>
        <source>The group</source>
        <translation>El grupo</translation>
    </message>
    <message>
        <source>All cats are home!</source>
        <translation>¡Todos los gatos están en casa!</translation>
    </message>
    <message>
        <source>{turns} turns: {rating}</source>
        <translation>{turns} turnos: {rating}</translation>
    </message>
    <message>
        <source>You win!</source>
        <translation>¡Has ganado!</translation>
    </message>
    <message>
        <source>You share the win!</source>
        <translation>¡Compartes la victoria!</translation>
    </message>
    <message>
        <source>{name} wins</source>
        <translation>Gana {name}</translation>
    </message>
    <message>
        <source>Play again</source>
        <translation>Jugar otra vez</translation>
    </message>
    <message>
        <source>Back to the lobby</source>
        <translation>Volver a la sala</translation>
    </message>
    <message>
        <source>You pushed a tile in.</source>
        <translation>Has empujado una loseta.</translation>
    </message>
    <message>
        <source>You turned a tile.</source>
        <translation>Has girado una loseta.</translation>
    </message>
    <message>
        <source>You led {cat} home!</source>
        <translation>¡Has llevado a {cat} a casa!</translation>
    </message>
</context>
<context>
    <name>MomistigriTable</name>
    <message>
        <source>1+1: discard your other 1s</source>
        <translation>1+1: descarta también tus otros 1</translation>
    </message>
    <message>
        <source>2+2: choose the card the next player draws</source>
        <translation>2+2: elige la carta que roba el siguiente jugador</translation>
    </message>
    <message>
        <source>3+3: swap with the pile after the next draw</source>
        <translation>3+3: cambia con la pila tras el siguiente robo</translation>
    </message>
    <message>
        <source>4+4: give a card to a player</source>
        <translation>4+4: regala una carta a un jugador</translation>
    </message>
    <message>
        <source>5+5: hand out cards from the pile</source>
        <translation>5+5: reparte cartas de la pila</translation>
    </message>
    <message>
        <source>6+6: you may discard another pair</source>
        <translation>6+6: puedes descartar otra pareja</translation>
    </message>
    <message>
        <source>7+7: the next player draws 2 cards from you</source>
        <translation>7+7: el siguiente jugador te roba 2 cartas</translation>
    </message>
    <message>
        <source>8+8: the next player draws 3 cards from you</source>
        <translation>8+8: el siguiente jugador te roba 3 cartas</translation>
    </message>
    <message>
        <source>colour pair: no effect</source>
        <translation>pareja de color: sin efecto</translation>
    </message>
    <message>
        <source>Round {n} is over</source>
        <translation>La ronda {n} ha terminado</translation>
    </message>
    <message>
        <source>Every hand is shown with its penalty; click the button to go on.</source>
        <translation>Cada mano se muestra con su penalización; haz clic en el botón para seguir.</translation>
    </message>
    <message>
        <source>Game over</source>
        <translation>Fin de la partida</translation>
    </message>
    <message>
        <source>Dealing</source>
        <translation>Repartiendo</translation>
    </message>
    <message>
        <source>The cards are being dealt…</source>
        <translation>Se reparten las cartas…</translation>
    </message>
    <message>
        <source>{name}&apos;s turn</source>
        <translation>Le toca a {name}</translation>
    </message>
    <message>
        <source>Your turn</source>
        <translation>Te toca</translation>
    </message>
    <message>
        <source>{name} is drawing from your hand.</source>
        <translation>{name} está robando de tu mano.</translation>
    </message>
    <message>
        <source>{name} is drawing a card.</source>
        <translation>{name} está robando una carta.</translation>
    </message>
    <message>
        <source>{name} swaps a card with the pile (3+3).</source>
        <translation>{name} cambia una carta con la pila (3+3).</translation>
    </message>
    <message>
        <source>{name} chooses the card the next player draws (2+2).</source>
        <translation>{name} elige la carta que robará el siguiente jugador (2+2).</translation>
    </message>
    <message>
        <source>{name} gives a card away (4+4).</source>
        <translation>{name} regala una carta (4+4).</translation>
    </message>
    <message>
        <source>{name} hands out cards from the pile (5+5).</source>
        <translation>{name} reparte cartas de la pila (5+5).</translation>
    </message>
    <message>
        <source>{name} may discard a pair.</source>
        <translation>{name} puede descartar una pareja.</translation>
    </message>
    <message>
        <source>2+2: {name} chose the card you draw — click their fan to take it.</source>
        <translation>2+2: {name} ha elegido la carta que robas — haz clic en su abanico para cogerla.</translation>
    </message>
    <message>
        <source>Pick {n} cards from {name}&apos;s fan.</source>
        <translation>Elige {n} cartas del abanico de {name}.</translation>
    </message>
    <message>
        <source>Pick a card from {name}&apos;s fan.</source>
        <translation>Elige una carta del abanico de {name}.</translation>
    </message>
    <message>
        <source>3+3: click a card of your hand to put on the pile.</source>
        <translation>3+3: haz clic en una carta de tu mano para dejarla en la pila.</translation>
    </message>
    <message>
        <source>3+3: now click the pile card you take (or your own card to keep it).</source>
        <translation>3+3: ahora haz clic en la carta de la pila que coges (o en tu carta para quedártela).</translation>
    </message>
    <message>
        <source>2+2: click the card {name} must draw from you.</source>
        <translation>2+2: haz clic en la carta que {name} tendrá que robarte.</translation>
    </message>
    <message>
        <source>4+4: click the card you give away.</source>
        <translation>4+4: haz clic en la carta que regalas.</translation>
    </message>
    <message>
        <source>4+4: now click the player who gets it.</source>
        <translation>4+4: ahora haz clic en el jugador que la recibe.</translation>
    </message>
    <message>
        <source>5+5: click a card of the pile to hand out.</source>
        <translation>5+5: haz clic en una carta de la pila para repartirla.</translation>
    </message>
    <message>
        <source>5+5: now click the player who gets it.</source>
        <translation>5+5: ahora haz clic en el jugador que la recibe.</translation>
    </message>
    <message>
        <source>Choose: the pair&apos;s effect, or reverse the arrow.</source>
        <translation>Elige: el efecto de la pareja, o invertir la flecha.</translation>
    </message>
    <message>
        <source>Click Discard pair.</source>
        <translation>Haz clic en Descartar pareja.</translation>
    </message>
    <message>
        <source>6+6: you may discard another pair, or end your turn.</source>
        <translation>6+6: puedes descartar otra pareja, o terminar el turno.</translation>
    </message>
    <message>
        <source>You have discarded your pair for this turn: click End turn.</source>
        <translation>Ya has descartado tu pareja en este turno: pulsa Terminar turno.</translation>
    </message>
    <message>
        <source>Select two cards that pair (same colour or value), or Pass.</source>
        <translation>Selecciona dos cartas que hagan pareja (mismo color o valor), o Pasa.</translation>
    </message>
    <message>
        <source>You hold a pair and must discard one: select two cards.</source>
        <translation>Tienes una pareja y debes descartarla: selecciona dos cartas.</translation>
    </message>
    <message>
        <source>One pair per turn (only a 6+6 allows another): click End turn.</source>
        <translation>Una pareja por turno (solo un 6+6 permite otra): pulsa Terminar turno.</translation>
    </message>
    <message>
        <source>The Mistigri never forms a pair: keep it or let it be drawn.</source>
        <translation>El Mistigri nunca forma pareja: guárdalo o deja que te lo roben.</translation>
    </message>
    <message>
        <source>These two cards share neither colour nor value: they are not a pair.</source>
        <translation>Estas dos cartas no comparten ni color ni valor: no son pareja.</translation>
    </message>
    <message>
        <source>the Mistigri</source>
        <translation>el Mistigri</translation>
    </message>
    <message>
        <source>red</source>
        <translation>rojo</translation>
    </message>
    <message>
        <source>blue</source>
        <translation>azul</translation>
    </message>
    <message>
        <source>green</source>
        <translation>verde</translation>
    </message>
    <message>
        <source>yellow</source>
        <translation>amarillo</translation>
    </message>
    <message>
        <source>purple</source>
        <translation>morado</translation>
    </message>
    <message>
        <source>{value} {colour}</source>
        <translation>{value} {colour}</translation>
    </message>
    <message numerus="yes">
        <source>{name} drew %n card(s) from your hand.</source>
        <translation>
            <numerusform>{name} robó %n carta de tu mano.</numerusform>
            <numerusform>{name} robó %n cartas de tu mano.</numerusform>
        </translation>
    </message>
    <message>
        <source>You drew {cards} from {name}.</source>
        <translation>Robaste {cards} a {name}.</translation>
    </message>
    <message numerus="yes">
        <source>You drew %n card(s) from {name}.</source>
        <translation>
            <numerusform>Robaste %n carta a {name}.</numerusform>
            <numerusform>Robaste %n cartas a {name}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{drawer} drew %n card(s) from {holder}.</source>
        <translation>
            <numerusform>{drawer} robó %n carta a {holder}.</numerusform>
            <numerusform>{drawer} robó %n cartas a {holder}.</numerusform>
        </translation>
    </message>
    <message>
        <source>You</source>
        <translation>Tú</translation>
    </message>
    <message>
        <source>{name} discarded {cards} and reversed the arrow.</source>
        <translation>{name}: descarta {cards} e invierte la flecha.</translation>
    </message>
    <message>
        <source>{name} discarded {cards}.</source>
        <translation>{name}: descarta {cards}.</translation>
    </message>
    <message>
        <source>{name} discarded every other 1 too (1+1).</source>
        <translation>{name} descarta también todos los demás 1 (1+1).</translation>
    </message>
    <message>
        <source>{name} gave you {card} (4+4).</source>
        <translation>{name} te ha dado {card} (4+4).</translation>
    </message>
    <message>
        <source>{name} gave you a card (4+4).</source>
        <translation>{name} te ha dado una carta (4+4).</translation>
    </message>
    <message>
        <source>{giver} gave a card to {recipient} (4+4).</source>
        <translation>{giver} ha dado una carta a {recipient} (4+4).</translation>
    </message>
    <message>
        <source>you</source>
        <translation>ti</translation>
    </message>
    <message>
        <source>{giver} handed {card} from the pile to {recipient} (5+5).</source>
        <translation>{giver} ha dado {card} de la pila a {recipient} (5+5).</translation>
    </message>
    <message>
        <source>{name} put {put} on the pile and took {take} (3+3).</source>
        <translation>{name} ha puesto {put} en la pila y ha tomado {take} (3+3).</translation>
    </message>
    <message>
        <source>The arrow turns: play goes clockwise now.</source>
        <translation>La flecha gira: ahora se juega en sentido horario.</translation>
    </message>
    <message>
        <source>The arrow turns: play goes counter-clockwise now.</source>
        <translation>La flecha gira: ahora se juega en sentido antihorario.</translation>
    </message>
    <message>
        <source>{name} is out — Miaooo!</source>
        <translation>{name} se queda sin cartas — ¡Miaooo!</translation>
    </message>
    <message>
        <source>{name} passed.</source>
        <translation>{name} pasa.</translation>
    </message>
    <message>
        <source>Round {n} is over.</source>
        <translation>La ronda {n} ha terminado.</translation>
    </message>
    <message>
        <source>R{n}</source>
        <translation>R{n}</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>You win with the fewest penalty points.</source>
        <translation>Has ganado con menos puntos de penalización.</translation>
    </message>
    <message>
        <source>{names} share the win.</source>
        <translation>{names} comparten la victoria.</translation>
    </message>
    <message>
        <source>{names} wins with the fewest penalty points.</source>
        <translation>Gana {names} con menos puntos de penalización.</translation>
    </message>
    <message>
        <source>Miaooo!</source>
        <translation>¡Miaooo!</translation>
    </message>
    <message>
        <source>Pass</source>
        <translation>Paso</translation>
    </message>
    <message>
        <source>Dealing…</source>
        <translation>Repartiendo…</translation>
    </message>
    <message numerus="yes">
        <source>%n pts</source>
        <translation>
            <numerusform>%n punto</numerusform>
            <numerusform>%n puntos</numerusform>
        </translation>
    </message>
    <message>
        <source>Out — Miaooo!</source>
        <translation>Fuera — ¡Miaooo!</translation>
    </message>
    <message>
        <source>Cards: {n}</source>
        <translation>Cartas: {n}</translation>
    </message>
    <message>
        <source>Help card</source>
        <translation>Carta de ayuda</translation>
    </message>
    <message>
        <source>2+2 pending: the next player takes the card you chose</source>
        <translation>2+2 pendiente: el siguiente jugador coge la carta que elegiste</translation>
    </message>
    <message>
        <source>3+3 pending: you swap with the pile after the next draw</source>
        <translation>3+3 pendiente: cambias con la pila tras el siguiente robo</translation>
    </message>
    <message>
        <source>7+7 pending: the next player draws 2 cards from you</source>
        <translation>7+7 pendiente: el siguiente jugador te roba 2 cartas</translation>
    </message>
    <message>
        <source>8+8 pending: the next player draws 3 cards from you</source>
        <translation>8+8 pendiente: el siguiente jugador te roba 3 cartas</translation>
    </message>
    <message>
        <source>2+2 pending: the next player takes the card {name} chose</source>
        <translation>2+2 pendiente: el siguiente jugador coge la carta que eligió {name}</translation>
    </message>
    <message>
        <source>3+3 pending: {name} swaps with the pile after the next draw</source>
        <translation>3+3 pendiente: {name} cambia con la pila tras el siguiente robo</translation>
    </message>
    <message>
        <source>7+7 pending: the next player draws 2 cards from {name}</source>
        <translation>7+7 pendiente: el siguiente jugador roba 2 cartas a {name}</translation>
    </message>
    <message>
        <source>8+8 pending: the next player draws 3 cards from {name}</source>
        <translation>8+8 pendiente: el siguiente jugador roba 3 cartas a {name}</translation>
    </message>
    <message>
        <source>Discard pile ({n})</source>
        <translation>Pila de descartes ({n})</translation>
    </message>
    <message>
        <source>clockwise</source>
        <translation>en sentido horario</translation>
    </message>
    <message>
        <source>counter-clockwise</source>
        <translation>en sentido antihorario</translation>
    </message>
    <message>
        <source>keep it</source>
        <translation>quédatela</translation>
    </message>
    <message>
        <source>Hide pairs</source>
        <translation>Ocultar parejas</translation>
    </message>
    <message>
        <source>Show pairs</source>
        <translation>Mostrar parejas</translation>
    </message>
    <message>
        <source>Reverse the arrow</source>
        <translation>Invertir la flecha</translation>
    </message>
    <message>
        <source>Discard pair</source>
        <translation>Descartar pareja</translation>
    </message>
    <message>
        <source>Discard pair — {effect}</source>
        <translation>Descartar pareja — {effect}</translation>
    </message>
    <message>
        <source>End turn</source>
        <translation>Terminar turno</translation>
    </message>
    <message>
        <source>Round {n}: the hands are shown</source>
        <translation>Ronda {n}: se muestran las manos</translation>
    </message>
    <message>
        <source>penalty · total</source>
        <translation>penalización · total</translation>
    </message>
    <message>
        <source>out: 0</source>
        <translation>fuera: 0</translation>
    </message>
    <message>
        <source>+{p} · {total}</source>
        <translation>+{p} · {total}</translation>
    </message>
    <message>
        <source>See who won</source>
        <translation>Ver quién ha ganado</translation>
    </message>
    <message>
        <source>Next round</source>
        <translation>Siguiente ronda</translation>
    </message>
    <message>
        <source>You win!</source>
        <translation>¡Has ganado!</translation>
    </message>
    <message>
        <source>You share the win!</source>
        <translation>¡Compartes la victoria!</translation>
    </message>
    <message>
        <source>The fewest penalty points wins.</source>
        <translation>Gana quien tiene menos puntos de penalización.</translation>
    </message>
    <message>
        <source>Play again</source>
        <translation>Jugar otra vez</translation>
    </message>
    <message>
        <source>Back to the lobby</source>
        <translation>Volver a la sala</translation>
    </message>
    <message>
        <source>Round {n} is next</source>
        <translation>La ronda {n} es la siguiente</translation>
    </message>
    <message>
        <source>Waiting for every player to close the scores; then the cards are dealt.</source>
        <translation>Se espera a que cada jugador cierre las puntuaciones; luego se reparten las cartas.</translation>
    </message>
    <message>
        <source>You gave a card to {name} (4+4).</source>
        <translation>Diste una carta a {name} (4+4).</translation>
    </message>
    <message>
        <source>You handed {card} from the pile to {name} (5+5).</source>
        <translation>Diste {card} de la pila a {name} (5+5).</translation>
    </message>
    <message>
        <source>You put {put} on the pile and took {take} (3+3).</source>
        <translation>Pusiste {put} en la pila y tomaste {take} (3+3).</translation>
    </message>
    <message>
        <source>You are out — Miaooo!</source>
        <translation>Te quedas sin cartas — ¡Miaooo!</translation>
    </message>
    <message>
        <source>You passed.</source>
        <translation>Pasaste.</translation>
    </message>
</context>
<context>
    <name>NetworkTable</name>
    <message>
        <source>%1&apos;s laptop no longer hosts the game: yours takes over.</source>
        <translation>El portátil de %1 ya no aloja la partida: ahora la aloja el tuyo.</translation>
    </message>
    <message>
        <source>%1&apos;s laptop no longer hosts the game: %2&apos;s laptop takes over.</source>
        <translation>El portátil de %1 ya no aloja la partida: ahora la aloja el portátil de %2.</translation>
    </message>
    <message>
        <source>fair</source>
        <translation>limpia</translation>
    </message>
    <message>
        <source>Round %1 checked: %2</source>
        <translation>Ronda %1 comprobada: %2</translation>
    </message>
    <message>
        <source>Round %2 starts again with a bot in each of %1&apos;s seats; the scores are kept.</source>
        <translation>La ronda %2 vuelve a empezar con un bot en cada asiento de %1; se conservan las puntuaciones.</translation>
    </message>
    <message>
        <source>%1&apos;s laptop broke the fair-play rules for %2: %3 (%4).</source>
        <translation>El portátil de %1 ha roto las reglas del juego limpio para %2: %3 (%4).</translation>
    </message>
    <message>
        <source>%5&apos;s laptop says %1&apos;s laptop broke the fair-play rules for %2: %3 (%4).</source>
        <translation>El portátil de %5 dice que el portátil de %1 ha roto las reglas del juego limpio para %2: %3 (%4).</translation>
    </message>
    <message>
        <source>%2 broke the fair-play rules: %3 (%4).</source>
        <translation>%2 ha roto las reglas del juego limpio: %3 (%4).</translation>
    </message>
    <message>
        <source>%1&apos;s laptop was cut off from the table: %2.</source>
        <translation>El portátil de %1 ha sido expulsado de la mesa: %2.</translation>
    </message>
    <message>
        <source>%1&apos;s laptop was not heard from in time; its messages reach this laptop only through %2. Nobody can tell what holds them up, so nobody is blamed.</source>
        <translation>No se ha sabido del portátil de %1 a tiempo; sus mensajes llegan a este portátil solo a través de %2. Nadie puede saber qué los retiene, así que no se acusa a nadie.</translation>
    </message>
    <message>
        <source>%1&apos;s laptop was not heard from in time. Nobody can tell what holds its messages up, so nobody is blamed.</source>
        <translation>No se ha sabido del portátil de %1 a tiempo. Nadie puede saber qué retiene sus mensajes, así que no se acusa a nadie.</translation>
    </message>
    <message>
        <source>The round is void and the game ends.</source>
        <translation>La ronda queda anulada y la partida termina.</translation>
    </message>
    <message>
        <source>The round is void; their laptop is dropped from the game.</source>
        <translation>La ronda queda anulada; su portátil queda fuera de la partida.</translation>
    </message>
    <message>
        <source>The evidence is saved in %1</source>
        <translation>La prueba está guardada en %1</translation>
    </message>
    <message>
        <source>Waiting for %1 to play: %2 before the table drops their laptops.</source>
        <translation>Esperando a que jueguen %1: %2 antes de que la mesa deje fuera sus portátiles.</translation>
    </message>
    <message>
        <source>Waiting for %1 to play: %2 before the table drops their laptop.</source>
        <translation>Esperando a que juegue %1: %2 antes de que la mesa deje fuera su portátil.</translation>
    </message>
    <message>
        <source>Waiting for %1: their laptops have not answered. %2 before the table drops them.</source>
        <translation>Esperando a %1: sus portátiles no han respondido. %2 antes de que la mesa los deje fuera.</translation>
    </message>
    <message>
        <source>Waiting for %1: their laptop has not answered. %2 before the table drops it.</source>
        <translation>Esperando a %1: su portátil no ha respondido. %2 antes de que la mesa lo deje fuera.</translation>
    </message>
    <message>
        <source>A bot plays their seat, %3&apos;s laptop hosts now, and the hands are dealt again, as many cards each; the open offers are cancelled and everything else stays.</source>
        <translation>Un bot juega en su asiento, ahora aloja el portátil de %3 y las manos se reparten de nuevo, cada una con tantas cartas como tenía; las ofertas abiertas se anulan y todo lo demás se mantiene.</translation>
    </message>
    <message>
        <source>A bot plays their seat and the hands are dealt again, as many cards each; the open offers are cancelled and everything else stays.</source>
        <translation>Un bot juega en su asiento y las manos se reparten de nuevo, cada una con tantas cartas como tenía; las ofertas abiertas se anulan y todo lo demás se mantiene.</translation>
    </message>
    <message>
        <source>A bot plays their seat, %3&apos;s laptop hosts now, and the hands are dealt again, as many cards each; everything else stays.</source>
        <translation>Un bot juega en su asiento, ahora aloja el portátil de %3 y las manos se reparten de nuevo, cada una con tantas cartas como tenía; todo lo demás se mantiene.</translation>
    </message>
    <message>
        <source>A bot plays their seat and the hands are dealt again, as many cards each; everything else stays.</source>
        <translation>Un bot juega en su asiento y las manos se reparten de nuevo, cada una con tantas cartas como tenía; todo lo demás se mantiene.</translation>
    </message>
    <message>
        <source>A bot plays their seat, %3&apos;s laptop hosts now, and the cards still face down are shuffled again; everything else stays.</source>
        <translation>Un bot juega en su asiento, ahora aloja el portátil de %3 y las cartas aún boca abajo se barajan de nuevo; todo lo demás se mantiene.</translation>
    </message>
    <message>
        <source>A bot plays their seat and the cards still face down are shuffled again; everything else stays.</source>
        <translation>Un bot juega en su asiento y las cartas aún boca abajo se barajan de nuevo; todo lo demás se mantiene.</translation>
    </message>
    <message>
        <source>%1 left. A bot plays their seat, %3&apos;s laptop hosts now, and round %2 is dealt again; the scores stay.</source>
        <translation>%1 se ha ido. Un bot juega en su asiento, ahora aloja el portátil de %3 y la ronda %2 se reparte de nuevo; las puntuaciones se mantienen.</translation>
    </message>
    <message>
        <source>%1 left. A bot plays their seat and round %2 is dealt again; the scores stay.</source>
        <translation>%1 se ha ido. Un bot juega en su asiento y la ronda %2 se reparte de nuevo; las puntuaciones se mantienen.</translation>
    </message>
    <message>
        <source>%1&apos;s laptop did not come back. A bot plays their seat, %3&apos;s laptop hosts now, and round %2 is dealt again; the scores stay.</source>
        <translation>El portátil de %1 no ha vuelto. Un bot juega en su asiento, ahora aloja el portátil de %3 y la ronda %2 se reparte de nuevo; las puntuaciones se mantienen.</translation>
    </message>
    <message>
        <source>%1&apos;s laptop did not come back. A bot plays their seat and round %2 is dealt again; the scores stay.</source>
        <translation>El portátil de %1 no ha vuelto. Un bot juega en su asiento y la ronda %2 se reparte de nuevo; las puntuaciones se mantienen.</translation>
    </message>
    <message>
        <source>%1 left.</source>
        <translation>%1 se ha ido.</translation>
    </message>
    <message>
        <source>%1&apos;s laptop did not come back.</source>
        <translation>El portátil de %1 no ha vuelto.</translation>
    </message>
    <message>
        <source>every message carries its sender&apos;s valid signature</source>
        <translation>cada mensaje lleva la firma válida de quien lo envía</translation>
    </message>
    <message>
        <source>each sender&apos;s messages come once, in order, chained to the previous one</source>
        <translation>los mensajes de cada uno llegan una sola vez, en orden, enlazados con el anterior</translation>
    </message>
    <message>
        <source>a message belongs to this table and this round</source>
        <translation>un mensaje pertenece a esta mesa y a esta ronda</translation>
    </message>
    <message>
        <source>a message is well formed: known kind, right fields, valid group elements</source>
        <translation>un mensaje está bien formado: tipo conocido, campos correctos, elementos del grupo válidos</translation>
    </message>
    <message>
        <source>a laptop speaks only when the protocol expects it to</source>
        <translation>un portátil habla solo cuando el protocolo lo espera</translation>
    </message>
    <message>
        <source>a laptop&apos;s messages keep the order of time they claim</source>
        <translation>los mensajes de un portátil mantienen el orden de tiempo que declaran</translation>
    </message>
    <message>
        <source>a key share comes with a valid proof of knowledge</source>
        <translation>una parte de la clave llega con una prueba de conocimiento válida</translation>
    </message>
    <message>
        <source>a revealed value opens the earlier commitment</source>
        <translation>un valor revelado abre el compromiso anterior</translation>
    </message>
    <message>
        <source>every committed value is revealed when the protocol asks for it</source>
        <translation>cada valor comprometido se revela cuando el protocolo lo pide</translation>
    </message>
    <message>
        <source>a shuffle re-masks a permutation of exactly the cards it received</source>
        <translation>una mezcla vuelve a enmascarar una permutación exactamente de las cartas recibidas</translation>
    </message>
    <message>
        <source>a decryption share comes with a valid proof for the right card</source>
        <translation>una parte de descifrado llega con una prueba válida para la carta correcta</translation>
    </message>
    <message>
        <source>a card handed on is the card named</source>
        <translation>una carta entregada es la carta nombrada</translation>
    </message>
    <message>
        <source>a blind draw delivers the card at the position the drawer chose</source>
        <translation>un robo a ciegas entrega la carta de la posición que eligió quien roba</translation>
    </message>
    <message>
        <source>the round&apos;s secrets revealed at the check match what the laptop published</source>
        <translation>los secretos de la ronda revelados en la comprobación coinciden con lo que publicó el portátil</translation>
    </message>
    <message>
        <source>every action is legal in the game given the cards the seat really holds</source>
        <translation>cada acción es legal en el juego según las cartas que el asiento tiene de verdad</translation>
    </message>
    <message>
        <source>a seat plays its turn before the table gives up</source>
        <translation>un asiento juega su turno antes de que la mesa se rinda</translation>
    </message>
    <message>
        <source>a card offered is named by its own masked slot</source>
        <translation>una carta ofrecida se nombra por su propio hueco enmascarado</translation>
    </message>
    <message>
        <source>a seat turns the cards handed to it face up only when they break a rule</source>
        <translation>un asiento descubre las cartas que recibe solo cuando rompen una regla</translation>
    </message>
    <message>
        <source>Starting the game…</source>
        <translation>Empezando la partida…</translation>
    </message>
    <message>
        <source>Waiting for every laptop to be ready…</source>
        <translation>Esperando a que todos los portátiles estén listos…</translation>
    </message>
    <message>
        <source>Drawing the table&apos;s luck together…</source>
        <translation>La mesa sortea la suerte entre todos…</translation>
    </message>
    <message>
        <source>Dealing…</source>
        <translation>Repartiendo…</translation>
    </message>
    <message>
        <source>Checking the round…</source>
        <translation>Comprobando la ronda…</translation>
    </message>
    <message>
        <source>Round over: read the scores, then go on</source>
        <translation>Ronda terminada: mira los puntos y sigue</translation>
    </message>
    <message>
        <source>Shuffling — your turn to shuffle…</source>
        <translation>Barajando — te toca barajar…</translation>
    </message>
    <message>
        <source>Shuffling — %1&apos;s turn to shuffle…</source>
        <translation>Barajando — le toca barajar a %1…</translation>
    </message>
</context>
<context>
    <name>NetworkTableScreen</name>
    <message>
        <source>What the table is doing</source>
        <translation>Lo que hace la mesa</translation>
    </message>
    <message>
        <source>Back to the lobby</source>
        <translation>Volver a la sala</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>Chat</translation>
    </message>
    <message>
        <source>Show or hide the chat</source>
        <translation>Mostrar u ocultar el chat</translation>
    </message>
    <message>
        <source>The game cannot go on</source>
        <translation>La partida no puede seguir</translation>
    </message>
    <message>
        <source>The line below says why.</source>
        <translation>La línea de abajo dice por qué.</translation>
    </message>
    <message>
        <source>every round checked: fair</source>
        <translation>cada ronda comprobada: limpia</translation>
    </message>
    <message>
        <source>a round was not fair</source>
        <translation>una ronda no fue limpia</translation>
    </message>
    <message>
        <source>The host may start another game at this table.</source>
        <translation>Quien hospeda puede empezar otra partida en esta mesa.</translation>
    </message>
    <message>
        <source>The host opened the table again: Play again takes you to your seat.</source>
        <translation>Quien hospeda ha abierto la mesa de nuevo: Jugar otra vez te lleva a tu puesto.</translation>
    </message>
    <message>
        <source>Only the host can start another game at this table.</source>
        <translation>Solo quien hospeda puede empezar otra partida en esta mesa.</translation>
    </message>
</context>
<context>
    <name>PurrfectTable</name>
    <message>
        <source>To accept {name}&apos;s offer, click {n} of your cards of one cat (click the offer again to let go).</source>
        <translation>Para aceptar la oferta de {name}, haz clic en {n} de tus cartas de un mismo gato (vuelve a hacer clic en la oferta para soltarla).</translation>
    </message>
    <message>
        <source>Final scores</source>
        <translation>Puntuaciones finales</translation>
    </message>
    <message>
        <source>Look at the scores, then click {button}.</source>
        <translation>Mira las puntuaciones y luego pulsa {button}.</translation>
    </message>
    <message>
        <source>Game over</source>
        <translation>Fin de la partida</translation>
    </message>
    <message>
        <source>You win the game!</source>
        <translation>¡Has ganado la partida!</translation>
    </message>
    <message>
        <source>{name} wins the game.</source>
        <translation>{name} gana la partida.</translation>
    </message>
    <message>
        <source>Round {n} is over</source>
        <translation>La ronda {n} ha terminado</translation>
    </message>
    <message>
        <source>Shuffling</source>
        <translation>Barajando</translation>
    </message>
    <message>
        <source>The cards are being dealt…</source>
        <translation>Se reparten las cartas…</translation>
    </message>
    <message>
        <source>Your hand is purrfect!</source>
        <translation>¡Tu mano es purrfect!</translation>
    </message>
    <message>
        <source>Click Purrfect! before anyone else does.</source>
        <translation>Haz clic en ¡Purrfect! antes que nadie.</translation>
    </message>
    <message>
        <source>Your selection mixes cats: an offer is one cat only.</source>
        <translation>Tu selección mezcla gatos: una oferta es de un solo gato.</translation>
    </message>
    <message>
        <source>Selected: {n}. Click Offer to put them up, or click an offer of as many cards to accept it.</source>
        <translation>Seleccionadas: {n}. Haz clic en Ofrecer para ofrecerlas, o en una oferta de tantas cartas para aceptarla.</translation>
    </message>
    <message>
        <source>Everyone plays at once</source>
        <translation>Todos juegan a la vez</translation>
    </message>
    <message>
        <source>Select 1–4 cards of a cat you do not want, then click Offer — or click an offer to accept it.</source>
        <translation>Selecciona 1–4 cartas de un gato que no quieras y haz clic en Ofrecer — o haz clic en una oferta para aceptarla.</translation>
    </message>
    <message>
        <source>Your acceptance was too late: someone else got that offer.</source>
        <translation>Tu aceptación llegó tarde: otro se llevó esa oferta.</translation>
    </message>
    <message numerus="yes">
        <source>You offer %n card(s): {word}!</source>
        <translation>
            <numerusform>Ofreces %n carta: {word}!</numerusform>
            <numerusform>Ofreces %n cartas: {word}!</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{name} offers %n card(s): {word}!</source>
        <translation>
            <numerusform>{name} ofrece %n carta: ¡{word}!</numerusform>
            <numerusform>{name} ofrece %n cartas: ¡{word}!</numerusform>
        </translation>
    </message>
    <message>
        <source>You swapped with {name} and got: {cats}.</source>
        <translation>Intercambiaste con {name} y recibiste: {cats}.</translation>
    </message>
    <message numerus="yes">
        <source>{a} and {b} swapped %n card(s).</source>
        <translation>
            <numerusform>{a} y {b} intercambiaron %n carta.</numerusform>
            <numerusform>{a} y {b} intercambiaron %n cartas.</numerusform>
        </translation>
    </message>
    <message>
        <source>The swap between {a} and {b} did not happen: a laptop left before it was done.</source>
        <translation>El intercambio entre {a} y {b} no se hizo: un portátil salió antes de que terminara.</translation>
    </message>
    <message>
        <source>{name} declares: Purrfect!</source>
        <translation>{name} declara: ¡Purrfect!</translation>
    </message>
    <message>
        <source>{name} declared Purrfect, but the hand is not: play on.</source>
        <translation>{name} declaró Purrfect, pero su mano no lo es: se sigue jugando.</translation>
    </message>
    <message>
        <source>Round {n} is over.</source>
        <translation>La ronda {n} ha terminado.</translation>
    </message>
    <message>
        <source>R{n}</source>
        <translation>R{n}</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>Dealing…</source>
        <translation>Repartiendo…</translation>
    </message>
    <message>
        <source>Meow key</source>
        <translation>Clave de maullidos</translation>
    </message>
    <message>
        <source>Pawprints: {n}</source>
        <translation>Huellas: {n}</translation>
    </message>
    <message>
        <source>{name} accepts: {word}!</source>
        <translation>{name} acepta: ¡{word}!</translation>
    </message>
    <message>
        <source>Your acceptance is waiting for the swap…</source>
        <translation>Tu aceptación espera el intercambio…</translation>
    </message>
    <message>
        <source>Your offer</source>
        <translation>Tu oferta</translation>
    </message>
    <message>
        <source>You accept: {word}!</source>
        <translation>Aceptas: {word}!</translation>
    </message>
    <message>
        <source>You accept</source>
        <translation>Aceptas</translation>
    </message>
    <message>
        <source>{name} accepts</source>
        <translation>{name} acepta</translation>
    </message>
    <message>
        <source>on offer</source>
        <translation>en oferta</translation>
    </message>
    <message>
        <source>committed</source>
        <translation>comprometida</translation>
    </message>
    <message>
        <source>Purrfect!</source>
        <translation>¡Purrfect!</translation>
    </message>
    <message>
        <source>Offer</source>
        <translation>Ofrecer</translation>
    </message>
    <message>
        <source>Withdraw</source>
        <translation>Retirar</translation>
    </message>
    <message>
        <source>Clear selection</source>
        <translation>Borrar selección</translation>
    </message>
    <message>
        <source>Not purrfect — play on</source>
        <translation>No es purrfect — se sigue jugando</translation>
    </message>
    <message>
        <source>{name} declares: {verdict}</source>
        <translation>{name} declara: {verdict}</translation>
    </message>
    <message>
        <source>{name} — best group {n}</source>
        <translation>{name} — mejor grupo {n}</translation>
    </message>
    <message>
        <source>+{gain} → {total}</source>
        <translation>+{gain} → {total}</translation>
    </message>
    <message>
        <source>{name} is purrfect!</source>
        <translation>¡{name} es purrfect!</translation>
    </message>
    <message>
        <source>Pawprints this round and in all</source>
        <translation>Huellas de esta ronda y en total</translation>
    </message>
    <message numerus="yes">
        <source>To accept this offer, first select %n card(s) of one cat.</source>
        <translation>
            <numerusform>Para aceptar esta oferta, selecciona antes %n carta de un gato.</numerusform>
            <numerusform>Para aceptar esta oferta, selecciona antes %n cartas de un gato.</numerusform>
        </translation>
    </message>
    <message>
        <source>Next round</source>
        <translation>Siguiente ronda</translation>
    </message>
    <message>
        <source>You win!</source>
        <translation>¡Has ganado!</translation>
    </message>
    <message>
        <source>{name} wins</source>
        <translation>Gana {name}</translation>
    </message>
    <message>
        <source>The top score was shared: the purrfect player of the last round wins.</source>
        <translation>La puntuación más alta está empatada: gana quien fue purrfect en la última ronda.</translation>
    </message>
    <message>
        <source>Play again</source>
        <translation>Jugar otra vez</translation>
    </message>
    <message>
        <source>Back to the lobby</source>
        <translation>Volver a la sala</translation>
    </message>
    <message>
        <source>Round {n} is next</source>
        <translation>La ronda {n} es la siguiente</translation>
    </message>
    <message>
        <source>Waiting for every player to close the scores; then the cards are dealt.</source>
        <translation>Se espera a que cada jugador cierre las puntuaciones; luego se reparten las cartas.</translation>
    </message>
</context>
<context>
    <name>Refusals</name>
    <message>
        <source>These two cards are not a pair: a pair shares a colour or a value.</source>
        <translation>Estas dos cartas no son una pareja: una pareja comparte color o valor.</translation>
    </message>
    <message>
        <source>One pair per turn: end your turn, or pass if you discarded none.</source>
        <translation>Una pareja por turno: termina tu turno, o pasa si no descartaste ninguna.</translation>
    </message>
    <message>
        <source>You hold a pair: this table&apos;s options make you discard it.</source>
        <translation>Tienes una pareja: las opciones de esta mesa te obligan a descartarla.</translation>
    </message>
    <message>
        <source>Only a 1+1, 2+2 or 3+3 may reverse the arrow instead of its effect.</source>
        <translation>Solo un 1+1, 2+2 o 3+3 puede invertir la flecha en lugar de su efecto.</translation>
    </message>
    <message>
        <source>The Mistigri never forms a pair: keep it or let it be drawn.</source>
        <translation>El Mistigri nunca forma pareja: guárdalo o deja que te lo roben.</translation>
    </message>
    <message>
        <source>Wait: the cards are being dealt.</source>
        <translation>Espera: se están repartiendo las cartas.</translation>
    </message>
    <message>
        <source>The game is over.</source>
        <translation>La partida terminó.</translation>
    </message>
    <message>
        <source>An offer is 1 to 4 cards, all of one cat.</source>
        <translation>Una oferta son de 1 a 4 cartas, todas del mismo gato.</translation>
    </message>
    <message>
        <source>You already have an offer out: withdraw it before offering again.</source>
        <translation>Ya tienes una oferta en la mesa: retírala antes de ofrecer otra vez.</translation>
    </message>
    <message>
        <source>That offer is no longer on the table.</source>
        <translation>Esa oferta ya no está en la mesa.</translation>
    </message>
    <message>
        <source>You cannot accept that offer: it is yours, it is gone, or you already wait on another.</source>
        <translation>No puedes aceptar esa oferta: es tuya, ya no está, o ya esperas otra.</translation>
    </message>
    <message>
        <source>Too late: someone else got that offer first.</source>
        <translation>Demasiado tarde: otro tomó esa oferta primero.</translation>
    </message>
    <message>
        <source>Wait: the roofs are being set up.</source>
        <translation>Espera: se están preparando los tejados.</translation>
    </message>
    <message>
        <source>Wait for your turn.</source>
        <translation>Espera tu turno.</translation>
    </message>
    <message>
        <source>Your turn had its two actions: the next player is on.</source>
        <translation>Tu turno ya tuvo sus dos acciones: le toca al siguiente jugador.</translation>
    </message>
    <message>
        <source>That push is not possible: push a tile in from one of the arrows.</source>
        <translation>Ese empuje no es posible: empuja una loseta desde una de las flechas.</translation>
    </message>
    <message>
        <source>The game is over: every cat is home.</source>
        <translation>La partida terminó: todos los gatos están en casa.</translation>
    </message>
    <message>
        <source>That move is not allowed now (rule %1); the banner says what you may do.</source>
        <translation>Esa jugada no está permitida ahora (regla %1); la franja de arriba dice lo que puedes hacer.</translation>
    </message>
    <message>
        <source>That move is not allowed now; the banner says what you may do.</source>
        <translation>Esa jugada no está permitida ahora; la franja de arriba dice lo que puedes hacer.</translation>
    </message>
</context>
<context>
    <name>TableScreen</name>
    <message>
        <source>You host this game: if you leave, a bot takes your seat and the next laptop at the table hosts the game. Leave anyway?</source>
        <translation>Alojas esta partida: si te vas, un bot ocupa tu asiento y el siguiente portátil de la mesa aloja la partida. ¿Salir de todos modos?</translation>
    </message>
    <message>
        <source>Leave the table?</source>
        <translation>¿Dejar la mesa?</translation>
    </message>
    <message>
        <source>The game is not over. Leave the table anyway?</source>
        <translation>La partida no ha terminado. ¿Dejar la mesa de todos modos?</translation>
    </message>
    <message>
        <source>You host this game: if you leave, it ends for everyone at the table. Leave anyway?</source>
        <translation>Eres el anfitrión de esta partida: si te vas, termina para todos en la mesa. ¿Irte de todos modos?</translation>
    </message>
    <message>
        <source>Leave</source>
        <translation>Salir</translation>
    </message>
    <message>
        <source>Stay</source>
        <translation>Quedarme</translation>
    </message>
    <message>
        <source>Moves</source>
        <translation>Jugadas</translation>
    </message>
    <message>
        <source>Scores</source>
        <translation>Puntuaciones</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Reglas</translation>
    </message>
    <message>
        <source>Show or hide the moves and the scores of every round</source>
        <translation>Muestra u oculta las jugadas y las puntuaciones de cada ronda</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Teclas</translation>
    </message>
    <message>
        <source>The keys to play without a mouse (?)</source>
        <translation>Las teclas para jugar sin ratón (?)</translation>
    </message>
    <message>
        <source>Leave the table</source>
        <translation>Dejar la mesa</translation>
    </message>
</context>
<context>
    <name>TableView</name>
    <message>
        <source>← → ↑ ↓</source>
        <translation>← → ↑ ↓</translation>
    </message>
    <message>
        <source>move between the cards and buttons you may use</source>
        <translation>pasa entre las cartas y botones que puedes usar</translation>
    </message>
    <message>
        <source>Space / Enter</source>
        <translation>Espacio / Intro</translation>
    </message>
    <message>
        <source>click the card or button in the ring</source>
        <translation>pulsa la carta o el botón rodeado</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>clear your choice; close this help</source>
        <translation>anula tu elección; cierra esta ayuda</translation>
    </message>
    <message>
        <source>Tab</source>
        <translation>Tab</translation>
    </message>
    <message>
        <source>reach the Rules, Moves and Leave buttons</source>
        <translation>llega a los botones Reglas, Jugadas y Dejar</translation>
    </message>
    <message>
        <source>show or hide this help</source>
        <translation>muestra u oculta esta ayuda</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Teclas</translation>
    </message>
    <message>
        <source>Waiting for the host…</source>
        <translation>Esperando a quien hospeda…</translation>
    </message>
</context>
<context>
    <name>Tutorial</name>
    <message>
        <source>Skip the tutorial</source>
        <translation>Saltar el tutorial</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Cerrar</translation>
    </message>
    <message>
        <source>Learn to play</source>
        <translation>Aprende a jugar</translation>
    </message>
    <message>
        <source>Well played: that was a whole round! Each card left in a hand counts against its player. Click the button to go on: the rest of the game is yours.</source>
        <translation>¡Bien jugado: eso fue una ronda entera! Cada carta que queda en una mano cuenta contra su jugador. Haz clic en el botón para seguir: el resto de la partida es tuyo.</translation>
    </message>
    <message>
        <source>Momistigri: on your turn you draw a card from the player before you, then you may discard one pair (same colour or same value). The fewest points wins, and nobody wants the Mistigri, the black cat.</source>
        <translation>Momistigri: en tu turno robas una carta del jugador anterior y luego puedes descartar una pareja (mismo color o mismo valor). Gana quien tiene menos puntos, y nadie quiere el Mistigri, el gato negro.</translation>
    </message>
    <message>
        <source>The cards are being dealt…</source>
        <translation>Se están repartiendo las cartas…</translation>
    </message>
    <message>
        <source>{name} is playing. The banner at the top always says whose turn it is.</source>
        <translation>Juega {name}. La franja de arriba siempre dice de quién es el turno.</translation>
    </message>
    <message>
        <source>Draw {n} cards from {name}: click the glowing cards one after the other.</source>
        <translation>Roba {n} cartas de {name}: haz clic en las cartas iluminadas una tras otra.</translation>
    </message>
    <message>
        <source>Your turn! Draw a card from {name}: click one of the glowing cards.</source>
        <translation>¡Te toca! Roba una carta de {name}: haz clic en una de las cartas iluminadas.</translation>
    </message>
    <message>
        <source>You draw blind: nobody sees the faces of the others&apos; cards.</source>
        <translation>Robas a ciegas: nadie ve las caras de las cartas de los demás.</translation>
    </message>
    <message>
        <source>A pair of equal values has an effect, written on its button; a pair of one colour has none.</source>
        <translation>Una pareja de valores iguales tiene un efecto, escrito en su botón; una pareja de un mismo color no tiene ninguno.</translation>
    </message>
    <message>
        <source>You hold a pair: select it. Click this card: {card}.</source>
        <translation>Tienes una pareja: selecciónala. Haz clic en esta carta: {card}.</translation>
    </message>
    <message>
        <source>Now click the button above your hand to discard the pair.</source>
        <translation>Ahora haz clic en el botón sobre tu mano para descartar la pareja.</translation>
    </message>
    <message>
        <source>No pair in your hand this time: click Pass.</source>
        <translation>Esta vez no tienes pareja en la mano: haz clic en Paso.</translation>
    </message>
    <message>
        <source>Your pair is down: click End turn.</source>
        <translation>Tu pareja está descartada: haz clic en Terminar turno.</translation>
    </message>
    <message>
        <source>One pair per turn: only a 6+6 lets you discard another.</source>
        <translation>Una pareja por turno: solo un 6+6 te deja descartar otra.</translation>
    </message>
    <message>
        <source>2+2: click the card {name} must draw from you, your worst: {card}.</source>
        <translation>2+2: haz clic en la carta que {name} deberá robarte, tu peor carta: {card}.</translation>
    </message>
    <message>
        <source>4+4: you give a card away. Click this card: {card}.</source>
        <translation>4+4: regalas una carta. Haz clic en esta carta: {card}.</translation>
    </message>
    <message>
        <source>Now click {name}: they get the card.</source>
        <translation>Ahora haz clic en {name}: recibe la carta.</translation>
    </message>
    <message>
        <source>3+3: you swap a card with the pile. Click the card you put down: {card}.</source>
        <translation>3+3: cambias una carta con la pila. Haz clic en la carta que dejas: {card}.</translation>
    </message>
    <message>
        <source>Now click the card you take from the pile.</source>
        <translation>Ahora haz clic en la carta que tomas de la pila.</translation>
    </message>
    <message>
        <source>5+5: you hand out cards from the pile. Click this card of the pile: {card}.</source>
        <translation>5+5: repartes cartas de la pila. Haz clic en esta carta de la pila: {card}.</translation>
    </message>
    <message>
        <source>Draw a card from the glowing fan.</source>
        <translation>Roba una carta del abanico iluminado.</translation>
    </message>
    <message>
        <source>Follow the banner at the top: it says what you may do.</source>
        <translation>Sigue la franja de arriba: dice lo que puedes hacer.</translation>
    </message>
    <message>
        <source>Purrfect: everyone trades at once. Collect nine cards of one cat: offer the cats you hold fewest of, and take the offers of others in exchange.</source>
        <translation>Purrfect: todos intercambian a la vez. Reúne nueve cartas de un solo gato: ofrece los gatos de los que tienes menos cartas y toma a cambio las ofertas de los demás.</translation>
    </message>
    <message>
        <source>That was a whole round! The purrfect player scores the most pawprints. Click the button to go on: the rest of the game is yours.</source>
        <translation>¡Eso fue una ronda entera! Quien es purrfect gana más huellas. Haz clic en el botón para seguir: el resto de la partida es tuyo.</translation>
    </message>
    <message>
        <source>All your cards show one cat: your hand is purrfect! Click Purrfect!</source>
        <translation>Todas tus cartas muestran un solo gato: ¡tu mano es purrfect! Haz clic en ¡Purrfect!</translation>
    </message>
    <message>
        <source>Be quick: the first to declare a purrfect hand wins the round.</source>
        <translation>Date prisa: el primero en declarar una mano purrfect gana la ronda.</translation>
    </message>
    <message>
        <source>You accepted an offer: the swap happens as soon as its owner takes it.</source>
        <translation>Aceptaste una oferta: el intercambio se hace en cuanto su dueño lo confirme.</translation>
    </message>
    <message>
        <source>Your offer is on the table: wait for someone to take it, or accept theirs.</source>
        <translation>Tu oferta está en la mesa: espera a que alguien la tome, o acepta la suya.</translation>
    </message>
    <message>
        <source>Start again from nothing: click Clear selection.</source>
        <translation>Empieza de nuevo: haz clic en Borrar selección.</translation>
    </message>
    <message>
        <source>To take an offer you give as many cards of one cat as it holds; you see what you got only after the swap.</source>
        <translation>Para tomar una oferta das tantas cartas de un solo gato como tiene; ves lo que recibiste solo después del intercambio.</translation>
    </message>
    <message>
        <source>An offer is 1 to 4 cards of one cat, face down: the others see only how many.</source>
        <translation>Una oferta son de 1 a 4 cartas de un solo gato, boca abajo: los demás solo ven cuántas.</translation>
    </message>
    <message>
        <source>To take {name}&apos;s offer, select as many of your {cat} cards as it holds ({n}): click the ringed card.</source>
        <translation>Para tomar la oferta de {name}, selecciona tantas cartas {cat} tuyas como tiene ({n}): haz clic en la carta marcada.</translation>
    </message>
    <message>
        <source>Now click {name}&apos;s offer: you swap your cards for theirs.</source>
        <translation>Ahora haz clic en la oferta de {name}: cambias tus cartas por las suyas.</translation>
    </message>
    <message>
        <source>Trade away a cat you hold few of: select your {cat} cards. Click the ringed card.</source>
        <translation>Cede un gato del que tienes pocas cartas: selecciona tus cartas {cat}. Haz clic en la carta marcada.</translation>
    </message>
    <message>
        <source>Now click Offer: your cards go face down in front of you for the others.</source>
        <translation>Ahora haz clic en Ofrecer: tus cartas quedan boca abajo delante de ti, para los demás.</translation>
    </message>
    <message>
        <source>No sin mi gato: the roof&apos;s gutters lead the cats to their homes. A cat joined to a home of its colour by a gutter goes home, and its points are yours.</source>
        <translation>No sin mi gato: los canalones del tejado llevan a los gatos a casa. Un gato unido por un canalón a una casa de su color vuelve a casa, y sus puntos son tuyos.</translation>
    </message>
    <message>
        <source>Every cat is home: the game is over. You know the game now: have fun!</source>
        <translation>Todos los gatos están en casa: la partida terminó. Ya conoces el juego: ¡diviértete!</translation>
    </message>
    <message>
        <source>The tiles are being laid…</source>
        <translation>Se están colocando las losetas…</translation>
    </message>
    <message>
        <source>{name} is moving the gutters. Each turn has two actions.</source>
        <translation>{name} mueve los canalones. Cada turno tiene dos acciones.</translation>
    </message>
    <message>
        <source>A turn is two actions: turn a tile, or push the top tile of the pile in.</source>
        <translation>Un turno son dos acciones: girar una loseta, o empujar dentro la loseta de encima de la pila.</translation>
    </message>
    <message>
        <source>Click the ringed tile to turn it: a turned gutter can lead a cat home.</source>
        <translation>Haz clic en la loseta marcada para girarla: un canalón girado puede llevar un gato a casa.</translation>
    </message>
    <message>
        <source>Choose how far to turn it.</source>
        <translation>Elige cuánto girarla.</translation>
    </message>
    <message>
        <source>First turn the top tile of the pile: click the ringed arrow beside it.</source>
        <translation>Primero gira la loseta de encima de la pila: haz clic en la flecha marcada a su lado.</translation>
    </message>
    <message>
        <source>Now push the tile in from the ringed arrow: the whole line moves one step.</source>
        <translation>Ahora empuja la loseta desde la flecha marcada: toda la fila avanza un paso.</translation>
    </message>
</context>
<context>
    <name>Watching</name>
    <message>
        <source>You are watching: you see what a player without a hand sees.</source>
        <translation>Estás mirando: ves lo que ve un jugador sin cartas en la mano.</translation>
    </message>
    <message>
        <source>%1&apos;s turn</source>
        <translation>Turno de %1</translation>
    </message>
    <message>
        <source>Everyone plays at once</source>
        <translation>Todos juegan a la vez</translation>
    </message>
    <message>
        <source>The table is dealing</source>
        <translation>La mesa está repartiendo</translation>
    </message>
    <message>
        <source>Who watches the table</source>
        <translation>Quién mira la mesa</translation>
    </message>
    <message>
        <source>Watching: %1</source>
        <translation>Miran: %1</translation>
    </message>
</context>
<context>
    <name>tables</name>
    <message>
        <source>You</source>
        <translation>Tú</translation>
    </message>
</context>
</TS>
