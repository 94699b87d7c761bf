<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="it_IT">
<context>
    <name>GuttersTable</name>
    <message>
        <source>Best friend of the cats!</source>
        <translation>Migliore amico dei gatti!</translation>
    </message>
    <message>
        <source>Second-best friend of the cats!</source>
        <translation>Secondo miglior amico dei gatti!</translation>
    </message>
    <message>
        <source>Good job.</source>
        <translation>Ottimo lavoro.</translation>
    </message>
    <message>
        <source>Not bad.</source>
        <translation>Niente male.</translation>
    </message>
    <message>
        <source>You can do better.</source>
        <translation>Puoi fare di meglio.</translation>
    </message>
    <message>
        <source>It will do this time.</source>
        <translation>Per stavolta va bene.</translation>
    </message>
    <message>
        <source>Poor cats.</source>
        <translation>Poveri gatti.</translation>
    </message>
    <message>
        <source>Game over</source>
        <translation>Partita finita</translation>
    </message>
    <message>
        <source>Every cat has found its home.</source>
        <translation>Ogni gatto ha trovato casa.</translation>
    </message>
    <message>
        <source>Setting up the roofs</source>
        <translation>Si preparano i tetti</translation>
    </message>
    <message>
        <source>Dealing the tiles…</source>
        <translation>Si distribuiscono le tessere…</translation>
    </message>
    <message>
        <source>actions left: {n}</source>
        <translation>azioni rimaste: {n}</translation>
    </message>
    <message>
        <source>Your turn</source>
        <translation>Tocca a te</translation>
    </message>
    <message>
        <source>Click a tile to turn it, or push the top tile in from an arrow — {left}</source>
        <translation>Clicca una tessera per ruotarla, o spingi dentro la tessera in cima da una freccia — {left}</translation>
    </message>
    <message>
        <source>{name}&apos;s turn</source>
        <translation>Tocca a {name}</translation>
    </message>
    <message>
        <source>{name} is moving the gutters — {left}</source>
        <translation>{name} sta muovendo le grondaie — {left}</translation>
    </message>
    <message>
        <source>{name} pushed a tile in.</source>
        <translation>{name} ha spinto dentro una tessera.</translation>
    </message>
    <message>
        <source>{name} turned a tile.</source>
        <translation>{name} ha girato una tessera.</translation>
    </message>
    <message>
        <source>{name} led {cat} home!</source>
        <translation>{name} ha riportato {cat} a casa!</translation>
    </message>
    <message>
        <source>A home moved along the roof.</source>
        <translation>Una casa si è spostata lungo il tetto.</translation>
    </message>
    <message>
        <source>↻ quarter turn</source>
        <translation>↻ un quarto di giro</translation>
    </message>
    <message>
        <source>half turn</source>
        <translation>mezzo giro</translation>
    </message>
    <message>
        <source>↺ quarter turn</source>
        <translation>↺ un quarto di giro</translation>
    </message>
    <message>
        <source>Top tile of the pile</source>
        <translation>Tessera in cima alla pila</translation>
    </message>
    <message>
        <source>Tiles in the pile: {n}</source>
        <translation>Tessere nella pila: {n}</translation>
    </message>
    <message>
        <source>Actions left</source>
        <translation>Azioni rimaste</translation>
    </message>
    <message>
        <source>Cats still looking for a home: {n}</source>
        <translation>Gatti ancora in cerca di casa: {n}</translation>
    </message>
    <message>
        <source>Turn {turn}</source>
        <translation>Turno {turn}</translation>
    </message>
    <message>
        <source>Rating so far: {rating}</source>
        <translation>Giudizio finora: {rating}</translation>
    </message>
    <message>
        <source>Scores</source>
        <translation>Punteggi</translation>
    </message>
    <message numerus="yes">
        <source>%n pts</source>
        <translation>
            <numerusform>%n punto</numerusform>
            <numerusform>%n punti</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cats</source>
        <translation>
            <numerusform>%n gatto</numerusform>
            <numerusform>%n gatti</numerusform>
        </translation>
    </message>
    <message>
        <source>The group</source>
        <translation>Il gruppo</translation>
    </message>
    <message>
        <source>All cats are home!</source>
        <translation>Tutti i gatti sono a casa!</translation>
    </message>
    <message>
        <source>{turns} turns: {rating}</source>
        <translation>{turns} turni: {rating}</translation>
    </message>
    <message>
        <source>You win!</source>
        <translation>Hai vinto!</translation>
    </message>
    <message>
        <source>You share the win!</source>
        <translation>Condividi la vittoria!</translation>
    </message>
    <message>
        <source>{name} wins</source>
        <translation>Vince {name}</translation>
    </message>
    <message>
        <source>Play again</source>
        <translation>Gioca ancora</translation>
    </message>
    <message>
        <source>Back to the lobby</source>
        <translation>Torna alla sala</translation>
    </message>
    <message>
        <source>You pushed a tile in.</source>
        <translation>Hai spinto dentro una tessera.</translation>
    </message>
    <message>
        <source>You turned a tile.</source>
        <translation>Hai girato una tessera.</translation>
    </message>
    <message>
        <source>You led {cat} home!</source>
        <translation>Hai portato {cat} a casa!</translation>
    </message>
