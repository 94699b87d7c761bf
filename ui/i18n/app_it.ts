<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="it_IT">
<context>
    <name>App</name>
    <message>
        <source>lanpurr is already open on this laptop, with the same data folder (%1): use its window. A second window on that folder would be the same player, and could not sit at the first one&apos;s table. To try two players on one laptop, start the second with another folder: LANPURR_HOME=/some/other/folder lanpurr</source>
        <translation>lanpurr è già aperto su questo portatile, con la stessa cartella dei dati (%1): usa la sua finestra. Una seconda finestra su quella cartella sarebbe lo stesso giocatore, e non potrebbe sedersi al tavolo della prima. Per provare due giocatori su un portatile, avvia il secondo con un&apos;altra cartella: LANPURR_HOME=/un/altra/cartella lanpurr</translation>
    </message>
</context>
<context>
    <name>ArtSheet</name>
    <message>
        <source>Momistigri cards and the card back</source>
        <translation>Carte di Momistigri e il dorso delle carte</translation>
    </message>
    <message>
        <source>Purrfect cats in their poses</source>
        <translation>I gatti di Purrfect nelle loro pose</translation>
    </message>
    <message>
        <source>Gutter tiles, stray cats and homes</source>
        <translation>Tessere grondaia, gatti randagi e case</translation>
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
        <translation>Ciò che si è detto al tavolo</translation>
    </message>
    <message>
        <source>Say something…</source>
        <translation>Scrivi qualcosa…</translation>
    </message>
    <message>
        <source>Chat message</source>
        <translation>Messaggio in chat</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Invia</translation>
    </message>
    <message>
        <source>Meow</source>
        <translation>Miao</translation>
    </message>
    <message>
        <source>Ha ha</source>
        <translation>Ah ah</translation>
    </message>
    <message>
        <source>Your turn!</source>
        <translation>Tocca a te!</translation>
    </message>
    <message>
        <source>Meow at the table</source>
        <translation>Miagola al tavolo</translation>
    </message>
    <message>
        <source>Laugh</source>
        <translation>Ridi</translation>
    </message>
    <message>
        <source>Remind the others that it is someone&apos;s turn</source>
        <translation>Ricorda agli altri che tocca a qualcuno</translation>
    </message>
    <message>
        <source>You meow.</source>
        <translation>Miagoli.</translation>
    </message>
    <message>
        <source>You laugh.</source>
        <translation>Ridi.</translation>
    </message>
    <message>
        <source>You: your turn!</source>
        <translation>Tu: tocca a te!</translation>
    </message>
    <message>
        <source>%1 meows.</source>
        <translation>%1 miagola.</translation>
    </message>
    <message>
        <source>%1 laughs.</source>
        <translation>%1 ride.</translation>
    </message>
    <message>
        <source>%1: your turn!</source>
        <translation>%1: tocca a te!</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Tu</translation>
    </message>
    <message>
        <source>Wait a moment before saying more.</source>
        <translation>Aspetta un momento prima di scrivere ancora.</translation>
    </message>
    <message>
        <source>%1 is sending too many messages: some are not shown.</source>
        <translation>%1 manda troppi messaggi: alcuni non sono mostrati.</translation>
    </message>
</context>
<context>
    <name>FirstRunDialog</name>
    <message>
        <source>Choose your name</source>
        <translation>Scegli il tuo nome</translation>
    </message>
    <message>
        <source>Welcome to lanpurr!</source>
        <translation>Benvenuto in lanpurr!</translation>
    </message>
    <message>
        <source>What should the other players call you?</source>
        <translation>Come ti devono chiamare gli altri giocatori?</translation>
    </message>
    <message>
        <source>Your name</source>
        <translation>Il tuo nome</translation>
    </message>
    <message>
        <source>Your name is shown at the tables you join. You can change it later in Settings.</source>
        <translation>Il tuo nome compare ai tavoli a cui ti siedi. Puoi cambiarlo più tardi nelle Impostazioni.</translation>
    </message>
    <message>
        <source>Let&apos;s play</source>
        <translation>Giochiamo</translation>
    </message>
    <message>
        <source>Please type a name: the other players see it.</source>
        <translation>Scrivi un nome: gli altri giocatori lo vedono.</translation>
    </message>
    <message>
        <source>New to these games? Learn to play, beside each game, walks you through a first game against bots.</source>
        <translation>Nuovo a questi giochi? Impara a giocare, accanto a ogni gioco, ti guida in una prima partita contro i bot.</translation>
    </message>
