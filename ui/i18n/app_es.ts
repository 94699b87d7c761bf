<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es_ES">
<context>
    <name>App</name>
    <message>
        <source>lanpurr is already open on this laptop, with the same data folder (%1): use its window. A second window on that folder would be the same player, and could not sit at the first one&apos;s table. To try two players on one laptop, start the second with another folder: LANPURR_HOME=/some/other/folder lanpurr</source>
        <translation>lanpurr ya está abierto en este portátil, con la misma carpeta de datos (%1): usa su ventana. Una segunda ventana con esa carpeta sería el mismo jugador y no podría sentarse a la mesa de la primera. Para probar dos jugadores en un portátil, abre el segundo con otra carpeta: LANPURR_HOME=/otra/carpeta lanpurr</translation>
    </message>
</context>
<context>
    <name>ArtSheet</name>
    <message>
        <source>Momistigri cards and the card back</source>
        <translation>Cartas de Momistigri y el dorso de las cartas</translation>
    </message>
    <message>
        <source>Purrfect cats in their poses</source>
        <translation>Los gatos de Purrfect en sus poses</translation>
    </message>
    <message>
        <source>Gutter tiles, stray cats and homes</source>
        <translation>Losetas de canalón, gatos callejeros y casas</translation>
    </message>
</context>
<context>
    <name>ChatPanel</name>
    <message>
        <source>Chat</source>
        <translation>Chat</translation>
    </message>
    <message>
        <source>What was said at the table</source>
        <translation>Lo que se ha dicho en la mesa</translation>
    </message>
    <message>
        <source>Say something…</source>
        <translation>Escribe algo…</translation>
    </message>
    <message>
        <source>Chat message</source>
        <translation>Mensaje del chat</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Enviar</translation>
    </message>
    <message>
        <source>Meow</source>
        <translation>Miau</translation>
    </message>
    <message>
        <source>Ha ha</source>
        <translation>Ja ja</translation>
    </message>
    <message>
        <source>Your turn!</source>
        <translation>¡Te toca!</translation>
    </message>
    <message>
        <source>Meow at the table</source>
        <translation>Maúlla en la mesa</translation>
    </message>
    <message>
        <source>Laugh</source>
        <translation>Ríete</translation>
    </message>
    <message>
        <source>Remind the others that it is someone&apos;s turn</source>
        <translation>Recuerda a los demás que le toca a alguien</translation>
    </message>
    <message>
        <source>You meow.</source>
        <translation>Maúllas.</translation>
    </message>
    <message>
        <source>You laugh.</source>
        <translation>Te ríes.</translation>
    </message>
    <message>
        <source>You: your turn!</source>
        <translation>Tú: ¡te toca!</translation>
    </message>
    <message>
        <source>%1 meows.</source>
        <translation>%1 maúlla.</translation>
    </message>
    <message>
        <source>%1 laughs.</source>
        <translation>%1 se ríe.</translation>
    </message>
    <message>
        <source>%1: your turn!</source>
        <translation>%1: ¡te toca!</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Tú</translation>
    </message>
    <message>
        <source>Wait a moment before saying more.</source>
        <translation>Espera un momento antes de escribir más.</translation>
    </message>
    <message>
        <source>%1 is sending too many messages: some are not shown.</source>
        <translation>%1 envía demasiados mensajes: algunos no se muestran.</translation>
    </message>
</context>
<context>
    <name>FirstRunDialog</name>
    <message>
        <source>Choose your name</source>
        <translation>Elige tu nombre</translation>
    </message>
    <message>
        <source>Welcome to lanpurr!</source>
        <translation>¡Bienvenido a lanpurr!</translation>
    </message>
    <message>
        <source>What should the other players call you?</source>
        <translation>¿Cómo te deben llamar los demás jugadores?</translation>
    </message>
    <message>
        <source>Your name</source>
        <translation>Tu nombre</translation>
    </message>
    <message>
        <source>Your name is shown at the tables you join. You can change it later in Settings.</source>
        <translation>Tu nombre aparece en las mesas a las que te unes. Puedes cambiarlo luego en Ajustes.</translation>
    </message>
    <message>
        <source>Let&apos;s play</source>
        <translation>¡A jugar!</translation>
    </message>
    <message>
        <source>Please type a name: the other players see it.</source>
        <translation>Escribe un nombre: los demás jugadores lo ven.</translation>
    </message>
    <message>
        <source>New to these games? Learn to play, beside each game, walks you through a first game against bots.</source>
        <translation>¿Nuevo en estos juegos? Aprende a jugar, junto a cada juego, te guía en una primera partida contra bots.</translation>
    </message>