</context>
<context>
    <name>MomistigriTable</name>
    <message>
        <source>1+1: discard your other 1s</source>
        <translation>1+1: scarta anche gli altri tuoi 1</translation>
    </message>
    <message>
        <source>2+2: choose the card the next player draws</source>
        <translation>2+2: scegli la carta che pesca il prossimo giocatore</translation>
    </message>
    <message>
        <source>3+3: swap with the pile after the next draw</source>
        <translation>3+3: scambia con la pila dopo la prossima pesca</translation>
    </message>
    <message>
        <source>4+4: give a card to a player</source>
        <translation>4+4: regala una carta a un giocatore</translation>
    </message>
    <message>
        <source>5+5: hand out cards from the pile</source>
        <translation>5+5: distribuisci carte dalla pila</translation>
    </message>
    <message>
        <source>6+6: you may discard another pair</source>
        <translation>6+6: puoi scartare un&apos;altra coppia</translation>
    </message>
    <message>
        <source>7+7: the next player draws 2 cards from you</source>
        <translation>7+7: il prossimo giocatore ti pesca 2 carte</translation>
    </message>
    <message>
        <source>8+8: the next player draws 3 cards from you</source>
        <translation>8+8: il prossimo giocatore ti pesca 3 carte</translation>
    </message>
    <message>
        <source>colour pair: no effect</source>
        <translation>coppia di colore: nessun effetto</translation>
    </message>
    <message>
        <source>Round {n} is over</source>
        <translation>Il round {n} è finito</translation>
    </message>
    <message>
        <source>Every hand is shown with its penalty; click the button to go on.</source>
        <translation>Ogni mano è scoperta con la sua penalità; clicca il pulsante per continuare.</translation>
    </message>
    <message>
        <source>Game over</source>
        <translation>Partita finita</translation>
    </message>
    <message>
        <source>Dealing</source>
        <translation>Si distribuisce</translation>
    </message>
    <message>
        <source>The cards are being dealt…</source>
        <translation>Si distribuiscono le carte…</translation>
    </message>
    <message>
        <source>{name}&apos;s turn</source>
        <translation>Tocca a {name}</translation>
    </message>
    <message>
        <source>Your turn</source>
        <translation>Tocca a te</translation>
    </message>
    <message>
        <source>{name} is drawing from your hand.</source>
        <translation>{name} sta pescando dalla tua mano.</translation>
    </message>
    <message>
        <source>{name} is drawing a card.</source>
        <translation>{name} sta pescando una carta.</translation>
    </message>
    <message>
        <source>{name} swaps a card with the pile (3+3).</source>
        <translation>{name} scambia una carta con la pila (3+3).</translation>
    </message>
    <message>
        <source>{name} chooses the card the next player draws (2+2).</source>
        <translation>{name} sceglie la carta che pescherà il prossimo giocatore (2+2).</translation>
    </message>
    <message>
        <source>{name} gives a card away (4+4).</source>
        <translation>{name} regala una carta (4+4).</translation>
    </message>
    <message>
        <source>{name} hands out cards from the pile (5+5).</source>
        <translation>{name} distribuisce carte dalla pila (5+5).</translation>
    </message>
    <message>
        <source>{name} may discard a pair.</source>
        <translation>{name} può scartare una coppia.</translation>
    </message>
    <message>
        <source>2+2: {name} chose the card you draw — click their fan to take it.</source>
        <translation>2+2: {name} ha scelto la carta che peschi — clicca il suo ventaglio per prenderla.</translation>
    </message>
    <message>
        <source>Pick {n} cards from {name}&apos;s fan.</source>
        <translation>Scegli {n} carte dal ventaglio di {name}.</translation>
    </message>
    <message>
        <source>Pick a card from {name}&apos;s fan.</source>
        <translation>Scegli una carta dal ventaglio di {name}.</translation>
    </message>
    <message>
        <source>3+3: click a card of your hand to put on the pile.</source>
        <translation>3+3: clicca una carta della tua mano da mettere sulla pila.</translation>
    </message>
    <message>
        <source>3+3: now click the pile card you take (or your own card to keep it).</source>
        <translation>3+3: ora clicca la carta della pila che prendi (o la tua carta per tenerla).</translation>
    </message>
    <message>
        <source>2+2: click the card {name} must draw from you.</source>
        <translation>2+2: clicca la carta che {name} dovrà pescarti.</translation>
    </message>
    <message>
        <source>4+4: click the card you give away.</source>
        <translation>4+4: clicca la carta che regali.</translation>
    </message>
    <message>
        <source>4+4: now click the player who gets it.</source>
        <translation>4+4: ora clicca il giocatore che la riceve.</translation>
    </message>
    <message>
        <source>5+5: click a card of the pile to hand out.</source>
        <translation>5+5: clicca una carta della pila da distribuire.</translation>
    </message>
    <message>
        <source>5+5: now click the player who gets it.</source>
        <translation>5+5: ora clicca il giocatore che la riceve.</translation>
    </message>
    <message>
        <source>Choose: the pair&apos;s effect, or reverse the arrow.</source>
        <translation>Scegli: l&apos;effetto della coppia, o inverti la freccia.</translation>
    </message>
    <message>
        <source>Click Discard pair.</source>
        <translation>Clicca Scarta la coppia.</translation>
    </message>
    <message>
        <source>6+6: you may discard another pair, or end your turn.</source>
        <translation>6+6: puoi scartare un&apos;altra coppia, o finire il turno.</translation>
    </message>
    <message>
        <source>You have discarded your pair for this turn: click End turn.</source>
        <translation>Hai già scartato la tua coppia in questo turno: clicca Fine turno.</translation>
    </message>
    <message>
        <source>Select two cards that pair (same colour or value), or Pass.</source>
        <translation>Seleziona due carte che fanno coppia (stesso colore o valore), oppure Passa.</translation>
    </message>
    <message>
        <source>You hold a pair and must discard one: select two cards.</source>
        <translation>Hai una coppia e devi scartarla: seleziona due carte.</translation>
    </message>
    <message>
        <source>One pair per turn (only a 6+6 allows another): click End turn.</source>
        <translation>Una coppia per turno (solo un 6+6 ne concede un&apos;altra): clicca Fine turno.</translation>
    </message>
    <message>
        <source>The Mistigri never forms a pair: keep it or let it be drawn.</source>
        <translation>Il Mistigri non fa mai coppia: tienilo o fattelo pescare.</translation>
    </message>
    <message>
        <source>These two cards share neither colour nor value: they are not a pair.</source>
        <translation>Queste due carte non hanno né colore né valore in comune: non sono una coppia.</translation>
    </message>
    <message>
        <source>the Mistigri</source>
        <translation>il Mistigri</translation>
    </message>
    <message>
        <source>red</source>
        <translation>rosso</translation>
    </message>
    <message>
        <source>blue</source>
        <translation>blu</translation>
    </message>
    <message>
        <source>green</source>
        <translation>verde</translation>
    </message>
    <message>
        <source>yellow</source>
        <translation>giallo</translation>
    </message>
    <message>
        <source>purple</source>
        <translation>viola</translation>
    </message>
    <message>
        <source>{value} {colour}</source>
        <translation>{value} {colour}</translation>
    </message>
    <message numerus="yes">
        <source>{name} drew %n card(s) from your hand.</source>
        <translation>
            <numerusform>{name} ha pescato %n carta dalla tua mano.</numerusform>
            <numerusform>{name} ha pescato %n carte dalla tua mano.</numerusform>
        </translation>
    </message>
    <message>
        <source>You drew {cards} from {name}.</source>
        <translation>Hai pescato {cards} da {name}.</translation>
    </message>
    <message numerus="yes">
        <source>You drew %n card(s) from {name}.</source>
        <translation>
            <numerusform>Hai pescato %n carta da {name}.</numerusform>
            <numerusform>Hai pescato %n carte da {name}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{drawer} drew %n card(s) from {holder}.</source>
        <translation>
            <numerusform>{drawer} ha pescato %n carta da {holder}.</numerusform>
            <numerusform>{drawer} ha pescato %n carte da {holder}.</numerusform>
        </translation>
    </message>
    <message>
        <source>You</source>
        <translation>Tu</translation>
    </message>
    <message>
        <source>{name} discarded {cards} and reversed the arrow.</source>
        <translation>{name}: scarta {cards} e inverte la freccia.</translation>
    </message>
    <message>
        <source>{name} discarded {cards}.</source>
        <translation>{name}: scarta {cards}.</translation>
    </message>
    <message>
        <source>{name} discarded every other 1 too (1+1).</source>
        <translation>{name} scarta anche tutti gli altri 1 (1+1).</translation>
    </message>
    <message>
        <source>{name} gave you {card} (4+4).</source>
        <translation>{name} ti ha dato {card} (4+4).</translation>
    </message>
    <message>
        <source>{name} gave you a card (4+4).</source>
        <translation>{name} ti ha dato una carta (4+4).</translation>
    </message>
    <message>
        <source>{giver} gave a card to {recipient} (4+4).</source>
        <translation>{giver} ha dato una carta a {recipient} (4+4).</translation>
    </message>
    <message>
        <source>you</source>
        <translation>te</translation>
    </message>
    <message>
        <source>{giver} handed {card} from the pile to {recipient} (5+5).</source>
        <translation>{giver} ha dato {card} dalla pila a {recipient} (5+5).</translation>
    </message>
    <message>
        <source>{name} put {put} on the pile and took {take} (3+3).</source>
        <translation>{name} ha messo {put} sulla pila e ha preso {take} (3+3).</translation>
    </message>
    <message>
        <source>The arrow turns: play goes clockwise now.</source>
        <translation>La freccia gira: ora si gioca in senso orario.</translation>
    </message>
    <message>
        <source>The arrow turns: play goes counter-clockwise now.</source>
        <translation>La freccia gira: ora si gioca in senso antiorario.</translation>
    </message>
    <message>
        <source>{name} is out — Miaooo!</source>
        <translation>{name} è fuori — Miaooo!</translation>
    </message>
    <message>
        <source>{name} passed.</source>
        <translation>{name} passa.</translation>
    </message>
    <message>
        <source>Round {n} is over.</source>
        <translation>Il turno di gioco {n} è finito.</translation>
    </message>
    <message>
        <source>R{n}</source>
        <translation>M{n}</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Totale</translation>
    </message>
    <message>
        <source>You win with the fewest penalty points.</source>
        <translation>Hai vinto con meno punti di penalità.</translation>
    </message>
    <message>
        <source>{names} share the win.</source>
        <translation>{names} condividono la vittoria.</translation>
    </message>
    <message>
        <source>{names} wins with the fewest penalty points.</source>
        <translation>Vince {names} con meno punti di penalità.</translation>
    </message>
    <message>
        <source>Miaooo!</source>
        <translation>Miaooo!</translation>
    </message>
    <message>
        <source>Pass</source>
        <translation>Passa</translation>
    </message>
    <message>
        <source>Dealing…</source>
        <translation>Si distribuisce…</translation>
    </message>
    <message numerus="yes">
        <source>%n pts</source>
        <translation>
            <numerusform>%n punto</numerusform>
            <numerusform>%n punti</numerusform>
        </translation>
    </message>
    <message>
        <source>Out — Miaooo!</source>
        <translation>Fuori — Miaooo!</translation>
    </message>
    <message>
        <source>Cards: {n}</source>
        <translation>Carte: {n}</translation>
    </message>
    <message>
        <source>Help card</source>
        <translation>Carta aiuto</translation>
    </message>
    <message>
        <source>2+2 pending: the next player takes the card you chose</source>
        <translation>2+2 in attesa: il prossimo giocatore prende la carta che hai scelto</translation>
    </message>
    <message>
        <source>3+3 pending: you swap with the pile after the next draw</source>
        <translation>3+3 in attesa: scambi con la pila dopo la prossima pesca</translation>
    </message>
    <message>
        <source>7+7 pending: the next player draws 2 cards from you</source>
        <translation>7+7 in attesa: il prossimo giocatore ti pesca 2 carte</translation>
    </message>
    <message>
        <source>8+8 pending: the next player draws 3 cards from you</source>
        <translation>8+8 in attesa: il prossimo giocatore ti pesca 3 carte</translation>
    </message>
    <message>
        <source>2+2 pending: the next player takes the card {name} chose</source>
        <translation>2+2 in attesa: il prossimo giocatore prende la carta scelta da {name}</translation>
    </message>
    <message>
        <source>3+3 pending: {name} swaps with the pile after the next draw</source>
        <translation>3+3 in attesa: {name} scambia con la pila dopo la prossima pesca</translation>
    </message>
    <message>
        <source>7+7 pending: the next player draws 2 cards from {name}</source>
        <translation>7+7 in attesa: il prossimo giocatore pesca 2 carte da {name}</translation>
    </message>
    <message>
        <source>8+8 pending: the next player draws 3 cards from {name}</source>
        <translation>8+8 in attesa: il prossimo giocatore pesca 3 carte da {name}</translation>
    </message>
    <message>
        <source>Discard pile ({n})</source>
        <translation>Pila degli scarti ({n})</translation>
    </message>
    <message>
        <source>clockwise</source>
        <translation>in senso orario</translation>
    </message>
    <message>
        <source>counter-clockwise</source>
        <translation>in senso antiorario</translation>
    </message>
    <message>
        <source>keep it</source>
        <translation>tienila</translation>
    </message>
    <message>
        <source>Hide pairs</source>
        <translation>Nascondi coppie</translation>
    </message>
    <message>
        <source>Show pairs</source>
        <translation>Mostra coppie</translation>
    </message>
    <message>
        <source>Reverse the arrow</source>
        <translation>Inverti la freccia</translation>
    </message>
    <message>
        <source>Discard pair</source>
        <translation>Scarta la coppia</translation>
    </message>
    <message>
        <source>Discard pair — {effect}</source>
        <translation>Scarta la coppia — {effect}</translation>
    </message>
    <message>
        <source>End turn</source>
        <translation>Fine turno</translation>
    </message>
    <message>
        <source>Round {n}: the hands are shown</source>
        <translation>Round {n}: le mani scoperte</translation>
    </message>
    <message>
        <source>penalty · total</source>
        <translation>penalità · totale</translation>
    </message>
    <message>
        <source>out: 0</source>
        <translation>fuori: 0</translation>
    </message>
    <message>
        <source>+{p} · {total}</source>
        <translation>+{p} · {total}</translation>
    </message>
    <message>
        <source>See who won</source>
        <translation>Guarda chi ha vinto</translation>
    </message>
    <message>
        <source>Next round</source>
        <translation>Prossimo round</translation>
    </message>
    <message>
        <source>You win!</source>
        <translation>Hai vinto!</translation>
    </message>
    <message>
        <source>You share the win!</source>
        <translation>Condividi la vittoria!</translation>
    </message>
    <message>
        <source>The fewest penalty points wins.</source>
        <translation>Vince chi ha meno punti di penalità.</translation>
    </message>
    <message>
        <source>Play again</source>
        <translation>Gioca ancora</translation>
    </message>
    <message>
        <source>Back to the lobby</source>
        <translation>Torna alla sala</translation>
    </message>
    <message>
        <source>Round {n} is next</source>
        <translation>Il round {n} è il prossimo</translation>
    </message>
    <message>
        <source>Waiting for every player to close the scores; then the cards are dealt.</source>
        <translation>Si aspetta che ogni giocatore chiuda i punteggi; poi si distribuiscono le carte.</translation>
    </message>
    <message>
        <source>You gave a card to {name} (4+4).</source>
        <translation>Hai dato una carta a {name} (4+4).</translation>
    </message>
    <message>
        <source>You handed {card} from the pile to {name} (5+5).</source>
        <translation>Hai dato {card} dalla pila a {name} (5+5).</translation>
    </message>
    <message>
        <source>You put {put} on the pile and took {take} (3+3).</source>
        <translation>Hai messo {put} sulla pila e preso {take} (3+3).</translation>
    </message>
    <message>
        <source>You are out — Miaooo!</source>
        <translation>Sei fuori — Miaooo!</translation>
    </message>
    <message>
        <source>You passed.</source>
        <translation>Hai passato.</translation>
    </message>