</context>
<context>
    <name>GameCard</name>
    <message>
        <source>Play against bots on this computer</source>
        <translation>Gioca contro i bot su questo computer</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Regole</translation>
    </message>
    <message numerus="yes">
        <source>%n player(s)</source>
        <translation><numerusform>%n giocatore</numerusform><numerusform>%n giocatori</numerusform></translation>
    </message>
    <message>
        <source>%1–%2 players</source>
        <translation>%1–%2 giocatori</translation>
    </message>
    <message>
        <source>Learn to play</source>
        <translation>Impara a giocare</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Gioca</translation>
    </message>
    <message>
        <source>A first game against bots, with hints that show you what to click</source>
        <translation>Una prima partita contro i bot, con suggerimenti che mostrano che cosa cliccare</translation>
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
        <translation>Pesca alla cieca dal vicino, fai coppie e scansa il gatto nero.</translation>
    </message>
    <message>
        <source>Purrfect</source>
        <translation>Purrfect</translation>
    </message>
    <message>
        <source>Swap cards face down, all at once, until nine of one cat are yours.</source>
        <translation>Scambia carte coperte, tutti insieme, finché hai nove carte dello stesso gatto.</translation>
    </message>
    <message>
        <source>Not Without My Cat</source>
        <translation>Non senza il mio gatto</translation>
    </message>
    <message>
        <source>Turn and push gutter tiles to lead stray cats home.</source>
        <translation>Gira e spingi le tegole delle grondaie per riportare a casa i gatti randagi.</translation>
    </message>
    <message>
        <source>Must discard</source>
        <translation>Scarto obbligatorio</translation>
    </message>
    <message>
        <source>When you hold a pair after drawing, you have to put one down.</source>
        <translation>Se dopo la pesca hai una coppia, devi scartarla.</translation>
    </message>
    <message>
        <source>5+5 hands cards to</source>
        <translation>Il 5+5 dà carte a</translation>
    </message>
    <message>
        <source>Who gets a card from the pile when someone discards 5+5.</source>
        <translation>Chi riceve una carta dagli scarti quando qualcuno scarta 5+5.</translation>
    </message>
    <message>
        <source>Allow three players</source>
        <translation>Permetti tre giocatori</translation>
    </message>
    <message>
        <source>Play with only three cats and three players.</source>
        <translation>Gioca con soli tre gatti e tre giocatori.</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>Modalità</translation>
    </message>
    <message>
        <source>Everyone for themselves, two teams, all together, or alone.</source>
        <translation>Ognuno per sé, due squadre, tutti insieme o da soli.</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>Tabellone</translation>
    </message>
    <message>
        <source>The full 4×4 board or a quicker 3×3 one.</source>
        <translation>Il tabellone completo 4×4 o uno più rapido 3×3.</translation>
    </message>
    <message>
        <source>off</source>
        <translation>no</translation>
    </message>
    <message>
        <source>on</source>
        <translation>sì</translation>
    </message>
    <message>
        <source>every other player</source>
        <translation>ogni altro giocatore</translation>
    </message>
    <message>
        <source>every player still in, you too</source>
        <translation>ogni giocatore ancora in gioco, anche tu</translation>
    </message>
    <message>
        <source>everyone for themselves</source>
        <translation>ognuno per sé</translation>
    </message>
    <message>
        <source>two teams of two</source>
        <translation>due squadre da due</translation>
    </message>
    <message>
        <source>all together</source>
        <translation>tutti insieme</translation>
    </message>
    <message>
        <source>solo</source>
        <translation>da solo</translation>
    </message>
    <message>
        <source>standard 4×4</source>
        <translation>normale 4×4</translation>
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
        <translation>gioca a caso: ideale per imparare le regole</translation>
    </message>
    <message>
        <source>plays sensibly, with a few slips</source>
        <translation>gioca con giudizio, con qualche svista</translation>
    </message>
    <message>
        <source>plays its best</source>
        <translation>gioca al meglio</translation>
    </message>
    <message>
        <source>Clever</source>
        <translation>Furbo</translation>
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
        <translation>Apri un tavolo</translation>
    </message>
    <message>
        <source>Other laptops on this network will see your table. Empty seats can be filled with bots before you start.</source>
        <translation>Gli altri portatili su questa rete vedranno il tuo tavolo. Prima di iniziare puoi mettere dei bot ai posti vuoti.</translation>
    </message>
    <message>
        <source>Players need the code shown on your screen</source>
        <translation>Serve il codice che compare sul tuo schermo</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>Gioco</translation>
    </message>
    <message>
        <source>Seats</source>
        <translation>Posti</translation>
    </message>
    <message>
        <source>Private</source>
        <translation>Privato</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Apri</translation>
    </message>