</context>
<context>
    <name>GameCard</name>
    <message>
        <source>Play against bots on this computer</source>
        <translation>Juega contra bots en este ordenador</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Reglas</translation>
    </message>
    <message numerus="yes">
        <source>%n player(s)</source>
        <translation><numerusform>%n jugador</numerusform><numerusform>%n jugadores</numerusform></translation>
    </message>
    <message>
        <source>%1–%2 players</source>
        <translation>%1–%2 jugadores</translation>
    </message>
    <message>
        <source>Learn to play</source>
        <translation>Aprende a jugar</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Jugar</translation>
    </message>
    <message>
        <source>A first game against bots, with hints that show you what to click</source>
        <translation>Una primera partida contra bots, con pistas que muestran dónde hacer clic</translation>
    </message>
</context>
<context>
    <name>Games</name>
    <message>
        <source>Momistigri</source>
        <translation>Momistigri</translation>
    </message>
    <message>
        <source>Draw blind from your neighbour, pair up, and dodge the black cat.</source>
        <translation>Roba a ciegas de tu vecino, forma parejas y esquiva al gato negro.</translation>
    </message>
    <message>
        <source>Purrfect</source>
        <translation>Purrfect</translation>
    </message>
    <message>
        <source>Swap cards face down, all at once, until nine of one cat are yours.</source>
        <translation>Intercambia cartas boca abajo, todos a la vez, hasta tener nueve del mismo gato.</translation>
    </message>
    <message>
        <source>Not Without My Cat</source>
        <translation>No sin mi gato</translation>
    </message>
    <message>
        <source>Turn and push gutter tiles to lead stray cats home.</source>
        <translation>Gira y empuja losetas de canalón para llevar a casa a los gatos callejeros.</translation>
    </message>
    <message>
        <source>Must discard</source>
        <translation>Descarte obligatorio</translation>
    </message>
    <message>
        <source>When you hold a pair after drawing, you have to put one down.</source>
        <translation>Si tras robar tienes una pareja, debes descartarla.</translation>
    </message>
    <message>
        <source>5+5 hands cards to</source>
        <translation>El 5+5 reparte cartas a</translation>
    </message>
    <message>
        <source>Who gets a card from the pile when someone discards 5+5.</source>
        <translation>Quién recibe una carta del descarte cuando alguien descarta 5+5.</translation>
    </message>
    <message>
        <source>Allow three players</source>
        <translation>Permitir tres jugadores</translation>
    </message>
    <message>
        <source>Play with only three cats and three players.</source>
        <translation>Juega con solo tres gatos y tres jugadores.</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Modo</translation>
    </message>
    <message>
        <source>Everyone for themselves, two teams, all together, or alone.</source>
        <translation>Cada uno por su cuenta, dos equipos, todos juntos o en solitario.</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>Tablero</translation>
    </message>
    <message>
        <source>The full 4×4 board or a quicker 3×3 one.</source>
        <translation>El tablero completo de 4×4 o uno más rápido de 3×3.</translation>
    </message>
    <message>
        <source>off</source>
        <translation>no</translation>
    </message>
    <message>
        <source>on</source>
        <translation>sí</translation>
    </message>
    <message>
        <source>every other player</source>
        <translation>cada uno de los demás jugadores</translation>
    </message>
    <message>
        <source>every player still in, you too</source>
        <translation>cada jugador que siga en juego, tú también</translation>
    </message>
    <message>
        <source>everyone for themselves</source>
        <translation>cada uno por su cuenta</translation>
    </message>
    <message>
        <source>two teams of two</source>
        <translation>dos equipos de dos</translation>
    </message>
    <message>
        <source>all together</source>
        <translation>todos juntos</translation>
    </message>
    <message>
        <source>solo</source>
        <translation>en solitario</translation>
    </message>
    <message>
        <source>standard 4×4</source>
        <translation>normal 4×4</translation>
    </message>
    <message>
        <source>mini 3×3</source>
        <translation>mini 3×3</translation>
    </message>
    <message>
        <source>Beginner</source>
        <translation>Principiante</translation>
    </message>
    <message>
        <source>plays at random: good for learning the rules</source>
        <translation>juega al azar: ideal para aprender las reglas</translation>
    </message>
    <message>
        <source>plays sensibly, with a few slips</source>
        <translation>juega con sensatez, con algún despiste</translation>
    </message>
    <message>
        <source>plays its best</source>
        <translation>juega lo mejor que sabe</translation>
    </message>
    <message>
        <source>Clever</source>
        <translation>Listo</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>Medio</translation>
    </message>