</context>
<context>
    <name>NetworkTable</name>
    <message>
        <source>%1&apos;s laptop no longer hosts the game: yours takes over.</source>
        <translation>Il portatile di %1 non ospita più la partita: ora la ospita il tuo.</translation>
    </message>
    <message>
        <source>%1&apos;s laptop no longer hosts the game: %2&apos;s laptop takes over.</source>
        <translation>Il portatile di %1 non ospita più la partita: ora la ospita il portatile di %2.</translation>
    </message>
    <message>
        <source>fair</source>
        <translation>regolare</translation>
    </message>
    <message>
        <source>Round %1 checked: %2</source>
        <translation>Mano %1 verificata: %2</translation>
    </message>
    <message>
        <source>Round %2 starts again with a bot in each of %1&apos;s seats; the scores are kept.</source>
        <translation>Il round %2 ricomincia con un bot in ogni posto di %1; i punteggi restano.</translation>
    </message>
    <message>
        <source>%1&apos;s laptop broke the fair-play rules for %2: %3 (%4).</source>
        <translation>Il portatile di %1 ha violato le regole del gioco leale per %2: %3 (%4).</translation>
    </message>
    <message>
        <source>%5&apos;s laptop says %1&apos;s laptop broke the fair-play rules for %2: %3 (%4).</source>
        <translation>Il portatile di %5 dice che il portatile di %1 ha violato le regole del gioco leale per %2: %3 (%4).</translation>
    </message>
    <message>
        <source>%2 broke the fair-play rules: %3 (%4).</source>
        <translation>%2 ha violato le regole del gioco leale: %3 (%4).</translation>
    </message>
    <message>
        <source>%1&apos;s laptop was cut off from the table: %2.</source>
        <translation>Il portatile di %1 è stato escluso dal tavolo: %2.</translation>
    </message>
    <message>
        <source>%1&apos;s laptop was not heard from in time; its messages reach this laptop only through %2. Nobody can tell what holds them up, so nobody is blamed.</source>
        <translation>Il portatile di %1 non si è fatto sentire in tempo; i suoi messaggi arrivano a questo portatile solo tramite %2. Nessuno può dire cosa li trattenga, quindi nessuno viene accusato.</translation>
    </message>
    <message>
        <source>%1&apos;s laptop was not heard from in time. Nobody can tell what holds its messages up, so nobody is blamed.</source>
        <translation>Il portatile di %1 non si è fatto sentire in tempo. Nessuno può dire cosa trattenga i suoi messaggi, quindi nessuno viene accusato.</translation>
    </message>
    <message>
        <source>The round is void and the game ends.</source>
        <translation>Il round è annullato e la partita finisce.</translation>
    </message>
    <message>
        <source>The round is void; their laptop is dropped from the game.</source>
        <translation>Il round è annullato; il suo portatile esce dalla partita.</translation>
    </message>
    <message>
        <source>The evidence is saved in %1</source>
        <translation>La prova è salvata in %1</translation>
    </message>
    <message>
        <source>Waiting for %1 to play: %2 before the table drops their laptops.</source>
        <translation>In attesa che giochino %1: %2 prima che il tavolo escluda i loro portatili.</translation>
    </message>
    <message>
        <source>Waiting for %1 to play: %2 before the table drops their laptop.</source>
        <translation>In attesa che giochi %1: %2 prima che il tavolo escluda il suo portatile.</translation>
    </message>
    <message>
        <source>Waiting for %1: their laptops have not answered. %2 before the table drops them.</source>
        <translation>In attesa di %1: i loro portatili non hanno risposto. %2 prima che il tavolo li escluda.</translation>
    </message>
    <message>
        <source>Waiting for %1: their laptop has not answered. %2 before the table drops it.</source>
        <translation>In attesa di %1: il suo portatile non ha risposto. %2 prima che il tavolo lo escluda.</translation>
    </message>
    <message>
        <source>A bot plays their seat, %3&apos;s laptop hosts now, and the hands are dealt again, as many cards each; the open offers are cancelled and everything else stays.</source>
        <translation>Un bot gioca al suo posto, ora ospita il portatile di %3 e le mani si ridistribuiscono, con lo stesso numero di carte ciascuna; le offerte aperte si annullano e tutto il resto rimane.</translation>
    </message>
    <message>
        <source>A bot plays their seat and the hands are dealt again, as many cards each; the open offers are cancelled and everything else stays.</source>
        <translation>Un bot gioca al suo posto e le mani si ridistribuiscono, con lo stesso numero di carte ciascuna; le offerte aperte si annullano e tutto il resto rimane.</translation>
    </message>
    <message>
        <source>A bot plays their seat, %3&apos;s laptop hosts now, and the hands are dealt again, as many cards each; everything else stays.</source>
        <translation>Un bot gioca al suo posto, ora ospita il portatile di %3 e le mani si ridistribuiscono, con lo stesso numero di carte ciascuna; tutto il resto rimane.</translation>
    </message>
    <message>
        <source>A bot plays their seat and the hands are dealt again, as many cards each; everything else stays.</source>
        <translation>Un bot gioca al suo posto e le mani si ridistribuiscono, con lo stesso numero di carte ciascuna; tutto il resto rimane.</translation>
    </message>
    <message>
        <source>A bot plays their seat, %3&apos;s laptop hosts now, and the cards still face down are shuffled again; everything else stays.</source>
        <translation>Un bot gioca al suo posto, ora ospita il portatile di %3 e le carte ancora coperte si rimescolano; tutto il resto rimane.</translation>
    </message>
    <message>
        <source>A bot plays their seat and the cards still face down are shuffled again; everything else stays.</source>
        <translation>Un bot gioca al suo posto e le carte ancora coperte si rimescolano; tutto il resto rimane.</translation>
    </message>
    <message>
        <source>%1 left. A bot plays their seat, %3&apos;s laptop hosts now, and round %2 is dealt again; the scores stay.</source>
        <translation>%1 se n&apos;è andato. Un bot gioca al suo posto, ora ospita il portatile di %3 e il round %2 si ridistribuisce; i punteggi restano.</translation>
    </message>
    <message>
        <source>%1 left. A bot plays their seat and round %2 is dealt again; the scores stay.</source>
        <translation>%1 se n&apos;è andato. Un bot gioca al suo posto e il round %2 si ridistribuisce; i punteggi restano.</translation>
    </message>
    <message>
        <source>%1&apos;s laptop did not come back. A bot plays their seat, %3&apos;s laptop hosts now, and round %2 is dealt again; the scores stay.</source>
        <translation>Il portatile di %1 non è tornato. Un bot gioca al suo posto, ora ospita il portatile di %3 e il round %2 si ridistribuisce; i punteggi restano.</translation>
    </message>
    <message>
        <source>%1&apos;s laptop did not come back. A bot plays their seat and round %2 is dealt again; the scores stay.</source>
        <translation>Il portatile di %1 non è tornato. Un bot gioca al suo posto e il round %2 si ridistribuisce; i punteggi restano.</translation>
    </message>
    <message>
        <source>%1 left.</source>
        <translation>%1 se n&apos;è andato.</translation>
    </message>
    <message>
        <source>%1&apos;s laptop did not come back.</source>
        <translation>Il portatile di %1 non è tornato.</translation>
    </message>
    <message>
        <source>every message carries its sender&apos;s valid signature</source>
        <translation>ogni messaggio porta la firma valida di chi lo invia</translation>
    </message>
    <message>
        <source>each sender&apos;s messages come once, in order, chained to the previous one</source>
        <translation>i messaggi di ciascuno arrivano una volta sola, in ordine, legati al precedente</translation>
    </message>
    <message>
        <source>a message belongs to this table and this round</source>
        <translation>un messaggio appartiene a questo tavolo e a questo round</translation>
    </message>
    <message>
        <source>a message is well formed: known kind, right fields, valid group elements</source>
        <translation>un messaggio è ben formato: tipo noto, campi giusti, elementi del gruppo validi</translation>
    </message>
    <message>
        <source>a laptop speaks only when the protocol expects it to</source>
        <translation>un portatile parla solo quando il protocollo se lo aspetta</translation>
    </message>
    <message>
        <source>a laptop&apos;s messages keep the order of time they claim</source>
        <translation>i messaggi di un portatile rispettano l&apos;ordine di tempo che dichiarano</translation>
    </message>
    <message>
        <source>a key share comes with a valid proof of knowledge</source>
        <translation>una quota di chiave arriva con una prova di conoscenza valida</translation>
    </message>
    <message>
        <source>a revealed value opens the earlier commitment</source>
        <translation>un valore rivelato apre l&apos;impegno preso prima</translation>
    </message>
    <message>
        <source>every committed value is revealed when the protocol asks for it</source>
        <translation>ogni valore impegnato viene rivelato quando il protocollo lo chiede</translation>
    </message>
    <message>
        <source>a shuffle re-masks a permutation of exactly the cards it received</source>
        <translation>un mescolamento rimaschera una permutazione esattamente delle carte ricevute</translation>
    </message>
    <message>
        <source>a decryption share comes with a valid proof for the right card</source>
        <translation>una quota di decifratura arriva con una prova valida per la carta giusta</translation>
    </message>
    <message>
        <source>a card handed on is the card named</source>
        <translation>una carta passata è la carta dichiarata</translation>
    </message>
    <message>
        <source>a blind draw delivers the card at the position the drawer chose</source>
        <translation>una pesca alla cieca consegna la carta nella posizione scelta da chi pesca</translation>
    </message>
    <message>
        <source>the round&apos;s secrets revealed at the check match what the laptop published</source>
        <translation>i segreti del round rivelati al controllo corrispondono a ciò che il portatile ha pubblicato</translation>
    </message>
    <message>
        <source>every action is legal in the game given the cards the seat really holds</source>
        <translation>ogni azione è lecita nel gioco date le carte che il posto ha davvero</translation>
    </message>
    <message>
        <source>a seat plays its turn before the table gives up</source>
        <translation>un posto gioca il suo turno prima che il tavolo si arrenda</translation>
    </message>
    <message>
        <source>a card offered is named by its own masked slot</source>
        <translation>una carta offerta è indicata dal proprio slot mascherato</translation>
    </message>
    <message>
        <source>a seat turns the cards handed to it face up only when they break a rule</source>
        <translation>un posto scopre le carte ricevute solo quando violano una regola</translation>
    </message>
    <message>
        <source>Starting the game…</source>
        <translation>La partita sta iniziando…</translation>
    </message>
    <message>
        <source>Waiting for every laptop to be ready…</source>
        <translation>In attesa che tutti i portatili siano pronti…</translation>
    </message>
    <message>
        <source>Drawing the table&apos;s luck together…</source>
        <translation>Il tavolo estrae la sorte insieme…</translation>
    </message>
    <message>
        <source>Dealing…</source>
        <translation>Si distribuiscono le carte…</translation>
    </message>
    <message>
        <source>Checking the round…</source>
        <translation>Verifica della mano…</translation>
    </message>
    <message>
        <source>Round over: read the scores, then go on</source>
        <translation>Mano finita: leggi i punteggi, poi continua</translation>
    </message>
    <message>
        <source>Shuffling — your turn to shuffle…</source>
        <translation>Mescolata — tocca a te mescolare…</translation>
    </message>
    <message>
        <source>Shuffling — %1&apos;s turn to shuffle…</source>
        <translation>Mescolata — tocca a %1 mescolare…</translation>
    </message>