</context>
<context>
    <name>HostJoin</name>
    <message>
        <source>Cancel</source>
        <translation>Annulla</translation>
    </message>
</context>
<context>
    <name>JoinDialog</name>
    <message>
        <source>Join by address</source>
        <translation>Entra con l&apos;indirizzo</translation>
    </message>
    <message>
        <source>The host&apos;s screen shows the address of their table, for example 192.168.1.23:47300. Type it here, with the code if the table is private.</source>
        <translation>Lo schermo di chi ha aperto il tavolo ne mostra l&apos;indirizzo, per esempio 192.168.1.23:47300. Scrivilo qui, con il codice se il tavolo è privato.</translation>
    </message>
    <message>
        <source>Only for private tables</source>
        <translation>Solo per i tavoli privati</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Indirizzo</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Codice</translation>
    </message>
    <message>
        <source>Only watch: no seat, full table or not</source>
        <translation>Guarda soltanto: nessun posto, tavolo pieno o no</translation>
    </message>
    <message>
        <source>Join</source>
        <translation>Entra</translation>
    </message>
    <message>
        <source>Watch</source>
        <translation>Guarda</translation>
    </message>
    <message>
        <source>That is not an address. Write it as on the host&apos;s screen: numbers, a colon, then the port, like 192.168.1.23:47300.</source>
        <translation>Questo non è un indirizzo. Scrivilo come sullo schermo di chi ospita: numeri, due punti e la porta, come 192.168.1.23:47300.</translation>
    </message>
</context>
<context>
    <name>JoinErrors</name>
    <message>
        <source>That is not an address. Write it as on the host&apos;s screen: numbers, a colon, then the port, like 192.168.1.23:47300.</source>
        <translation>Questo non è un indirizzo. Scrivilo come sullo schermo di chi ospita: numeri, due punti e la porta, come 192.168.1.23:47300.</translation>
    </message>
    <message>
        <source>Something answered at %1, but not a lanpurr table. Check the address on the host&apos;s screen.</source>
        <translation>A %1 ha risposto qualcosa, ma non un tavolo di lanpurr. Controlla l&apos;indirizzo sullo schermo di chi ospita.</translation>
    </message>
    <message>
        <source>Nobody hosts a table at %1 any more: the host may have closed the table or lanpurr. Check the address on the host&apos;s screen.</source>
        <translation>A %1 non c&apos;è più nessun tavolo: chi ospitava potrebbe aver chiuso il tavolo o lanpurr. Controlla l&apos;indirizzo sullo schermo di chi ospita.</translation>
    </message>
    <message>
        <source>Nothing answered at %1 within %2 s. Check the address on the host&apos;s screen; a guest Wi-Fi or a firewall can keep laptops from reaching each other.</source>
        <translation>Nessuno ha risposto a %1 entro %2 s. Controlla l&apos;indirizzo sullo schermo di chi ospita; una Wi-Fi per ospiti o un firewall possono impedire ai portatili di vedersi.</translation>
    </message>
    <message>
        <source>No answer from %1. Check the address on the host&apos;s screen; a guest Wi-Fi or a firewall can keep laptops from reaching each other.</source>
        <translation>Nessuna risposta da %1. Controlla l&apos;indirizzo sullo schermo di chi ospita; una Wi-Fi per ospiti o un firewall possono impedire ai portatili di vedersi.</translation>
    </message>
    <message>
        <source>This laptop cannot reach %1. Are both laptops on the same network? A guest Wi-Fi or a firewall can keep them apart.</source>
        <translation>Questo portatile non raggiunge %1. I due portatili sono sulla stessa rete? Una Wi-Fi per ospiti o un firewall possono separarli.</translation>
    </message>
    <message>
        <source>Could not join the table at %1: %2</source>
        <translation>Impossibile unirsi al tavolo a %1: %2</translation>
    </message>
    <message>
        <source>That code does not open this table. Check it on the host&apos;s screen: it looks like ABC-DEF.</source>
        <translation>Questo codice non apre il tavolo. Controllalo sullo schermo di chi ospita: ha la forma ABC-DEF.</translation>
    </message>
    <message>
        <source>This table is private: type the code shown on the host&apos;s screen.</source>
        <translation>Questo tavolo è privato: scrivi il codice mostrato sullo schermo di chi ospita.</translation>
    </message>
    <message>
        <source>This table is full. Ask the host to free a seat, or host your own.</source>
        <translation>Il tavolo è al completo. Chiedi a chi ospita di liberare un posto, o ospita un tavolo tuo.</translation>
    </message>
    <message>
        <source>The game at this table has already started.</source>
        <translation>La partita a questo tavolo è già cominciata.</translation>
    </message>
    <message>
        <source>The host removed you from this table.</source>
        <translation>Chi ospita ti ha tolto da questo tavolo.</translation>
    </message>
    <message>
        <source>This table is closed.</source>
        <translation>Questo tavolo è chiuso.</translation>
    </message>
    <message>
        <source>A bot takes your seat in a moment: then you can watch the game.</source>
        <translation>Tra un attimo un bot prende il tuo posto: poi potrai guardare la partita.</translation>
    </message>
    <message>
        <source>You sit at this table: join it instead of watching it.</source>
        <translation>Hai un posto a questo tavolo: unisciti invece di guardarlo.</translation>
    </message>
    <message>
        <source>That laptop runs another version of lanpurr: %1</source>
        <translation>Quel portatile usa un&apos;altra versione di lanpurr: %1</translation>
    </message>