</context>
<context>
    <name>HostDialog</name>
    <message>
        <source>Host a table</source>
        <translation>Abrir una mesa</translation>
    </message>
    <message>
        <source>Other laptops on this network will see your table. Empty seats can be filled with bots before you start.</source>
        <translation>Los demás portátiles de esta red verán tu mesa. Antes de empezar puedes ocupar los asientos libres con bots.</translation>
    </message>
    <message>
        <source>Players need the code shown on your screen</source>
        <translation>Hace falta el código que aparece en tu pantalla</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>Juego</translation>
    </message>
    <message>
        <source>Seats</source>
        <translation>Asientos</translation>
    </message>
    <message>
        <source>Private</source>
        <translation>Privada</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Abrir</translation>
    </message>
</context>
<context>
    <name>HostJoin</name>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
</context>
<context>
    <name>JoinDialog</name>
    <message>
        <source>Join by address</source>
        <translation>Unirse por dirección</translation>
    </message>
    <message>
        <source>The host&apos;s screen shows the address of their table, for example 192.168.1.23:47300. Type it here, with the code if the table is private.</source>
        <translation>La pantalla de quien abre la mesa muestra su dirección, por ejemplo 192.168.1.23:47300. Escríbela aquí, con el código si la mesa es privada.</translation>
    </message>
    <message>
        <source>Only for private tables</source>
        <translation>Solo para mesas privadas</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Dirección</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Código</translation>
    </message>
    <message>
        <source>Only watch: no seat, full table or not</source>
        <translation>Solo mirar: sin asiento, esté la mesa llena o no</translation>
    </message>
    <message>
        <source>Join</source>
        <translation>Unirse</translation>
    </message>
    <message>
        <source>Watch</source>
        <translation>Mirar</translation>
    </message>
    <message>
        <source>That is not an address. Write it as on the host&apos;s screen: numbers, a colon, then the port, like 192.168.1.23:47300.</source>
        <translation>Eso no es una dirección. Escríbela como en la pantalla del anfitrión: números, dos puntos y el puerto, como 192.168.1.23:47300.</translation>
    </message>
</context>
<context>
    <name>JoinErrors</name>
    <message>
        <source>That is not an address. Write it as on the host&apos;s screen: numbers, a colon, then the port, like 192.168.1.23:47300.</source>
        <translation>Eso no es una dirección. Escríbela como en la pantalla del anfitrión: números, dos puntos y el puerto, como 192.168.1.23:47300.</translation>
    </message>
    <message>
        <source>Something answered at %1, but not a lanpurr table. Check the address on the host&apos;s screen.</source>
        <translation>En %1 respondió algo, pero no una mesa de lanpurr. Comprueba la dirección en la pantalla del anfitrión.</translation>
    </message>
    <message>
        <source>Nobody hosts a table at %1 any more: the host may have closed the table or lanpurr. Check the address on the host&apos;s screen.</source>
        <translation>Ya no hay ninguna mesa en %1: el anfitrión puede haber cerrado la mesa o lanpurr. Comprueba la dirección en su pantalla.</translation>
    </message>
    <message>
        <source>Nothing answered at %1 within %2 s. Check the address on the host&apos;s screen; a guest Wi-Fi or a firewall can keep laptops from reaching each other.</source>
        <translation>Nadie respondió en %1 en %2 s. Comprueba la dirección en la pantalla del anfitrión; una Wi-Fi de invitados o un cortafuegos pueden impedir que los portátiles se vean.</translation>
    </message>
    <message>
        <source>No answer from %1. Check the address on the host&apos;s screen; a guest Wi-Fi or a firewall can keep laptops from reaching each other.</source>
        <translation>Sin respuesta de %1. Comprueba la dirección en la pantalla del anfitrión; una Wi-Fi de invitados o un cortafuegos pueden impedir que los portátiles se vean.</translation>
    </message>
    <message>
        <source>This laptop cannot reach %1. Are both laptops on the same network? A guest Wi-Fi or a firewall can keep them apart.</source>
        <translation>Este portátil no llega a %1. ¿Están los dos portátiles en la misma red? Una Wi-Fi de invitados o un cortafuegos pueden separarlos.</translation>
    </message>
    <message>
        <source>Could not join the table at %1: %2</source>
        <translation>No se pudo unir a la mesa en %1: %2</translation>
    </message>
    <message>
        <source>That code does not open this table. Check it on the host&apos;s screen: it looks like ABC-DEF.</source>
        <translation>Ese código no abre esta mesa. Compruébalo en la pantalla del anfitrión: tiene la forma ABC-DEF.</translation>
    </message>
    <message>
        <source>This table is private: type the code shown on the host&apos;s screen.</source>
        <translation>Esta mesa es privada: escribe el código que aparece en la pantalla del anfitrión.</translation>
    </message>
    <message>
        <source>This table is full. Ask the host to free a seat, or host your own.</source>
        <translation>La mesa está llena. Pide al anfitrión que libere un asiento, u organiza tu propia mesa.</translation>
    </message>
    <message>
        <source>The game at this table has already started.</source>
        <translation>La partida en esta mesa ya ha empezado.</translation>
    </message>
    <message>
        <source>The host removed you from this table.</source>
        <translation>El anfitrión te ha quitado de esta mesa.</translation>
    </message>
    <message>
        <source>This table is closed.</source>
        <translation>Esta mesa está cerrada.</translation>
    </message>
    <message>
        <source>A bot takes your seat in a moment: then you can watch the game.</source>
        <translation>Un bot ocupa tu asiento en un momento: luego podrás mirar la partida.</translation>
    </message>
    <message>
        <source>You sit at this table: join it instead of watching it.</source>
        <translation>Tienes un asiento en esta mesa: únete en lugar de mirarla.</translation>
    </message>
    <message>
        <source>That laptop runs another version of lanpurr: %1</source>
        <translation>Ese portátil usa otra versión de lanpurr: %1</translation>
    </message>