</context>
<context>
    <name>NetworkTableScreen</name>
    <message>
        <source>What the table is doing</source>
        <translation>Cosa sta facendo il tavolo</translation>
    </message>
    <message>
        <source>Back to the lobby</source>
        <translation>Torna alla sala</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>Chat</translation>
    </message>
    <message>
        <source>Show or hide the chat</source>
        <translation>Mostra o nascondi la chat</translation>
    </message>
    <message>
        <source>The game cannot go on</source>
        <translation>La partita non può continuare</translation>
    </message>
    <message>
        <source>The line below says why.</source>
        <translation>La riga qui sotto dice perché.</translation>
    </message>
    <message>
        <source>every round checked: fair</source>
        <translation>ogni mano verificata: regolare</translation>
    </message>
    <message>
        <source>a round was not fair</source>
        <translation>una mano non era regolare</translation>
    </message>
    <message>
        <source>The host may start another game at this table.</source>
        <translation>Chi ospita può iniziare un&apos;altra partita a questo tavolo.</translation>
    </message>
    <message>
        <source>The host opened the table again: Play again takes you to your seat.</source>
        <translation>Chi ospita ha riaperto il tavolo: Gioca ancora ti porta al tuo posto.</translation>
    </message>
    <message>
        <source>Only the host can start another game at this table.</source>
        <translation>Solo chi ospita può iniziare un&apos;altra partita a questo tavolo.</translation>
    </message>