</context>
<context>
    <name>JoinProgress</name>
    <message>
        <source>Joining</source>
        <translation>Collegamento</translation>
    </message>
    <message>
        <source>Joining the table at %1…</source>
        <translation>Collegamento al tavolo all’indirizzo %1…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annulla</translation>
    </message>
</context>
<context>
    <name>Listing</name>
    <message>
        <source>Needs another version of lanpurr (%1). Update so both match.</source>
        <translation>Serve un&apos;altra versione di lanpurr (%1). Aggiornate perché siano uguali.</translation>
    </message>
    <message>
        <source>Already playing; wait for the next game.</source>
        <translation>Stanno già giocando; aspetta la prossima partita.</translation>
    </message>
    <message>
        <source>Every seat is taken.</source>
        <translation>Tutti i posti sono occupati.</translation>
    </message>
</context>
<context>
    <name>LobbyView</name>
    <message>
        <source>Your name at the tables: click to change it</source>
        <translation>Il tuo nome ai tavoli: clicca per cambiarlo</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Impostazioni</translation>
    </message>
    <message>
        <source>Play on this laptop</source>
        <translation>Gioca su questo portatile</translation>
    </message>
</context>
<context>
    <name>LocalGameDialog</name>
    <message>
        <source>%1 on this laptop</source>
        <translation>%1 su questo portatile</translation>
    </message>
    <message>
        <source>You play against bots on this computer. Choose, then Start.</source>
        <translation>Giochi contro i bot su questo computer. Scegli, poi premi Inizia.</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Giocatori</translation>
    </message>
    <message>
        <source>Players (you and the bots)</source>
        <translation>Giocatori (tu e i bot)</translation>
    </message>
    <message>
        <source>Bot strength</source>
        <translation>Bravura dei bot</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Inizia</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annulla</translation>
    </message>
    <message>
        <source>This game cannot start: %1</source>
        <translation>Questa partita non può iniziare: %1</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Choose a game to play, or join a table</source>
        <translation>Scegli un gioco o siediti a un tavolo</translation>
    </message>
    <message>
        <source>Settings not saved</source>
        <translation>Impostazioni non salvate</translation>
    </message>
    <message>
        <source>%1 is not ready in this version of lanpurr yet.</source>
        <translation>%1 non è ancora pronto in questa versione di lanpurr.</translation>
    </message>
    <message>
        <source>The game tables are not part of this version of lanpurr yet.</source>
        <translation>I tavoli di gioco non sono ancora in questa versione di lanpurr.</translation>
    </message>
    <message>
        <source>Not connected to a network: you can play on this laptop.</source>
        <translation>Non sei connesso a una rete: puoi giocare su questo portatile.</translation>
    </message>
    <message>
        <source>This laptop&apos;s address: %1</source>
        <translation>Indirizzo di questo portatile: %1</translation>
    </message>
    <message>
        <source>Could not join</source>
        <translation>Impossibile unirsi</translation>
    </message>
</context>
<context>
    <name>NetworkClient</name>
    <message>
        <source>%1 left the table: a bot takes their seat and the game goes on.</source>
        <translation>%1 ha lasciato il tavolo: un bot prende il suo posto e la partita continua.</translation>
    </message>
    <message>
        <source>%1 left the table: the game ends.</source>
        <translation>%1 ha lasciato il tavolo: la partita finisce.</translation>
    </message>
    <message>
        <source>%1 here, %2 there</source>
        <translation>%1 qui, %2 là</translation>
    </message>
    <message>
        <source>Your identity is damaged</source>
        <translation>La tua identità è danneggiata</translation>
    </message>
    <message>
        <source>The file that lets your friends recognise you cannot be read:
%1

Make a new identity? You will appear to others as a new player.</source>
        <translation>Il file che permette agli amici di riconoscerti non si può leggere:
%1