</context>
<context>
    <name>JoinProgress</name>
    <message>
        <source>Joining</source>
        <translation>Conectando</translation>
    </message>
    <message>
        <source>Joining the table at %1…</source>
        <translation>Conectando con la mesa en %1…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
</context>
<context>
    <name>Listing</name>
    <message>
        <source>Needs another version of lanpurr (%1). Update so both match.</source>
        <translation>Necesita otra versión de lanpurr (%1). Actualizad para que coincidan.</translation>
    </message>
    <message>
        <source>Already playing; wait for the next game.</source>
        <translation>Ya están jugando; espera a la próxima partida.</translation>
    </message>
    <message>
        <source>Every seat is taken.</source>
        <translation>Todos los asientos están ocupados.</translation>
    </message>
</context>
<context>
    <name>LobbyView</name>
    <message>
        <source>Your name at the tables: click to change it</source>
        <translation>Tu nombre en las mesas: haz clic para cambiarlo</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Ajustes</translation>
    </message>
    <message>
        <source>Play on this laptop</source>
        <translation>Jugar en este portátil</translation>
    </message>
</context>
<context>
    <name>LocalGameDialog</name>
    <message>
        <source>%1 on this laptop</source>
        <translation>%1 en este portátil</translation>
    </message>
    <message>
        <source>You play against bots on this computer. Choose, then Start.</source>
        <translation>Juegas contra bots en este ordenador. Elige y pulsa Empezar.</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Jugadores</translation>
    </message>
    <message>
        <source>Players (you and the bots)</source>
        <translation>Jugadores (tú y los bots)</translation>
    </message>
    <message>
        <source>Bot strength</source>
        <translation>Nivel de los bots</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Empezar</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>This game cannot start: %1</source>
        <translation>Esta partida no puede empezar: %1</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Choose a game to play, or join a table</source>
        <translation>Elige un juego o únete a una mesa</translation>
    </message>
    <message>
        <source>Settings not saved</source>
        <translation>Ajustes no guardados</translation>
    </message>
    <message>
        <source>%1 is not ready in this version of lanpurr yet.</source>
        <translation>%1 aún no está listo en esta versión de lanpurr.</translation>
    </message>
    <message>
        <source>The game tables are not part of this version of lanpurr yet.</source>
        <translation>Las mesas de juego aún no están en esta versión de lanpurr.</translation>
    </message>
    <message>
        <source>Not connected to a network: you can play on this laptop.</source>
        <translation>No estás conectado a una red: puedes jugar en este portátil.</translation>
    </message>
    <message>
        <source>This laptop&apos;s address: %1</source>
        <translation>Dirección de este portátil: %1</translation>
    </message>
    <message>
        <source>Could not join</source>
        <translation>No se pudo unir</translation>
    </message>
</context>
<context>
    <name>NetworkClient</name>
    <message>
        <source>%1 left the table: a bot takes their seat and the game goes on.</source>
        <translation>%1 ha dejado la mesa: un bot ocupa su asiento y la partida sigue.</translation>
    </message>
    <message>
        <source>%1 left the table: the game ends.</source>
        <translation>%1 ha dejado la mesa: la partida termina.</translation>
    </message>
    <message>
        <source>%1 here, %2 there</source>
        <translation>%1 aquí, %2 allí</translation>
    </message>
    <message>
        <source>Your identity is damaged</source>
        <translation>Tu identidad está dañada</translation>
    </message>
    <message>
        <source>The file that lets your friends recognise you cannot be read:
%1

Make a new identity? You will appear to others as a new player.</source>
        <translation>No se puede leer el archivo que permite a tus amigos reconocerte:
%1

¿Crear una identidad nueva? Los demás te verán como un jugador nuevo.</translation>
    </message>
    <message>
        <source>Network play is off until the identity file is restored or replaced.</source>
        <translation>El juego en red está desactivado hasta que se recupere o sustituya el archivo de identidad.</translation>
    </message>
    <message>
        <source>This laptop cannot look for tables on this network (%1). Host a table, or ask the host for their address and use Join by address.</source>
        <translation>Este portátil no puede buscar mesas en esta red (%1). Abre una mesa, o pide al anfitrión su dirección y usa «Unirse por dirección».</translation>
    </message>
    <message>
        <source>Could not join</source>
        <translation>No se pudo unir</translation>
    </message>
    <message>
        <source>The table was closed: %1</source>
        <translation>La mesa se cerró: %1</translation>
    </message>
    <message>
        <source>You joined %1&apos;s table. Its host proved its fingerprint, %2.</source>
        <translation>Estás en la mesa de %1. El anfitrión ha demostrado su huella, %2.</translation>
    </message>
    <message>
        <source>You joined %1&apos;s table. Its fingerprint is %2: check that the host&apos;s screen shows the same.</source>
        <translation>Estás en la mesa de %1. Su huella es %2: comprueba que la pantalla del anfitrión muestre la misma.</translation>
    </message>
    <message>
        <source>The host removed you from the table.</source>
        <translation>El anfitrión te ha quitado de la mesa.</translation>
    </message>
    <message>
        <source>Waiting for %1 (reconnecting, %2 left)</source>
        <translation>Esperando a %1 (reconectando, quedan %2)</translation>
    </message>
    <message>
        <source>%1 is back.</source>
        <translation>%1 ha vuelto.</translation>
    </message>
    <message>
        <source>%1&apos;s laptop cannot reach yours directly: playing through %2&apos;s laptop.</source>
        <translation>El portátil de %1 no llega directamente al tuyo: se juega a través del portátil de %2.</translation>
    </message>
    <message>
        <source>%1&apos;s laptop refuses yours (it says: “%2”): its plays come through the other laptops, if they hand them on.</source>
        <translation>El portátil de %1 rechaza el tuyo (dice: «%2»): sus jugadas llegan a través de los otros portátiles, si las pasan.</translation>
    </message>
    <message>
        <source>%1 left the table.</source>
        <translation>%1 dejó la mesa.</translation>
    </message>
    <message>
        <source>The network could not start (%1). You can still play on this laptop.</source>
        <translation>La red no pudo arrancar (%1). Aun así puedes jugar en este portátil.</translation>
    </message>
    <message>
        <source>Could not host the table</source>
        <translation>No se pudo abrir la mesa</translation>
    </message>
    <message>
        <source>Not connected yet</source>
        <translation>Aún no hay conexión</translation>
    </message>
    <message>
        <source>The network is still starting or is off. Try again shortly.</source>
        <translation>La red aún está arrancando o está apagada. Inténtalo de nuevo en un momento.</translation>
    </message>
</context>
<context>
    <name>NetworkPanel</name>
    <message>
        <source>Tables on this network</source>
        <translation>Mesas en esta red</translation>
    </message>
    <message>
        <source>Looking for tables…</source>
        <translation>Buscando mesas…</translation>
    </message>
    <message>
        <source>Host a table</source>
        <translation>Abrir una mesa</translation>
    </message>
    <message>
        <source>Join by address</source>
        <translation>Unirse por dirección</translation>
    </message>
    <message numerus="yes">
        <source>%n table(s) found.</source>
        <translation>
            <numerusform>%n mesa encontrada.</numerusform>
            <numerusform>%n mesas encontradas.</numerusform>
        </translation>
    </message>
    <message>
        <source>No tables found yet. Guest Wi-Fi and some firewalls stop laptops from finding each other. Ask the host for the address shown on their screen and use Join by address.</source>
        <translation>Aún no hay mesas. El Wi-Fi de invitados y algunos cortafuegos impiden que los portátiles se encuentren. Pide al anfitrión la dirección que ve en su pantalla y usa «Unirse por dirección».</translation>
    </message>