</context>
<context>
    <name>PurrfectTable</name>
    <message>
        <source>To accept {name}&apos;s offer, click {n} of your cards of one cat (click the offer again to let go).</source>
        <translation>Per accettare l&apos;offerta di {name}, clicca {n} delle tue carte di un solo gatto (clicca di nuovo l&apos;offerta per lasciarla).</translation>
    </message>
    <message>
        <source>Final scores</source>
        <translation>Punteggi finali</translation>
    </message>
    <message>
        <source>Look at the scores, then click {button}.</source>
        <translation>Guarda i punteggi, poi clicca {button}.</translation>
    </message>
    <message>
        <source>Game over</source>
        <translation>Partita finita</translation>
    </message>
    <message>
        <source>You win the game!</source>
        <translation>Hai vinto la partita!</translation>
    </message>
    <message>
        <source>{name} wins the game.</source>
        <translation>{name} vince la partita.</translation>
    </message>
    <message>
        <source>Round {n} is over</source>
        <translation>Il round {n} è finito</translation>
    </message>
    <message>
        <source>Shuffling</source>
        <translation>Si mescola</translation>
    </message>
    <message>
        <source>The cards are being dealt…</source>
        <translation>Si distribuiscono le carte…</translation>
    </message>
    <message>
        <source>Your hand is purrfect!</source>
        <translation>La tua mano è purrfect!</translation>
    </message>
    <message>
        <source>Click Purrfect! before anyone else does.</source>
        <translation>Clicca Purrfect! prima di chiunque altro.</translation>
    </message>
    <message>
        <source>Your selection mixes cats: an offer is one cat only.</source>
        <translation>La tua selezione mescola gatti: un&apos;offerta è di un solo gatto.</translation>
    </message>
    <message>
        <source>Selected: {n}. Click Offer to put them up, or click an offer of as many cards to accept it.</source>
        <translation>Selezionate: {n}. Clicca Offri per offrirle, o clicca un&apos;offerta di altrettante carte per accettarla.</translation>
    </message>
    <message>
        <source>Everyone plays at once</source>
        <translation>Tutti giocano insieme</translation>
    </message>
    <message>
        <source>Select 1–4 cards of a cat you do not want, then click Offer — or click an offer to accept it.</source>
        <translation>Seleziona 1–4 carte di un gatto che non vuoi, poi clicca Offri — o clicca un&apos;offerta per accettarla.</translation>
    </message>
    <message>
        <source>Your acceptance was too late: someone else got that offer.</source>
        <translation>La tua accettazione è arrivata tardi: quell&apos;offerta l&apos;ha presa qualcun altro.</translation>
    </message>
    <message numerus="yes">
        <source>You offer %n card(s): {word}!</source>
        <translation>
            <numerusform>Offri %n carta: {word}!</numerusform>
            <numerusform>Offri %n carte: {word}!</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{name} offers %n card(s): {word}!</source>
        <translation>
            <numerusform>{name} offre %n carta: {word}!</numerusform>
            <numerusform>{name} offre %n carte: {word}!</numerusform>
        </translation>
    </message>
    <message>
        <source>You swapped with {name} and got: {cats}.</source>
        <translation>Hai scambiato con {name} e hai ricevuto: {cats}.</translation>
    </message>
    <message numerus="yes">
        <source>{a} and {b} swapped %n card(s).</source>
        <translation>
            <numerusform>{a} e {b} hanno scambiato %n carta.</numerusform>
            <numerusform>{a} e {b} hanno scambiato %n carte.</numerusform>
        </translation>
    </message>
    <message>
        <source>The swap between {a} and {b} did not happen: a laptop left before it was done.</source>
        <translation>Lo scambio tra {a} e {b} non è avvenuto: un portatile è uscito prima che finisse.</translation>
    </message>
    <message>
        <source>{name} declares: Purrfect!</source>
        <translation>{name} dichiara: Purrfect!</translation>
    </message>
    <message>
        <source>{name} declared Purrfect, but the hand is not: play on.</source>
        <translation>{name} ha dichiarato Purrfect, ma la mano non lo è: si continua.</translation>
    </message>
    <message>
        <source>Round {n} is over.</source>
        <translation>La mano {n} è finita.</translation>
    </message>
    <message>
        <source>R{n}</source>
        <translation>M{n}</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Totale</translation>
    </message>
    <message>
        <source>Dealing…</source>
        <translation>Si distribuisce…</translation>
    </message>
    <message>
        <source>Meow key</source>
        <translation>Chiave dei miao</translation>
    </message>
    <message>
        <source>Pawprints: {n}</source>
        <translation>Zampette: {n}</translation>
    </message>
    <message>
        <source>{name} accepts: {word}!</source>
        <translation>{name} accetta: {word}!</translation>
    </message>
    <message>
        <source>Your acceptance is waiting for the swap…</source>
        <translation>La tua accettazione aspetta lo scambio…</translation>
    </message>
    <message>
        <source>Your offer</source>
        <translation>La tua offerta</translation>
    </message>
    <message>
        <source>You accept: {word}!</source>
        <translation>Accetti: {word}!</translation>
    </message>
    <message>
        <source>You accept</source>
        <translation>Accetti</translation>
    </message>
    <message>
        <source>{name} accepts</source>
        <translation>{name} accetta</translation>
    </message>
    <message>
        <source>on offer</source>
        <translation>in offerta</translation>
    </message>
    <message>
        <source>committed</source>
        <translation>impegnata</translation>
    </message>
    <message>
        <source>Purrfect!</source>
        <translation>Purrfect!</translation>
    </message>
    <message>
        <source>Offer</source>
        <translation>Offri</translation>
    </message>
    <message>
        <source>Withdraw</source>
        <translation>Ritira</translation>
    </message>
    <message>
        <source>Clear selection</source>
        <translation>Annulla selezione</translation>
    </message>
    <message>
        <source>Not purrfect — play on</source>
        <translation>Non è purrfect — si continua</translation>
    </message>
    <message>
        <source>{name} declares: {verdict}</source>
        <translation>{name} dichiara: {verdict}</translation>
    </message>
    <message>
        <source>{name} — best group {n}</source>
        <translation>{name} — gruppo migliore {n}</translation>
    </message>
    <message>
        <source>+{gain} → {total}</source>
        <translation>+{gain} → {total}</translation>
    </message>
    <message>
        <source>{name} is purrfect!</source>
        <translation>{name} è purrfect!</translation>
    </message>
    <message>
        <source>Pawprints this round and in all</source>
        <translation>Zampette di questo round e in totale</translation>
    </message>
    <message numerus="yes">
        <source>To accept this offer, first select %n card(s) of one cat.</source>
        <translation>
            <numerusform>Per accettare questa offerta, seleziona prima %n carta di un gatto.</numerusform>
            <numerusform>Per accettare questa offerta, seleziona prima %n carte di un gatto.</numerusform>
        </translation>
    </message>
    <message>
        <source>Next round</source>
        <translation>Prossimo round</translation>
    </message>
    <message>
        <source>You win!</source>
        <translation>Hai vinto!</translation>
    </message>
    <message>
        <source>{name} wins</source>
        <translation>Vince {name}</translation>
    </message>
    <message>
        <source>The top score was shared: the purrfect player of the last round wins.</source>
        <translation>Il punteggio più alto è condiviso: vince chi è stato purrfect nell&apos;ultimo round.</translation>
    </message>
    <message>
        <source>Play again</source>
        <translation>Gioca ancora</translation>
    </message>
    <message>
        <source>Back to the lobby</source>
        <translation>Torna alla sala</translation>
    </message>
    <message>
        <source>Round {n} is next</source>
        <translation>Il round {n} è il prossimo</translation>
    </message>
    <message>
        <source>Waiting for every player to close the scores; then the cards are dealt.</source>
        <translation>Si aspetta che ogni giocatore chiuda i punteggi; poi si distribuiscono le carte.</translation>
    </message>