Creare una nuova identità? Agli altri sembrerai un nuovo giocatore.</translation>
    </message>
    <message>
        <source>Network play is off until the identity file is restored or replaced.</source>
        <translation>Il gioco in rete è spento finché il file d&apos;identità non viene ripristinato o sostituito.</translation>
    </message>
    <message>
        <source>This laptop cannot look for tables on this network (%1). Host a table, or ask the host for their address and use Join by address.</source>
        <translation>Questo portatile non riesce a cercare tavoli su questa rete (%1). Apri un tavolo, oppure chiedi l&apos;indirizzo a chi ospita e usa «Entra con l&apos;indirizzo».</translation>
    </message>
    <message>
        <source>Could not join</source>
        <translation>Impossibile entrare</translation>
    </message>
    <message>
        <source>The table was closed: %1</source>
        <translation>Il tavolo è stato chiuso: %1</translation>
    </message>
    <message>
        <source>You joined %1&apos;s table. Its host proved its fingerprint, %2.</source>
        <translation>Sei al tavolo di %1. Chi ospita ha dimostrato la sua impronta, %2.</translation>
    </message>
    <message>
        <source>You joined %1&apos;s table. Its fingerprint is %2: check that the host&apos;s screen shows the same.</source>
        <translation>Sei al tavolo di %1. La sua impronta è %2: controlla che lo schermo di chi ospita mostri la stessa.</translation>
    </message>
    <message>
        <source>The host removed you from the table.</source>
        <translation>Chi ospita ti ha tolto dal tavolo.</translation>
    </message>
    <message>
        <source>Waiting for %1 (reconnecting, %2 left)</source>
        <translation>In attesa di %1 (si sta ricollegando, mancano %2)</translation>
    </message>
    <message>
        <source>%1 is back.</source>
        <translation>%1 è tornato.</translation>
    </message>
    <message>
        <source>%1&apos;s laptop cannot reach yours directly: playing through %2&apos;s laptop.</source>
        <translation>Il portatile di %1 non raggiunge direttamente il tuo: si gioca passando per il portatile di %2.</translation>
    </message>
    <message>
        <source>%1&apos;s laptop refuses yours (it says: “%2”): its plays come through the other laptops, if they hand them on.</source>
        <translation>Il portatile di %1 rifiuta il tuo (dice: «%2»): le sue mosse arrivano passando per gli altri portatili, se le inoltrano.</translation>
    </message>
    <message>
        <source>%1 left the table.</source>
        <translation>%1 ha lasciato il tavolo.</translation>
    </message>
    <message>
        <source>The network could not start (%1). You can still play on this laptop.</source>
        <translation>La rete non è partita (%1). Puoi comunque giocare su questo portatile.</translation>
    </message>
    <message>
        <source>Could not host the table</source>
        <translation>Impossibile aprire il tavolo</translation>
    </message>
    <message>
        <source>Not connected yet</source>
        <translation>Non ancora connesso</translation>
    </message>
    <message>
        <source>The network is still starting or is off. Try again shortly.</source>
        <translation>La rete sta ancora partendo o è spenta. Riprova tra poco.</translation>
    </message>
</context>
<context>
    <name>NetworkPanel</name>
    <message>
        <source>Tables on this network</source>
        <translation>Tavoli su questa rete</translation>
    </message>
    <message>
        <source>Looking for tables…</source>
        <translation>Cerco tavoli…</translation>
    </message>
    <message>
        <source>Host a table</source>
        <translation>Apri un tavolo</translation>
    </message>
    <message>
        <source>Join by address</source>
        <translation>Entra con l&apos;indirizzo</translation>
    </message>
    <message numerus="yes">
        <source>%n table(s) found.</source>
        <translation>
            <numerusform>%n tavolo trovato.</numerusform>
            <numerusform>%n tavoli trovati.</numerusform>
        </translation>
    </message>
    <message>
        <source>No tables found yet. Guest Wi-Fi and some firewalls stop laptops from finding each other. Ask the host for the address shown on their screen and use Join by address.</source>
        <translation>Ancora nessun tavolo. Il Wi-Fi per ospiti e alcuni firewall impediscono ai portatili di trovarsi. Chiedi a chi ospita l&apos;indirizzo sul suo schermo e usa «Entra con l&apos;indirizzo».</translation>
    </message>