</context>
<context>
    <name>PhonePanel</name>
    <message>
        <source>Watch on a phone</source>
        <translation>Mirar desde un teléfono</translation>
    </message>
    <message>
        <source>Scan the code or type the address in a phone&apos;s browser on this network: it shows the table as a watcher sees it, and nothing a player hides.</source>
        <translation>Escanea el código o escribe la dirección en el navegador de un teléfono de esta red: muestra la mesa como la ve quien mira, y nada de lo que un jugador oculta.</translation>
    </message>
    <message>
        <source>1 phone watches from this laptop</source>
        <translation>1 teléfono mira desde este portátil</translation>
    </message>
    <message>
        <source>%1 phones watch from this laptop</source>
        <translation>%1 teléfonos miran desde este portátil</translation>
    </message>
    <message>
        <source>Phones watching from the other laptops: %1</source>
        <translation>Teléfonos mirando desde los otros portátiles: %1</translation>
    </message>
    <message>
        <source>Phones watching: %1</source>
        <translation>Teléfonos mirando: %1</translation>
    </message>
</context>
<context>
    <name>ResumeOffer</name>
    <message>
        <source>Resume</source>
        <translation>Reanudar</translation>
    </message>
    <message>
        <source>Host the table again where it stopped: the players see you are back</source>
        <translation>Vuelve a alojar la mesa donde se paró: los jugadores ven que has vuelto</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>Ahora no</translation>
    </message>
    <message>
        <source>Hide this offer; the others play on without you after a while</source>
        <translation>Oculta esta oferta; al cabo de un rato los demás siguen sin ti</translation>
    </message>
    <message>
        <source>Your %1 table is waiting for you.</source>
        <translation>Tu mesa de %1 te está esperando.</translation>
    </message>
    <message>
        <source>While you were away, %1&apos;s laptop took your %2 table over and a bot plays your seat: you can watch the rest of the game there.</source>
        <translation>Mientras no estabas, el portátil de %1 se hizo cargo de tu mesa de %2 y un bot juega en tu puesto: puedes mirar el resto de la partida desde allí.</translation>
    </message>
    <message>
        <source>Watch</source>
        <translation>Mirar</translation>
    </message>
    <message>
        <source>Follow the game at %1&apos;s laptop, without a seat</source>
        <translation>Sigue la partida en el portátil de %1, sin puesto</translation>
    </message>
    <message>
        <source>While you were away, %1&apos;s laptop took your %2 table over and its game ended: you can rejoin the table there.</source>
        <translation>Mientras no estabas, el portátil de %1 se hizo cargo de tu mesa de %2 y su partida terminó: puedes volver a unirte a la mesa allí.</translation>
    </message>
    <message>
        <source>Rejoin</source>
        <translation>Volver a unirse</translation>
    </message>
    <message>
        <source>Go back to your seat at the table, at %1&apos;s laptop</source>
        <translation>Vuelve a tu puesto en la mesa, en el portátil de %1</translation>
    </message>
</context>
<context>
    <name>RulesViewer</name>
    <message>
        <source>Rules</source>
        <translation>Reglas</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Cerrar</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>Juego</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <source>Rules — %1</source>
        <translation>Reglas — %1</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Ajustes</translation>
    </message>
    <message>
        <source>System language (%1)</source>
        <translation>Idioma del sistema (%1)</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Desactivadas</translation>
    </message>
    <message>
        <source>Fast</source>
        <translation>Rápidas</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>Normales</translation>
    </message>
    <message>
        <source>Slow</source>
        <translation>Lentas</translation>
    </message>
    <message>
        <source>Stronger symbols and patterns</source>
        <translation>Símbolos y tramas más marcados</translation>
    </message>
    <message>
        <source>Relaxed</source>
        <translation>Con calma</translation>
    </message>
    <message>
        <source>How quickly bots trade in Purrfect and take their turns in the other games</source>
        <translation>Con qué rapidez los bots intercambian en Purrfect y juegan sus turnos en los otros juegos</translation>
    </message>
    <message>
        <source>A laptop drops out</source>
        <translation>Un portátil se desconecta</translation>
    </message>
    <message>
        <source>A bot takes their seat</source>
        <translation>Un bot ocupa su lugar</translation>
    </message>
    <message>
        <source>The game ends</source>
        <translation>La partida termina</translation>
    </message>
    <message>
        <source>At a table you host: when a player&apos;s laptop does not come back within two minutes, the round under way starts again with a bot of yours in their seat, and the scores are kept</source>
        <translation>En una mesa que organizas: si el portátil de un jugador no vuelve en dos minutos, la mano en curso empieza de nuevo con un bot tuyo en su lugar, y se mantienen las puntuaciones</translation>
    </message>
    <message>
        <source>Your name</source>
        <translation>Tu nombre</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <source>Animations</source>
        <translation>Animaciones</translation>
    </message>
    <message>
        <source>Colour-blind mode</source>
        <translation>Modo daltónico</translation>
    </message>
    <message>
        <source>Bot speed</source>
        <translation>Velocidad de los bots</translation>
    </message>
    <message>
        <source>Zoom</source>
        <translation>Zoom</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Guardar</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Your name cannot be empty: the others see it.</source>
        <translation>Tu nombre no puede quedar vacío: los demás lo ven.</translation>
    </message>
    <message>
        <source>Volume</source>
        <translation>Volumen</translation>
    </message>
    <message>
        <source>How loud the cards, the meows and “your turn” are</source>
        <translation>Cuánto suenan las cartas, los maullidos y «te toca»</translation>
    </message>
    <message>
        <source>Mute</source>
        <translation>Silencio</translation>
    </message>
    <message>
        <source>Sound</source>
        <translation>Sonido</translation>
    </message>