</context>
<context>
    <name>Refusals</name>
    <message>
        <source>These two cards are not a pair: a pair shares a colour or a value.</source>
        <translation>Queste due carte non sono una coppia: una coppia ha lo stesso colore o lo stesso valore.</translation>
    </message>
    <message>
        <source>One pair per turn: end your turn, or pass if you discarded none.</source>
        <translation>Una coppia per turno: finisci il turno, o passa se non ne hai scartata nessuna.</translation>
    </message>
    <message>
        <source>You hold a pair: this table&apos;s options make you discard it.</source>
        <translation>Hai una coppia: le opzioni di questo tavolo ti obbligano a scartarla.</translation>
    </message>
    <message>
        <source>Only a 1+1, 2+2 or 3+3 may reverse the arrow instead of its effect.</source>
        <translation>Solo un 1+1, 2+2 o 3+3 può invertire la freccia al posto del suo effetto.</translation>
    </message>
    <message>
        <source>The Mistigri never forms a pair: keep it or let it be drawn.</source>
        <translation>Il Mistigri non forma mai una coppia: tienilo o lascia che venga pescato.</translation>
    </message>
    <message>
        <source>Wait: the cards are being dealt.</source>
        <translation>Aspetta: si distribuiscono le carte.</translation>
    </message>
    <message>
        <source>The game is over.</source>
        <translation>La partita è finita.</translation>
    </message>
    <message>
        <source>An offer is 1 to 4 cards, all of one cat.</source>
        <translation>Un&apos;offerta è da 1 a 4 carte, tutte dello stesso gatto.</translation>
    </message>
    <message>
        <source>You already have an offer out: withdraw it before offering again.</source>
        <translation>Hai già un&apos;offerta sul tavolo: ritirala prima di offrire di nuovo.</translation>
    </message>
    <message>
        <source>That offer is no longer on the table.</source>
        <translation>Quell&apos;offerta non è più sul tavolo.</translation>
    </message>
    <message>
        <source>You cannot accept that offer: it is yours, it is gone, or you already wait on another.</source>
        <translation>Non puoi accettare quell&apos;offerta: è tua, non c&apos;è più, o ne aspetti già un&apos;altra.</translation>
    </message>
    <message>
        <source>Too late: someone else got that offer first.</source>
        <translation>Troppo tardi: qualcun altro ha preso prima quell&apos;offerta.</translation>
    </message>
    <message>
        <source>Wait: the roofs are being set up.</source>
        <translation>Aspetta: si preparano i tetti.</translation>
    </message>
    <message>
        <source>Wait for your turn.</source>
        <translation>Aspetta il tuo turno.</translation>
    </message>
    <message>
        <source>Your turn had its two actions: the next player is on.</source>
        <translation>Il tuo turno ha avuto le sue due azioni: tocca al prossimo giocatore.</translation>
    </message>
    <message>
        <source>That push is not possible: push a tile in from one of the arrows.</source>
        <translation>Questa spinta non è possibile: spingi una tessera da una delle frecce.</translation>
    </message>
    <message>
        <source>The game is over: every cat is home.</source>
        <translation>La partita è finita: tutti i gatti sono a casa.</translation>
    </message>
    <message>
        <source>That move is not allowed now (rule %1); the banner says what you may do.</source>
        <translation>Questa mossa non è permessa ora (regola %1); la striscia in alto dice che cosa puoi fare.</translation>
    </message>
    <message>
        <source>That move is not allowed now; the banner says what you may do.</source>
        <translation>Questa mossa non è permessa ora; la striscia in alto dice che cosa puoi fare.</translation>
    </message>