</context>
<context>
    <name>PhonePanel</name>
    <message>
        <source>Watch on a phone</source>
        <translation>Guarda da un telefono</translation>
    </message>
    <message>
        <source>Scan the code or type the address in a phone&apos;s browser on this network: it shows the table as a watcher sees it, and nothing a player hides.</source>
        <translation>Inquadra il codice o scrivi l&apos;indirizzo nel browser di un telefono su questa rete: mostra il tavolo come lo vede chi guarda, e niente di ciò che un giocatore nasconde.</translation>
    </message>
    <message>
        <source>1 phone watches from this laptop</source>
        <translation>1 telefono guarda da questo portatile</translation>
    </message>
    <message>
        <source>%1 phones watch from this laptop</source>
        <translation>%1 telefoni guardano da questo portatile</translation>
    </message>
    <message>
        <source>Phones watching from the other laptops: %1</source>
        <translation>Telefoni che guardano dagli altri portatili: %1</translation>
    </message>
    <message>
        <source>Phones watching: %1</source>
        <translation>Telefoni che guardano: %1</translation>
    </message>
</context>
<context>
    <name>ResumeOffer</name>
    <message>
        <source>Resume</source>
        <translation>Riprendi</translation>
    </message>
    <message>
        <source>Host the table again where it stopped: the players see you are back</source>
        <translation>Ospita di nuovo il tavolo da dove si era fermato: i giocatori vedono che sei tornato</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>Non ora</translation>
    </message>
    <message>
        <source>Hide this offer; the others play on without you after a while</source>
        <translation>Nascondi questa proposta; dopo un po&apos; gli altri continuano senza di te</translation>
    </message>
    <message>
        <source>Your %1 table is waiting for you.</source>
        <translation>Il tuo tavolo di %1 ti sta aspettando.</translation>
    </message>
    <message>
        <source>While you were away, %1&apos;s laptop took your %2 table over and a bot plays your seat: you can watch the rest of the game there.</source>
        <translation>Mentre non c&apos;eri, il portatile di %1 ha preso in mano il tuo tavolo di %2 e un bot gioca al tuo posto: puoi guardare il resto della partita da lì.</translation>
    </message>
    <message>
        <source>Watch</source>
        <translation>Guarda</translation>
    </message>
    <message>
        <source>Follow the game at %1&apos;s laptop, without a seat</source>
        <translation>Segui la partita sul portatile di %1, senza un posto</translation>
    </message>
    <message>
        <source>While you were away, %1&apos;s laptop took your %2 table over and its game ended: you can rejoin the table there.</source>
        <translation>Mentre non c&apos;eri, il portatile di %1 ha preso in mano il tuo tavolo di %2 e la sua partita è finita: puoi rientrare al tavolo da lì.</translation>
    </message>
    <message>
        <source>Rejoin</source>
        <translation>Rientra</translation>
    </message>
    <message>
        <source>Go back to your seat at the table, at %1&apos;s laptop</source>
        <translation>Torna al tuo posto al tavolo, sul portatile di %1</translation>
    </message>
</context>
<context>
    <name>RulesViewer</name>
    <message>
        <source>Rules</source>
        <translation>Regole</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Chiudi</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>Gioco</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Lingua</translation>
    </message>
    <message>
        <source>Rules — %1</source>
        <translation>Regole — %1</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Impostazioni</translation>
    </message>
    <message>
        <source>System language (%1)</source>
        <translation>Lingua del sistema (%1)</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Spente</translation>
    </message>
    <message>
        <source>Fast</source>
        <translation>Veloci</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>Normali</translation>
    </message>
    <message>
        <source>Slow</source>
        <translation>Lente</translation>
    </message>
    <message>
        <source>Stronger symbols and patterns</source>
        <translation>Simboli e motivi più marcati</translation>
    </message>
    <message>
        <source>Relaxed</source>
        <translation>Con calma</translation>
    </message>
    <message>
        <source>How quickly bots trade in Purrfect and take their turns in the other games</source>
        <translation>Quanto in fretta i bot scambiano a Purrfect e giocano i loro turni negli altri giochi</translation>
    </message>
    <message>
        <source>A laptop drops out</source>
        <translation>Un portatile si disconnette</translation>
    </message>
    <message>
        <source>A bot takes their seat</source>
        <translation>Un bot prende il suo posto</translation>
    </message>
    <message>
        <source>The game ends</source>
        <translation>La partita finisce</translation>
    </message>
    <message>
        <source>At a table you host: when a player&apos;s laptop does not come back within two minutes, the round under way starts again with a bot of yours in their seat, and the scores are kept</source>
        <translation>A un tavolo che ospiti: se il portatile di un giocatore non torna entro due minuti, la mano in corso ricomincia con un tuo bot al suo posto, e i punteggi restano</translation>
    </message>
    <message>
        <source>Your name</source>
        <translation>Il tuo nome</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Lingua</translation>
    </message>
    <message>
        <source>Animations</source>
        <translation>Animazioni</translation>
    </message>
    <message>
        <source>Colour-blind mode</source>
        <translation>Modalità daltonici</translation>
    </message>
    <message>
        <source>Bot speed</source>
        <translation>Velocità dei bot</translation>
    </message>
    <message>
        <source>Zoom</source>
        <translation>Zoom</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Salva</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annulla</translation>
    </message>
    <message>
        <source>Your name cannot be empty: the others see it.</source>
        <translation>Il nome non può essere vuoto: gli altri lo vedono.</translation>
    </message>
    <message>
        <source>Volume</source>
        <translation>Volume</translation>
    </message>
    <message>
        <source>How loud the cards, the meows and “your turn” are</source>
        <translation>Quanto suonano forte le carte, i miagolii e «tocca a te»</translation>
    </message>
    <message>
        <source>Mute</source>
        <translation>Muto</translation>
    </message>
    <message>
        <source>Sound</source>
        <translation>Suono</translation>
    </message>