</context>
<context>
    <name>SoundToggle</name>
    <message>
        <source>Sound is off: click to turn it on</source>
        <translation>Sonido apagado: haz clic para activarlo</translation>
    </message>
    <message>
        <source>Sound is on: click to mute</source>
        <translation>Sonido activado: haz clic para silenciarlo</translation>
    </message>
    <message>
        <source>Sound</source>
        <translation>Sonido</translation>
    </message>
</context>
<context>
    <name>TableRow</name>
    <message>
        <source>Your seat is kept for you: rejoin, no code needed</source>
        <translation>Tu asiento te espera: vuelve a unirte, sin código</translation>
    </message>
    <message>
        <source>Rejoin</source>
        <translation>Volver a unirse</translation>
    </message>
    <message>
        <source>Go back to your seat at this table</source>
        <translation>Vuelve a tu asiento en esta mesa</translation>
    </message>
    <message>
        <source>Private: ask the host for the code · %1</source>
        <translation>Privada: pide el código al anfitrión · %1</translation>
    </message>
    <message>
        <source>While you were away, a bot took your seat: watch the game</source>
        <translation>Mientras no estabas, un bot ocupó tu puesto: mira la partida</translation>
    </message>
    <message>
        <source>Open, at %1</source>
        <translation>Abierta, en %1</translation>
    </message>
    <message>
        <source>Join</source>
        <translation>Unirse</translation>
    </message>
    <message>
        <source>Take a seat at this table</source>
        <translation>Siéntate en esta mesa</translation>
    </message>
    <message>
        <source>Watch</source>
        <translation>Mirar</translation>
    </message>
    <message>
        <source>Follow this table&apos;s game without a seat: you see no hidden card</source>
        <translation>Sigue la partida de esta mesa sin asiento: no ves ninguna carta oculta</translation>
    </message>