</context>
<context>
    <name>TableScreen</name>
    <message>
        <source>You host this game: if you leave, a bot takes your seat and the next laptop at the table hosts the game. Leave anyway?</source>
        <translation>Ospiti questa partita: se esci, un bot prende il tuo posto e il prossimo portatile al tavolo ospita la partita. Uscire comunque?</translation>
    </message>
    <message>
        <source>Leave the table?</source>
        <translation>Lasciare il tavolo?</translation>
    </message>
    <message>
        <source>The game is not over. Leave the table anyway?</source>
        <translation>La partita non è finita. Lasciare comunque il tavolo?</translation>
    </message>
    <message>
        <source>You host this game: if you leave, it ends for everyone at the table. Leave anyway?</source>
        <translation>Ospiti tu questa partita: se esci, finisce per tutti al tavolo. Uscire comunque?</translation>
    </message>
    <message>
        <source>Leave</source>
        <translation>Esci</translation>
    </message>
    <message>
        <source>Stay</source>
        <translation>Resta</translation>
    </message>
    <message>
        <source>Moves</source>
        <translation>Mosse</translation>
    </message>
    <message>
        <source>Scores</source>
        <translation>Punteggi</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Regole</translation>
    </message>
    <message>
        <source>Show or hide the moves and the scores of every round</source>
        <translation>Mostra o nasconde le mosse e i punteggi di ogni mano</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasti</translation>
    </message>
    <message>
        <source>The keys to play without a mouse (?)</source>
        <translation>I tasti per giocare senza mouse (?)</translation>
    </message>
    <message>
        <source>Leave the table</source>
        <translation>Lascia il tavolo</translation>
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
        <translation>passa da una carta o un pulsante utilizzabile all&apos;altro</translation>
    </message>
    <message>
        <source>Space / Enter</source>
        <translation>Spazio / Invio</translation>
    </message>
    <message>
        <source>click the card or button in the ring</source>
        <translation>clicca la carta o il pulsante cerchiato</translation>
    </message>
    <message>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <source>clear your choice; close this help</source>
        <translation>annulla la scelta; chiude questo aiuto</translation>
    </message>
    <message>
        <source>Tab</source>
        <translation>Tab</translation>
    </message>
    <message>
        <source>reach the Rules, Moves and Leave buttons</source>
        <translation>raggiunge i pulsanti Regole, Mosse e Lascia</translation>
    </message>
    <message>
        <source>show or hide this help</source>
        <translation>mostra o nasconde questo aiuto</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasti</translation>
    </message>
    <message>
        <source>Waiting for the host…</source>
        <translation>Si aspetta chi ospita…</translation>
    </message>