</context>
<context>
    <name>SoundToggle</name>
    <message>
        <source>Sound is off: click to turn it on</source>
        <translation>Suono spento: clicca per accenderlo</translation>
    </message>
    <message>
        <source>Sound is on: click to mute</source>
        <translation>Suono acceso: clicca per spegnerlo</translation>
    </message>
    <message>
        <source>Sound</source>
        <translation>Suono</translation>
    </message>
</context>
<context>
    <name>TableRow</name>
    <message>
        <source>Your seat is kept for you: rejoin, no code needed</source>
        <translation>Il tuo posto è tenuto per te: rientra, senza codice</translation>
    </message>
    <message>
        <source>Rejoin</source>
        <translation>Rientra</translation>
    </message>
    <message>
        <source>Go back to your seat at this table</source>
        <translation>Torna al tuo posto a questo tavolo</translation>
    </message>
    <message>
        <source>Private: ask the host for the code · %1</source>
        <translation>Privato: chiedi il codice a chi ospita · %1</translation>
    </message>
    <message>
        <source>While you were away, a bot took your seat: watch the game</source>
        <translation>Mentre non c&apos;eri, un bot ha preso il tuo posto: guarda la partita</translation>
    </message>
    <message>
        <source>Open, at %1</source>
        <translation>Aperto, a %1</translation>
    </message>
    <message>
        <source>Join</source>
        <translation>Entra</translation>
    </message>
    <message>
        <source>Take a seat at this table</source>
        <translation>Siediti a questo tavolo</translation>
    </message>
    <message>
        <source>Watch</source>
        <translation>Guarda</translation>
    </message>
    <message>
        <source>Follow this table&apos;s game without a seat: you see no hidden card</source>
        <translation>Segui la partita di questo tavolo senza un posto: non vedi nessuna carta coperta</translation>
    </message>