</context>
<context>
    <name>TableSetupView</name>
    <message>
        <source>I&apos;m ready</source>
        <translation>Estoy listo</translation>
    </message>
    <message>
        <source>Start the game</source>
        <translation>Empezar la partida</translation>
    </message>
    <message>
        <source>Strength of new bots</source>
        <translation>Nivel de los bots nuevos</translation>
    </message>
    <message>
        <source>New bots play</source>
        <translation>Los bots nuevos juegan como</translation>
    </message>
    <message>
        <source>A bot you add plays on your laptop.</source>
        <translation>Un bot que añades juega en tu portátil.</translation>
    </message>
    <message>
        <source>Back to the lobby</source>
        <translation>Volver a la sala</translation>
    </message>
    <message>
        <source>Leave the table</source>
        <translation>Dejar la mesa</translation>
    </message>
    <message>
        <source>%1 · %2&apos;s table</source>
        <translation>%1 · mesa de %2</translation>
    </message>
    <message>
        <source>Others can join at %1</source>
        <translation>Los demás pueden unirse en %1</translation>
    </message>
    <message>
        <source>code %1</source>
        <translation>código %1</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>Libre</translation>
    </message>
    <message>
        <source>This table is closed.</source>
        <translation>Esta mesa está cerrada.</translation>
    </message>
    <message>
        <source>You are no longer at this table. Leave it to go back to the lobby.</source>
        <translation>Ya no estás en esta mesa. Déjala para volver a la sala.</translation>
    </message>
    <message>
        <source>Pick a free seat.</source>
        <translation>Elige un asiento libre.</translation>
    </message>
    <message>
        <source>Press “I&apos;m ready” when you are.</source>
        <translation>Pulsa «Estoy listo» cuando lo estés.</translation>
    </message>
    <message>
        <source>Everyone is ready: start the game.</source>
        <translation>Todos están listos: empieza la partida.</translation>
    </message>
    <message>
        <source>Fill the free seats with players or bots, then start.</source>
        <translation>Ocupa los asientos libres con jugadores o bots y empieza.</translation>
    </message>
    <message>
        <source>Waiting for the host to start.</source>
        <translation>Esperando a que el anfitrión empiece.</translation>
    </message>
    <message>
        <source>Seat %1</source>
        <translation>Asiento %1</translation>
    </message>
    <message>
        <source>Bot (%1)</source>
        <translation>Bot (%1)</translation>
    </message>
    <message>
        <source>Sit here</source>
        <translation>Siéntate aquí</translation>
    </message>
    <message>
        <source>Add a bot</source>
        <translation>Añadir un bot</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Echar</translation>
    </message>
    <message>
        <source>Send this player away from the table</source>
        <translation>Hacer que este jugador deje la mesa</translation>
    </message>
    <message>
        <source>Remove the bot</source>
        <translation>Quitar el bot</translation>
    </message>
    <message>
        <source>The game has started: the table opens in a moment…</source>
        <translation>La partida ha empezado: la mesa se abre en un momento…</translation>
    </message>
    <message>
        <source>your fingerprint %1</source>
        <translation>tu huella %1</translation>
    </message>
    <message>
        <source>the host&apos;s fingerprint %1</source>
        <translation>la huella del anfitrión %1</translation>
    </message>
    <message>
        <source>The host removed you from this table. Go back to the lobby.</source>
        <translation>El anfitrión te ha quitado de esta mesa. Vuelve a la sala.</translation>
    </message>
    <message>
        <source>This table is closed. Go back to the lobby.</source>
        <translation>Esta mesa está cerrada. Vuelve a la sala.</translation>
    </message>
    <message>
        <source>on %1&apos;s laptop</source>
        <translation>en el portátil de %1</translation>
    </message>
</context>
<context>
    <name>WatchClient</name>
    <message>
        <source>Could not watch</source>
        <translation>No se pudo mirar</translation>
    </message>
    <message>
        <source>Could not watch this table: %1</source>
        <translation>No se pudo mirar esta mesa: %1</translation>
    </message>
    <message>
        <source>You are watching %1&apos;s table: its game shows here once it starts.</source>
        <translation>Estás mirando la mesa de %1: la partida aparecerá aquí en cuanto empiece.</translation>
    </message>
    <message>
        <source>Watching %1&apos;s table: %2 of %3 seats taken, the game has not started.</source>
        <translation>Mirando la mesa de %1: %2 de %3 asientos ocupados, la partida no ha empezado.</translation>
    </message>
    <message>
        <source>No longer watching: %1</source>
        <translation>Ya no estás mirando: %1</translation>
    </message>
    <message>
        <source>%1 Waiting for the laptop that takes the game over, to watch it there.</source>
        <translation>%1 Esperando al portátil que se hace cargo de la partida, para mirarla allí.</translation>
    </message>
    <message>
        <source>This laptop reaches the table again: you watch the game at %1&apos;s laptop, where it went on.</source>
        <translation>Este portátil vuelve a alcanzar la mesa: ves la partida en el portátil de %1, donde siguió.</translation>
    </message>
    <message>
        <source>%1&apos;s laptop is back: you watch the game there again.</source>
        <translation>El portátil de %1 ha vuelto: vuelves a mirar la partida desde allí.</translation>
    </message>
    <message>
        <source>While you were away, the others gave your seat to a bot and went on with the game: you watch it now.</source>
        <translation>Mientras no estabas, los demás dieron tu puesto a un bot y siguieron con la partida: ahora la miras.</translation>
    </message>
    <message>
        <source>%1&apos;s laptop took the game over: you watch it there.</source>
        <translation>El portátil de %1 se hizo cargo de la partida: la miras desde allí.</translation>
    </message>
    <message>
        <source>This laptop will show the game where it goes on once the network lets it reach the others again.</source>
        <translation>Este portátil mostrará la partida donde sigue en cuanto la red le deje alcanzar de nuevo a los demás.</translation>
    </message>
    <message>
        <source>%1 was cut off from watching the table.</source>
        <translation>%1 ya no puede mirar la mesa: lo han desconectado.</translation>
    </message>
    <message>
        <source>Watching the table: %1</source>
        <translation>Miran la mesa: %1</translation>
    </message>
    <message>
        <source>Nobody watches the table now.</source>
        <translation>Ahora nadie mira la mesa.</translation>
    </message>
</context>
</TS>