</context>
<context>
    <name>Tutorial</name>
    <message>
        <source>Skip the tutorial</source>
        <translation>Salta la guida</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Chiudi</translation>
    </message>
    <message>
        <source>Learn to play</source>
        <translation>Impara a giocare</translation>
    </message>
    <message>
        <source>Well played: that was a whole round! Each card left in a hand counts against its player. Click the button to go on: the rest of the game is yours.</source>
        <translation>Ben giocato: era un round intero! Ogni carta rimasta in mano conta contro chi la tiene. Clicca il pulsante per continuare: il resto della partita è tuo.</translation>
    </message>
    <message>
        <source>Momistigri: on your turn you draw a card from the player before you, then you may discard one pair (same colour or same value). The fewest points wins, and nobody wants the Mistigri, the black cat.</source>
        <translation>Momistigri: al tuo turno peschi una carta dal giocatore prima di te, poi puoi scartare una coppia (stesso colore o stesso valore). Vince chi ha meno punti, e nessuno vuole il Mistigri, il gatto nero.</translation>
    </message>
    <message>
        <source>The cards are being dealt…</source>
        <translation>Si distribuiscono le carte…</translation>
    </message>
    <message>
        <source>{name} is playing. The banner at the top always says whose turn it is.</source>
        <translation>Gioca {name}. La striscia in alto dice sempre di chi è il turno.</translation>
    </message>
    <message>
        <source>Draw {n} cards from {name}: click the glowing cards one after the other.</source>
        <translation>Pesca {n} carte da {name}: clicca le carte illuminate una dopo l&apos;altra.</translation>
    </message>
    <message>
        <source>Your turn! Draw a card from {name}: click one of the glowing cards.</source>
        <translation>Tocca a te! Pesca una carta da {name}: clicca una delle carte illuminate.</translation>
    </message>
    <message>
        <source>You draw blind: nobody sees the faces of the others&apos; cards.</source>
        <translation>Peschi alla cieca: nessuno vede le facce delle carte degli altri.</translation>
    </message>
    <message>
        <source>A pair of equal values has an effect, written on its button; a pair of one colour has none.</source>
        <translation>Una coppia di valori uguali ha un effetto, scritto sul suo pulsante; una coppia dello stesso colore non ne ha.</translation>
    </message>
    <message>
        <source>You hold a pair: select it. Click this card: {card}.</source>
        <translation>Hai una coppia: selezionala. Clicca questa carta: {card}.</translation>
    </message>
    <message>
        <source>Now click the button above your hand to discard the pair.</source>
        <translation>Ora clicca il pulsante sopra la tua mano per scartare la coppia.</translation>
    </message>
    <message>
        <source>No pair in your hand this time: click Pass.</source>
        <translation>Questa volta non hai coppie in mano: clicca Passa.</translation>
    </message>
    <message>
        <source>Your pair is down: click End turn.</source>
        <translation>La tua coppia è scartata: clicca Fine turno.</translation>
    </message>
    <message>
        <source>One pair per turn: only a 6+6 lets you discard another.</source>
        <translation>Una coppia per turno: solo un 6+6 ti fa scartarne un&apos;altra.</translation>
    </message>
    <message>
        <source>2+2: click the card {name} must draw from you, your worst: {card}.</source>
        <translation>2+2: clicca la carta che {name} dovrà pescare da te, la tua peggiore: {card}.</translation>
    </message>
    <message>
        <source>4+4: you give a card away. Click this card: {card}.</source>
        <translation>4+4: regali una carta. Clicca questa carta: {card}.</translation>
    </message>
    <message>
        <source>Now click {name}: they get the card.</source>
        <translation>Ora clicca {name}: riceve la carta.</translation>
    </message>
    <message>
        <source>3+3: you swap a card with the pile. Click the card you put down: {card}.</source>
        <translation>3+3: scambi una carta con la pila. Clicca la carta che posi: {card}.</translation>
    </message>
    <message>
        <source>Now click the card you take from the pile.</source>
        <translation>Ora clicca la carta che prendi dalla pila.</translation>
    </message>
    <message>
        <source>5+5: you hand out cards from the pile. Click this card of the pile: {card}.</source>
        <translation>5+5: distribuisci carte dalla pila. Clicca questa carta della pila: {card}.</translation>
    </message>
    <message>
        <source>Draw a card from the glowing fan.</source>
        <translation>Pesca una carta dal ventaglio illuminato.</translation>
    </message>
    <message>
        <source>Follow the banner at the top: it says what you may do.</source>
        <translation>Segui la striscia in alto: dice che cosa puoi fare.</translation>
    </message>
    <message>
        <source>Purrfect: everyone trades at once. Collect nine cards of one cat: offer the cats you hold fewest of, and take the offers of others in exchange.</source>
        <translation>Purrfect: tutti scambiano nello stesso momento. Raccogli nove carte di un solo gatto: offri i gatti di cui hai meno carte e prendi in cambio le offerte degli altri.</translation>
    </message>
    <message>
        <source>That was a whole round! The purrfect player scores the most pawprints. Click the button to go on: the rest of the game is yours.</source>
        <translation>Era un round intero! Chi è purrfect fa più impronte. Clicca il pulsante per continuare: il resto della partita è tuo.</translation>
    </message>
    <message>
        <source>All your cards show one cat: your hand is purrfect! Click Purrfect!</source>
        <translation>Tutte le tue carte mostrano un solo gatto: la tua mano è purrfect! Clicca Purrfect!</translation>
    </message>
    <message>
        <source>Be quick: the first to declare a purrfect hand wins the round.</source>
        <translation>Sii svelto: il primo a dichiarare una mano purrfect vince il round.</translation>
    </message>
    <message>
        <source>You accepted an offer: the swap happens as soon as its owner takes it.</source>
        <translation>Hai accettato un&apos;offerta: lo scambio avviene appena chi l&apos;ha fatta lo conferma.</translation>
    </message>
    <message>
        <source>Your offer is on the table: wait for someone to take it, or accept theirs.</source>
        <translation>La tua offerta è sul tavolo: aspetta che qualcuno la prenda, o accetta la sua.</translation>
    </message>
    <message>
        <source>Start again from nothing: click Clear selection.</source>
        <translation>Ricomincia da zero: clicca Annulla selezione.</translation>
    </message>
    <message>
        <source>To take an offer you give as many cards of one cat as it holds; you see what you got only after the swap.</source>
        <translation>Per prendere un&apos;offerta dai altrettante carte di un solo gatto; vedi che cosa hai ricevuto solo dopo lo scambio.</translation>
    </message>
    <message>
        <source>An offer is 1 to 4 cards of one cat, face down: the others see only how many.</source>
        <translation>Un&apos;offerta è da 1 a 4 carte di un solo gatto, coperte: gli altri ne vedono solo il numero.</translation>
    </message>
    <message>
        <source>To take {name}&apos;s offer, select as many of your {cat} cards as it holds ({n}): click the ringed card.</source>
        <translation>Per prendere l&apos;offerta di {name}, seleziona altrettante tue carte {cat} ({n}): clicca la carta cerchiata.</translation>
    </message>
    <message>
        <source>Now click {name}&apos;s offer: you swap your cards for theirs.</source>
        <translation>Ora clicca l&apos;offerta di {name}: scambi le tue carte con le sue.</translation>
    </message>
    <message>
        <source>Trade away a cat you hold few of: select your {cat} cards. Click the ringed card.</source>
        <translation>Cedi un gatto di cui hai poche carte: seleziona le tue carte {cat}. Clicca la carta cerchiata.</translation>
    </message>
    <message>
        <source>Now click Offer: your cards go face down in front of you for the others.</source>
        <translation>Ora clicca Offri: le tue carte vanno coperte davanti a te, per gli altri.</translation>
    </message>
    <message>
        <source>No sin mi gato: the roof&apos;s gutters lead the cats to their homes. A cat joined to a home of its colour by a gutter goes home, and its points are yours.</source>
        <translation>No sin mi gato: le grondaie del tetto portano i gatti a casa. Un gatto unito da una grondaia a una casa del suo colore torna a casa, e i suoi punti sono tuoi.</translation>
    </message>
    <message>
        <source>Every cat is home: the game is over. You know the game now: have fun!</source>
        <translation>Tutti i gatti sono a casa: la partita è finita. Ora conosci il gioco: divertiti!</translation>
    </message>
    <message>
        <source>The tiles are being laid…</source>
        <translation>Si posano le tessere…</translation>
    </message>
    <message>
        <source>{name} is moving the gutters. Each turn has two actions.</source>
        <translation>{name} sposta le grondaie. Ogni turno ha due azioni.</translation>
    </message>
    <message>
        <source>A turn is two actions: turn a tile, or push the top tile of the pile in.</source>
        <translation>Un turno sono due azioni: girare una tessera, o spingere dentro la tessera in cima alla pila.</translation>
    </message>
    <message>
        <source>Click the ringed tile to turn it: a turned gutter can lead a cat home.</source>
        <translation>Clicca la tessera cerchiata per girarla: una grondaia girata può portare un gatto a casa.</translation>
    </message>
    <message>
        <source>Choose how far to turn it.</source>
        <translation>Scegli di quanto girarla.</translation>
    </message>
    <message>
        <source>First turn the top tile of the pile: click the ringed arrow beside it.</source>
        <translation>Prima gira la tessera in cima alla pila: clicca la freccia cerchiata accanto.</translation>
    </message>
    <message>
        <source>Now push the tile in from the ringed arrow: the whole line moves one step.</source>
        <translation>Ora spingi dentro la tessera dalla freccia cerchiata: tutta la fila si sposta di un passo.</translation>
    </message>
</context>
<context>
    <name>Watching</name>
    <message>
        <source>You are watching: you see what a player without a hand sees.</source>
        <translation>Stai guardando: vedi ciò che vede un giocatore senza carte in mano.</translation>
    </message>
    <message>
        <source>%1&apos;s turn</source>
        <translation>Tocca a %1</translation>
    </message>
    <message>
        <source>Everyone plays at once</source>
        <translation>Tutti giocano insieme</translation>
    </message>
    <message>
        <source>The table is dealing</source>
        <translation>Il tavolo sta distribuendo</translation>
    </message>
    <message>
        <source>Who watches the table</source>
        <translation>Chi guarda il tavolo</translation>
    </message>
    <message>
        <source>Watching: %1</source>
        <translation>Guardano: %1</translation>
    </message>
</context>
<context>
    <name>tables</name>
    <message>
        <source>You</source>
        <translation>Tu</translation>
    </message>
</context>
</TS>