</context>
<context>
    <name>TableSetupView</name>
    <message>
        <source>I&apos;m ready</source>
        <translation>Sono pronto</translation>
    </message>
    <message>
        <source>Start the game</source>
        <translation>Inizia la partita</translation>
    </message>
    <message>
        <source>Strength of new bots</source>
        <translation>Bravura dei nuovi bot</translation>
    </message>
    <message>
        <source>New bots play</source>
        <translation>I nuovi bot giocano da</translation>
    </message>
    <message>
        <source>A bot you add plays on your laptop.</source>
        <translation>Un bot che aggiungi gioca sul tuo portatile.</translation>
    </message>
    <message>
        <source>Back to the lobby</source>
        <translation>Torna alla sala</translation>
    </message>
    <message>
        <source>Leave the table</source>
        <translation>Lascia il tavolo</translation>
    </message>
    <message>
        <source>%1 · %2&apos;s table</source>
        <translation>%1 · tavolo di %2</translation>
    </message>
    <message>
        <source>Others can join at %1</source>
        <translation>Gli altri possono entrare da %1</translation>
    </message>
    <message>
        <source>code %1</source>
        <translation>codice %1</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>Libero</translation>
    </message>
    <message>
        <source>This table is closed.</source>
        <translation>Questo tavolo è chiuso.</translation>
    </message>
    <message>
        <source>You are no longer at this table. Leave it to go back to the lobby.</source>
        <translation>Non sei più a questo tavolo. Lascialo per tornare alla sala.</translation>
    </message>
    <message>
        <source>Pick a free seat.</source>
        <translation>Scegli un posto libero.</translation>
    </message>
    <message>
        <source>Press “I&apos;m ready” when you are.</source>
        <translation>Premi «Sono pronto» quando lo sei.</translation>
    </message>
    <message>
        <source>Everyone is ready: start the game.</source>
        <translation>Sono tutti pronti: inizia la partita.</translation>
    </message>
    <message>
        <source>Fill the free seats with players or bots, then start.</source>
        <translation>Riempi i posti liberi con giocatori o bot, poi inizia.</translation>
    </message>
    <message>
        <source>Waiting for the host to start.</source>
        <translation>Aspettiamo che chi ospita inizi.</translation>
    </message>
    <message>
        <source>Seat %1</source>
        <translation>Posto %1</translation>
    </message>
    <message>
        <source>Bot (%1)</source>
        <translation>Bot (%1)</translation>
    </message>
    <message>
        <source>Sit here</source>
        <translation>Siediti qui</translation>
    </message>
    <message>
        <source>Add a bot</source>
        <translation>Aggiungi un bot</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Allontana</translation>
    </message>
    <message>
        <source>Send this player away from the table</source>
        <translation>Fai alzare questo giocatore dal tavolo</translation>
    </message>
    <message>
        <source>Remove the bot</source>
        <translation>Togli il bot</translation>
    </message>
    <message>
        <source>The game has started: the table opens in a moment…</source>
        <translation>La partita è iniziata: il tavolo si apre tra un attimo…</translation>
    </message>
    <message>
        <source>your fingerprint %1</source>
        <translation>la tua impronta %1</translation>
    </message>
    <message>
        <source>the host&apos;s fingerprint %1</source>
        <translation>l&apos;impronta di chi ospita %1</translation>
    </message>
    <message>
        <source>The host removed you from this table. Go back to the lobby.</source>
        <translation>Chi ospita ti ha tolto da questo tavolo. Torna alla sala.</translation>
    </message>
    <message>
        <source>This table is closed. Go back to the lobby.</source>
        <translation>Questo tavolo è chiuso. Torna alla sala.</translation>
    </message>
    <message>
        <source>on %1&apos;s laptop</source>
        <translation>sul portatile di %1</translation>
    </message>
</context>
<context>
    <name>WatchClient</name>
    <message>
        <source>Could not watch</source>
        <translation>Impossibile guardare</translation>
    </message>
    <message>
        <source>Could not watch this table: %1</source>
        <translation>Impossibile guardare questo tavolo: %1</translation>
    </message>
    <message>
        <source>You are watching %1&apos;s table: its game shows here once it starts.</source>
        <translation>Stai guardando il tavolo di %1: la partita appare qui appena inizia.</translation>
    </message>
    <message>
        <source>Watching %1&apos;s table: %2 of %3 seats taken, the game has not started.</source>
        <translation>Guardi il tavolo di %1: %2 posti occupati su %3, la partita non è ancora iniziata.</translation>
    </message>
    <message>
        <source>No longer watching: %1</source>
        <translation>Non stai più guardando: %1</translation>
    </message>
    <message>
        <source>%1 Waiting for the laptop that takes the game over, to watch it there.</source>
        <translation>%1 Aspettiamo il portatile che prende in mano la partita, per guardarla da lì.</translation>
    </message>
    <message>
        <source>This laptop reaches the table again: you watch the game at %1&apos;s laptop, where it went on.</source>
        <translation>Questo portatile raggiunge di nuovo il tavolo: guardi la partita dal portatile di %1, dove è andata avanti.</translation>
    </message>
    <message>
        <source>%1&apos;s laptop is back: you watch the game there again.</source>
        <translation>Il portatile di %1 è tornato: guardi di nuovo la partita da lì.</translation>
    </message>
    <message>
        <source>While you were away, the others gave your seat to a bot and went on with the game: you watch it now.</source>
        <translation>Mentre non c&apos;eri, gli altri hanno dato il tuo posto a un bot e hanno continuato la partita: ora la guardi.</translation>
    </message>
    <message>
        <source>%1&apos;s laptop took the game over: you watch it there.</source>
        <translation>Il portatile di %1 ha preso in mano la partita: la guardi da lì.</translation>
    </message>
    <message>
        <source>This laptop will show the game where it goes on once the network lets it reach the others again.</source>
        <translation>Questo portatile mostrerà la partita dove va avanti, appena la rete gli farà raggiungere di nuovo gli altri.</translation>
    </message>
    <message>
        <source>%1 was cut off from watching the table.</source>
        <translation>%1 è stato escluso dalla visione del tavolo.</translation>
    </message>
    <message>
        <source>Watching the table: %1</source>
        <translation>Guardano il tavolo: %1</translation>
    </message>
    <message>
        <source>Nobody watches the table now.</source>
        <translation>Nessuno guarda il tavolo adesso.</translation>
    </message>
</context>
</TS>
