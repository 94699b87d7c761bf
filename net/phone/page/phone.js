// lanpurr on a phone: watch a table live from the laptop that served this page.
//
// The laptop sends JSON messages over one WebSocket (/feed) and never listens to us: this
// page only draws. Every message carries what a watcher may see; a hidden card comes as null
// and is drawn as a card back. Words are in the phone's language (English, Italian, Spanish);
// the cards, cats, tiles and homes are drawn here as SVG. No build step, no library.
"use strict";

const WORDS = {
  en: {
    momistigri: "Momistigri", purrfect: "Purrfect", gutters: "No sin mi gato",
    connecting: "Connecting to the laptop…", lost: "Lost the laptop: trying again…",
    waiting: "Waiting room: {n} of {m} seats taken", free: "free seat", host: "host",
    turn: "{name}'s turn", all: "Everyone plays at once", dealing: "The table is dealing",
    over: "The game is over", cards: "{n} cards", score: "score {n}", moves: "Moves",
    watching: "Watching: {names}", phones: "{n} phones", phone: "1 phone",
    checked: "Round {n} checked: fair", unfair: "Round {n}: a cheat was named",
    ended: "Game over. Scores: {scores}", stopped: "The game stopped",
    replaced: "A bot now plays for {names}", pile: "Pile", meowkey: "Meow key",
    catsin: "Cats in play", tiles: "{n} tiles left", catsleft: "{n} cats face down",
    actions: "{n} actions left", won: "{n} cats won",
    helpup: "played a pair", clockwise: "Play goes clockwise ↻", anti: "Play goes anticlockwise ↺",
    progress_shuffling: "Shuffling: {name}'s turn to shuffle", progress_dealing: "Dealing…",
    progress_checking: "Checking the round…", progress_keys: "Making the keys…",
    progress_seeds: "Drawing the table's randomness…", progress_between: "Between rounds",
    RoundDealt: "Round {round} is dealt", TurnStarted: "{seat} draws from {draws_from}",
    CardsDrawn: "{drawer} drew {count} from {holder}", PairDiscarded: "{seat} discards a pair of {pair}",
    OnesDiscarded: "{seat} discards the 1s", DirectionReversed: "{seat} turns the arrow",
    CardGiven: "{giver} gives a card to {recipient}",
    CardHandedOut: "{giver} hands a card to {recipient}", PlayerOut: "{seat} has no cards left",
    TurnEnded: "{seat} passes", RoundEnded: "Round {round} is over",
    GameEnded: "The game is over", CatsChosen: "Cats in play: {cats}",
    OfferOpened: "{seat} offers {count}: {word}!", OfferWithdrawn: "{seat} takes the offer back",
    AcceptanceMade: "{seat} answers {offerer}'s offer with {count}",
    SwapMade: "{offerer} and {acceptor} swap {count}", PurrfectDeclared: "{seat}: Purrfect!",
    PileSwapMade: "{seat} puts a {put} on the pile and takes its {take}",
    TurnOver: "{seat}'s turn is over",
    SwapUndone: "{offerer} and {acceptor}'s swap did not happen: a laptop left",
    RoundScored: "Round {round} scored", GameWon: "{winner} wins",
    CatTurnedUp: "{cat} turns up at {slot}", TileRotated: "{seat} turns a tile",
    TilePushed: "{seat} pushes a tile in at {slot}", CatWon: "{seat} leads {cat} home",
    HomeMoved: "Home {home} moves to {to_slot}", TurnPassed: "{seat}'s turn is over",
    bot: "bot", botlevel: "bot ({level})", botseat: "Bot {n} ({on}'s laptop)",
    level_easy: "easy", level_normal: "normal", level_clever: "clever",
  },
  it: {
    momistigri: "Momistigri", purrfect: "Purrfect", gutters: "No sin mi gato",
    connecting: "Collegamento al portatile…", lost: "Portatile perso: riprovo…",
    waiting: "Sala d'attesa: {n} posti su {m} occupati", free: "posto libero", host: "ospite",
    turn: "Tocca a {name}", all: "Tutti giocano insieme", dealing: "Si distribuisce",
    over: "La partita è finita", cards: "{n} carte", score: "punti {n}", moves: "Mosse",
    watching: "Guardano: {names}", phones: "{n} telefoni", phone: "1 telefono",
    checked: "Turno {n} verificato: corretto", unfair: "Turno {n}: scoperto un imbroglio",
    ended: "Partita finita. Punti: {scores}", stopped: "La partita si è fermata",
    replaced: "Ora un bot gioca per {names}", pile: "Pila", meowkey: "Chiave dei miao",
    catsin: "Gatti in gioco", tiles: "{n} tessere rimaste", catsleft: "{n} gatti coperti",
    actions: "{n} azioni rimaste", won: "{n} gatti vinti",
    helpup: "ha scartato una coppia", clockwise: "Si gioca in senso orario ↻",
    anti: "Si gioca in senso antiorario ↺",
    progress_shuffling: "Si mescola: tocca a {name}", progress_dealing: "Si distribuisce…",
    progress_checking: "Verifica del turno…", progress_keys: "Si preparano le chiavi…",
    progress_seeds: "Si estrae il caso del tavolo…", progress_between: "Tra due turni",
    RoundDealt: "Turno {round}: carte distribuite", TurnStarted: "{seat} pesca da {draws_from}",
    CardsDrawn: "{drawer} pesca {count} da {holder}", PairDiscarded: "{seat} scarta una coppia di {pair}",
    OnesDiscarded: "{seat} scarta gli 1", DirectionReversed: "{seat} gira la freccia",
    CardGiven: "{giver} dà una carta a {recipient}",
    CardHandedOut: "{giver} passa una carta a {recipient}", PlayerOut: "{seat} non ha più carte",
    TurnEnded: "{seat} passa", RoundEnded: "Il turno {round} è finito",
    GameEnded: "La partita è finita", CatsChosen: "Gatti in gioco: {cats}",
    OfferOpened: "{seat} offre {count}: {word}!", OfferWithdrawn: "{seat} ritira l'offerta",
    AcceptanceMade: "{seat} risponde all'offerta di {offerer} con {count}",
    SwapMade: "{offerer} e {acceptor} scambiano {count}", PurrfectDeclared: "{seat}: Purrfect!",
    PileSwapMade: "{seat} mette un {put} sulla pila e ne prende il {take}",
    TurnOver: "Il turno di {seat} è finito",
    SwapUndone: "Lo scambio tra {offerer} e {acceptor} non è avvenuto: un portatile è uscito",
    RoundScored: "Turno {round}: punti contati", GameWon: "Vince {winner}",
    CatTurnedUp: "{cat} appare in {slot}", TileRotated: "{seat} gira una tessera",
    TilePushed: "{seat} spinge una tessera in {slot}", CatWon: "{seat} porta {cat} a casa",
    HomeMoved: "La casa {home} va in {to_slot}", TurnPassed: "Il turno di {seat} è finito",
    bot: "bot", botlevel: "bot ({level})", botseat: "Bot {n} (portatile di {on})",
    level_easy: "facile", level_normal: "normale", level_clever: "furbo",
  },
  es: {
    momistigri: "Momistigri", purrfect: "Purrfect", gutters: "No sin mi gato",
    connecting: "Conectando con el portátil…", lost: "Se perdió el portátil: reintentando…",
    waiting: "Sala de espera: {n} de {m} asientos ocupados", free: "asiento libre",
    host: "anfitrión", turn: "Turno de {name}", all: "Todos juegan a la vez",
    dealing: "Se reparte", over: "La partida terminó", cards: "{n} cartas", score: "puntos {n}",
    moves: "Jugadas", watching: "Miran: {names}", phones: "{n} teléfonos", phone: "1 teléfono",
    checked: "Ronda {n} comprobada: limpia", unfair: "Ronda {n}: se descubrió una trampa",
    ended: "Fin de la partida. Puntos: {scores}", stopped: "La partida se detuvo",
    replaced: "Ahora un bot juega por {names}", pile: "Montón", meowkey: "Clave de maullidos",
    catsin: "Gatos en juego", tiles: "quedan {n} losetas", catsleft: "{n} gatos boca abajo",
    actions: "quedan {n} acciones", won: "{n} gatos ganados",
    helpup: "descartó una pareja", clockwise: "Se juega en sentido horario ↻",
    anti: "Se juega en sentido antihorario ↺",
    progress_shuffling: "Barajando: le toca a {name}", progress_dealing: "Repartiendo…",
    progress_checking: "Comprobando la ronda…", progress_keys: "Preparando las claves…",
    progress_seeds: "Sorteando el azar de la mesa…", progress_between: "Entre rondas",
    RoundDealt: "Ronda {round} repartida", TurnStarted: "{seat} roba de {draws_from}",
    CardsDrawn: "{drawer} roba {count} de {holder}", PairDiscarded: "{seat} descarta una pareja de {pair}",
    OnesDiscarded: "{seat} descarta los 1", DirectionReversed: "{seat} gira la flecha",
    CardGiven: "{giver} da una carta a {recipient}",
    CardHandedOut: "{giver} pasa una carta a {recipient}", PlayerOut: "{seat} se quedó sin cartas",
    TurnEnded: "{seat} pasa", RoundEnded: "Terminó la ronda {round}",
    GameEnded: "La partida terminó", CatsChosen: "Gatos en juego: {cats}",
    OfferOpened: "{seat} ofrece {count}: ¡{word}!", OfferWithdrawn: "{seat} retira la oferta",
    AcceptanceMade: "{seat} responde a la oferta de {offerer} con {count}",
    SwapMade: "{offerer} y {acceptor} cambian {count}", PurrfectDeclared: "{seat}: ¡Purrfect!",
    PileSwapMade: "{seat} deja un {put} en la pila y toma su {take}",
    TurnOver: "Termina el turno de {seat}",
    SwapUndone: "El intercambio entre {offerer} y {acceptor} no se hizo: un portátil salió",
    RoundScored: "Ronda {round} puntuada", GameWon: "Gana {winner}",
    CatTurnedUp: "{cat} aparece en {slot}", TileRotated: "{seat} gira una loseta",
    TilePushed: "{seat} empuja una loseta en {slot}", CatWon: "{seat} lleva a {cat} a casa",
    HomeMoved: "La casa {home} pasa a {to_slot}", TurnPassed: "Terminó el turno de {seat}",
    bot: "bot", botlevel: "bot ({level})", botseat: "Bot {n} (portátil de {on})",
    level_easy: "fácil", level_normal: "intermedio", level_clever: "listo",
  },
};

function pickLanguage() {
  const asked = (navigator.languages && navigator.languages.length)
    ? navigator.languages : [navigator.language || "en"];
  for (const tag of asked) {
    const two = String(tag).slice(0, 2).toLowerCase();
    if (WORDS[two]) return two;
  }
  return "en";
}
const LANG = pickLanguage();
document.documentElement.lang = LANG;

function say(key, args) {
  let text = WORDS[LANG][key] || WORDS.en[key] || key;
  for (const [name, value] of Object.entries(args || {})) {
    text = text.split("{" + name + "}").join(String(value));
  }
  return text;
}

// -- what the page knows -------------------------------------------------------------------

const shown = {
  table: null, game: "", names: [], view: null, watchers: { names: [], phones: 0 },
  progress: null, moves: [], bots: [], laptops: [],
};
const TESTING = location.hash === "#test";
window.lanpurrDrawn = []; // (with #test: what each drawn view showed, for the browser tests)

function nameOf(seat) {
  if (typeof seat !== "number") return "?";
  const bot = shown.bots[seat];
  if (Array.isArray(bot)) return say("botseat", { n: seat + 1, on: bot[0] });
  return shown.names[seat] || "#" + (seat + 1);
}

function levelOf(level) {
  const word = say("level_" + level);
  return word === "level_" + level ? "" : word;
}

// -- drawing helpers -----------------------------------------------------------------------

const SVG = "http://www.w3.org/2000/svg";
function el(tag, attrs, parent) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}
function html(tag, cls, text, parent) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

const MOMI_COLOURS = { red: "#d9463b", blue: "#3b6fd9", green: "#3f9e4d", yellow: "#d9a521",
  purple: "#8c4fc4", black: "#222222" };
const CAT_COLOURS = { violet: "#8a5cc7", orange: "#e8842c", gold: "#d4a82a", navy: "#2f4a8a",
  grey: "#7d7d7d", red: "#cc3b3b", green: "#3d9a5a" };

function cardBox(face) {
  const svg = el("svg", { viewBox: "0 0 50 70", class: face ? "face" : "back" });
  el("rect", { x: 1, y: 1, width: 48, height: 68, rx: 6, fill: face ? "#fffaf0" : "#7b4b94",
    stroke: "#3a2a40", "stroke-width": 1.5 }, svg);
  if (!face) {
    for (const [x, y] of [[15, 18], [35, 34], [15, 50]]) drawPaw(svg, x, y, "#b58bc9");
    svg.dataset.card = "back";
  }
  return svg;
}

function drawPaw(svg, x, y, colour) {
  el("circle", { cx: x, cy: y + 3, r: 4, fill: colour }, svg);
  for (const [dx, dy] of [[-4, -3], [0, -5], [4, -3]]) {
    el("circle", { cx: x + dx, cy: y + dy, r: 1.6, fill: colour }, svg);
  }
}

function drawCatFace(svg, x, y, size, colour) {
  const s = size;
  el("path", { d: `M${x - s} ${y - s * 0.2} L${x - s * 0.8} ${y - s * 1.2} L${x - s * 0.2} ${y - s * 0.7} Z`, fill: colour }, svg);
  el("path", { d: `M${x + s} ${y - s * 0.2} L${x + s * 0.8} ${y - s * 1.2} L${x + s * 0.2} ${y - s * 0.7} Z`, fill: colour }, svg);
  el("circle", { cx: x, cy: y, r: s, fill: colour }, svg);
  el("circle", { cx: x - s * 0.38, cy: y - s * 0.1, r: s * 0.14, fill: "#fffaf0" }, svg);
  el("circle", { cx: x + s * 0.38, cy: y - s * 0.1, r: s * 0.14, fill: "#fffaf0" }, svg);
  el("path", { d: `M${x - s * 0.15} ${y + s * 0.3} L${x + s * 0.15} ${y + s * 0.3} L${x} ${y + s * 0.45} Z`, fill: "#f4a0a0" }, svg);
}

// Each Momistigri colour has its own symbol, so colour is never the only cue.
function drawSymbol(svg, colourName, x, y, fill) {
  switch (colourName) {
    case "red": // yarn ball
      el("circle", { cx: x, cy: y, r: 4, fill: "none", stroke: fill, "stroke-width": 1.5 }, svg);
      el("path", { d: `M${x - 3} ${y - 2} Q${x} ${y + 3} ${x + 3} ${y - 2}`, fill: "none", stroke: fill }, svg);
      break;
    case "blue": // fish
      el("ellipse", { cx: x, cy: y, rx: 4, ry: 2.4, fill }, svg);
      el("path", { d: `M${x + 3} ${y} L${x + 6} ${y - 3} L${x + 6} ${y + 3} Z`, fill }, svg);
      break;
    case "green": // mouse
      el("ellipse", { cx: x, cy: y + 1, rx: 4, ry: 2.6, fill }, svg);
      el("circle", { cx: x - 3, cy: y - 2, r: 1.6, fill }, svg);
      break;
    case "yellow": // bell
      el("path", { d: `M${x - 4} ${y + 3} Q${x - 4} ${y - 5} ${x} ${y - 5} Q${x + 4} ${y - 5} ${x + 4} ${y + 3} Z`, fill }, svg);
      break;
    case "purple": // feather
      el("ellipse", { cx: x, cy: y, rx: 2, ry: 5, fill, transform: `rotate(30 ${x} ${y})` }, svg);
      break;
    default: // moon
      el("path", { d: `M${x + 2} ${y - 5} A5 5 0 1 0 ${x + 2} ${y + 5} A4 4 0 1 1 ${x + 2} ${y - 5} Z`, fill }, svg);
  }
}

function momiCard(card) {
  const svg = cardBox(card);
  if (!card) return svg;
  const colour = MOMI_COLOURS[card.c] || "#222";
  el("rect", { x: 4, y: 4, width: 42, height: 62, rx: 4, fill: "none", stroke: colour, "stroke-width": 2.5 }, svg);
  const label = card.v === 10 ? "M" : String(card.v);
  el("text", { x: 8, y: 17, "font-size": 13, "font-weight": 700, fill: colour }, svg).textContent = label;
  el("text", { x: 42, y: 62, "font-size": 13, "font-weight": 700, fill: colour, "text-anchor": "end" }, svg).textContent = label;
  drawCatFace(svg, 25, 38, card.c === "black" ? 10 : 8, colour);
  drawSymbol(svg, card.c, 38, 13, colour);
  svg.dataset.card = card.v + "/" + card.c;
  return svg;
}

function purrCard(card) {
  const svg = cardBox(card);
  if (!card) return svg;
  const colour = CAT_COLOURS[card.c] || "#777";
  el("rect", { x: 3, y: 3, width: 44, height: 64, rx: 5, fill: "none", stroke: colour, "stroke-width": 4 }, svg);
  el("text", { x: 25, y: 28, "font-size": 20, "font-weight": 800, fill: colour, "text-anchor": "middle" }, svg).textContent = card.cat.slice(0, 1);
  drawCatFace(svg, 25, 46, 7, colour);
  el("text", { x: 25, y: 64, "font-size": 8, fill: "#333", "text-anchor": "middle" }, svg).textContent = card.cat;
  svg.dataset.card = card.cat;
  return svg;
}

// -- one drawing per game ------------------------------------------------------------------

function seatPanel(seat, extra) {
  const panel = html("div", "seat", null, document.getElementById("seats"));
  panel.dataset.seat = seat;
  html("div", "name", nameOf(seat), panel);
  html("div", "info", extra.join(" · "), panel);
  return panel;
}

function drawHand(panel, cards, drawCard) {
  const hand = html("div", "hand", null, panel);
  for (const card of cards) hand.appendChild(drawCard(card));
  panel.dataset.count = cards.length;
}

function drawMomistigri(snap) {
  const board = document.getElementById("board");
  const pile = html("div", "pile", null, board);
  pile.setAttribute("aria-label", say("pile"));
  for (const card of snap.pile.slice(-12)) pile.appendChild(momiCard(card));
  pile.dataset.count = snap.pile.length;
  html("div", "info", snap.direction === 1 ? say("clockwise") : say("anti"), board);
  snap.hands.forEach((hand, seat) => {
    const extra = [say("cards", { n: hand.length }), say("score", { n: snap.totals[seat] || 0 })];
    if (snap.help_up[seat]) extra.push(say("helpup"));
    const panel = seatPanel(seat, extra);
    if (snap.active === seat && snap.phase !== "over") panel.classList.add("turn");
    drawHand(panel, hand, momiCard);
  });
  if (snap.active !== null && snap.active !== undefined && snap.phase !== "over") {
    return say("turn", { name: nameOf(snap.active) });
  }
  return snap.phase === "over" ? say("over") : say("dealing");
}

function drawPurrfect(snap) {
  const board = document.getElementById("board");
  if (snap.meow_key.length) {
    const key = html("div", "key", null, board);
    key.setAttribute("aria-label", say("meowkey"));
    snap.meow_key.forEach((word, i) => html("span", null, (i + 1) + " · " + word, key));
  }
  if (snap.cats.length) {
    const cats = html("div", "cats", null, board);
    cats.setAttribute("aria-label", say("catsin"));
    for (const cat of snap.cats) cats.appendChild(purrCard({ cat: cat.cat, c: cat.c, pose: 0 }));
  }
  snap.hands.forEach((hand, seat) => {
    const extra = [say("cards", { n: hand.length }), say("score", { n: snap.totals[seat] || 0 })];
    const panel = seatPanel(seat, extra);
    drawHand(panel, hand, purrCard);
    const offer = snap.offers.find((o) => o.seat === seat);
    if (offer) {
      const bubble = html("div", "bubble", offer.word + "! ×" + offer.n, panel);
      bubble.dataset.offer = offer.n;
    }
  });
  if (snap.winner !== null && snap.winner !== undefined) return say("over");
  return snap.hands.length && snap.hands[0].length ? say("all") : say("dealing");
}

function drawTile(svg, x, y, mask) {
  const g = el("g", { "data-open": mask }, svg);
  el("rect", { x: x + 0.4, y: y + 0.4, width: 9.2, height: 9.2, rx: 1.5, fill: "#b5553c", stroke: "#7a3526", "stroke-width": 0.4 }, g);
  const ends = [[1, x + 5, y], [2, x + 10, y + 5], [4, x + 5, y + 10], [8, x, y + 5]];
  for (const [bit, ex, ey] of ends) {
    if (mask & bit) {
      el("line", { x1: x + 5, y1: y + 5, x2: ex, y2: ey, stroke: "#5d8fb0", "stroke-width": 3.2, "stroke-linecap": "round" }, g);
      el("line", { x1: x + 5, y1: y + 5, x2: ex, y2: ey, stroke: "#9cd0ee", "stroke-width": 1.6, "stroke-linecap": "round" }, g);
    }
  }
  return g;
}

function slotPlace(name, size) {
  const side = name[0];
  const n = Number(name.slice(1));
  if (side === "T") return [(n + 1) * 10, 0];
  if (side === "B") return [(n + 1) * 10, (size + 1) * 10];
  if (side === "L") return [0, (n + 1) * 10];
  return [(size + 1) * 10, (n + 1) * 10];
}

function drawGutters(snap) {
  const board = document.getElementById("board");
  const size = snap.size;
  const side = (size + 2) * 10;
  const svg = el("svg", { viewBox: `0 0 ${side} ${side}`, class: "board", role: "img" });
  board.appendChild(svg);
  snap.cells.forEach((mask, i) => drawTile(svg, (i % size + 1) * 10, (Math.floor(i / size) + 1) * 10, mask));
  for (const [name, what] of Object.entries(snap.slots)) {
    const [x, y] = slotPlace(name, size);
    const g = el("g", { "data-slot": name }, svg);
    if (what.home) {
      g.dataset.home = what.home;
      el("path", { d: `M${x + 2} ${y + 9} L${x + 2} ${y + 5} L${x + 5} ${y + 2} L${x + 8} ${y + 5} L${x + 8} ${y + 9} Z`, fill: "#f2d58c", stroke: "#6b4a1e", "stroke-width": 0.5 }, g);
      el("text", { x: x + 5, y: y + 8.4, "font-size": 3.5, "text-anchor": "middle", fill: "#6b4a1e" }, g).textContent = what.home;
    } else {
      g.dataset.cat = what.cat || "?";
      el("circle", { cx: x + 5, cy: y + 5, r: 4, fill: what.cat ? "#f0e6d2" : "#7b4b94", stroke: "#333", "stroke-width": 0.4 }, g);
      if (what.cat) {
        drawCatFace(g, x + 5, y + 5.6, 2.2, "#8a6a4a");
        el("circle", { cx: x + 8, cy: y + 2, r: 1.8, fill: "#ffb347" }, g);
        el("text", { x: x + 8, y: y + 3, "font-size": 2.6, "text-anchor": "middle", fill: "#222" }, g).textContent = String(what.value);
      }
    }
  }
  const info = [say("tiles", { n: snap.tiles_left }), say("catsleft", { n: snap.cats_left })];
  if (snap.pile_top !== null) {
    const top = el("svg", { viewBox: "0 0 10 10", width: 40, height: 40 });
    drawTile(top, 0, 0, snap.pile_top);
    board.appendChild(top);
  }
  html("div", "info", info.join(" · "), board);
  snap.won.forEach((cats, seat) => {
    const points = cats.reduce((a, b) => a + b, 0);
    const extra = [say("won", { n: cats.length }), say("score", { n: points })];
    if (snap.active === seat && snap.phase !== "over") extra.push(say("actions", { n: snap.actions_left }));
    const panel = seatPanel(seat, extra);
    panel.dataset.count = cats.length;
    if (snap.active === seat && snap.phase !== "over") panel.classList.add("turn");
  });
  if (snap.phase === "over") return say("over");
  return say("turn", { name: nameOf(snap.active) });
}

const DRAWERS = { momistigri: drawMomistigri, purrfect: drawPurrfect, gutters: drawGutters };

function clear(id) {
  const node = document.getElementById(id);
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

function drawWaitingRoom() {
  const table = shown.table;
  clear("board");
  const seats = clear("seats");
  const bots = table.bots || [];
  table.seats.forEach((who, seat) => {
    const panel = html("div", "seat", null, seats);
    panel.dataset.seat = seat;
    const bot = typeof bots[seat] === "string" ? bots[seat] : null;
    const level = bot === null ? "" : levelOf(bot);
    const label = bot === null ? who || say("free") : level ? say("botlevel", { level }) : say("bot");
    html("div", "name", label, panel);
    if (who && who === table.host) html("div", "info", say("host"), panel);
  });
  const taken = table.seats.filter((s, i) => s || typeof bots[i] === "string").length;
  setStatus(say("waiting", { n: taken, m: table.seats.length }));
}

function drawView(record) {
  const view = shown.view;
  if (!view || !DRAWERS[shown.game]) return;
  clear("board");
  clear("seats");
  let status = DRAWERS[shown.game](view.snap);
  const progress = shown.progress;
  if (progress && progress.step !== "playing" && say("progress_" + progress.step) !== "progress_" + progress.step) {
    status = say("progress_" + progress.step, { name: nameOf(progress.seat) });
  }
  setStatus(status);
  if (TESTING && record) window.lanpurrDrawn.push(domSummary());
}

// What the page shows, read back from the drawing itself (the browser tests compare it).
function domSummary() {
  const seats = [...document.querySelectorAll("#seats .seat")].map((panel) => ({
    count: Number(panel.dataset.count || 0),
    cards: [...panel.querySelectorAll(".hand svg")].map((c) => c.dataset.card),
    offer: panel.querySelector(".bubble") ? Number(panel.querySelector(".bubble").dataset.offer) : 0,
  }));
  const pile = [...document.querySelectorAll("#board .pile svg")].map((c) => c.dataset.card);
  const cells = [...document.querySelectorAll("#board svg.board g[data-open]")].map((g) => Number(g.dataset.open));
  const slots = {};
  for (const g of document.querySelectorAll("#board g[data-slot]")) {
    slots[g.dataset.slot] = g.dataset.home ? "home " + g.dataset.home : g.dataset.cat;
  }
  return { seats, pile, cells, slots };
}

function setStatus(text) {
  document.getElementById("status").textContent = text;
}

function addMoves(moves) {
  const list = document.getElementById("moves");
  for (const move of moves) {
    const item = document.createElement("li");
    item.textContent = moveText(move);
    list.insertBefore(item, list.firstChild);
  }
  while (list.children.length > 60) list.removeChild(list.lastChild);
}

function moveText(move) {
  const args = {};
  for (const [name, value] of Object.entries(move)) {
    if (name === "t") continue;
    const isSeat = ["seat", "draws_from", "drawer", "holder", "giver", "recipient", "offerer",
      "acceptor", "declarer", "winner"].includes(name);
    args[name] = isSeat ? nameOf(value) : Array.isArray(value) ? value.join(", ") : value;
  }
  const value = (face) => String(face).split(".")[0];
  if (move.t === "PairDiscarded" && Array.isArray(move.faces)) {
    args.pair = move.faces.map(value).join("+");
  }
  if (move.t === "PileSwapMade") {
    args.put = value(move.put_face);
    args.take = value(move.take_face);
  }
  if (move.t === "TurnEnded" && move.passed === false) return say("TurnOver", args);
  return say(move.t, args);
}

function addNote(message) {
  const notes = document.getElementById("notes");
  let text = "";
  if (message.k === "checked") text = say(message.fair ? "checked" : "unfair", { n: message.round });
  else if (message.k === "over") text = say("ended", { scores: message.scores.map((s, i) => nameOf(i) + " " + s).join(", ") });
  else if (message.k === "stopped") text = say("stopped"); // (its reason is the laptop's English)
  else if (message.k === "replaced") text = say("replaced", { names: message.seats.map(nameOf).join(", ") });
  const note = html("div", null, text, null);
  note.dataset.note = message.k;
  notes.insertBefore(note, notes.firstChild);
  while (notes.children.length > 3) notes.removeChild(notes.lastChild);
}

function drawWatchers() {
  const parts = [];
  if (shown.watchers.names.length) parts.push(say("watching", { names: shown.watchers.names.join(", ") }));
  const phones = shown.watchers.phones;
  if (phones) parts.push(phones === 1 ? say("phone") : say("phones", { n: phones }));
  document.getElementById("watchers").textContent = parts.join(" · ");
}

// -- the feed ------------------------------------------------------------------------------

function take(message) {
  switch (message.k) {
    case "table":
      shown.table = message;
      document.getElementById("title").textContent = "lanpurr · " + say(message.game);
      if (message.phase !== "playing" || !shown.view) drawWaitingRoom();
      break;
    case "laptops":
      shown.laptops = Array.isArray(message.at) ? message.at : [];
      break;
    case "watchers":
      shown.watchers = { names: message.names || [], phones: message.phones || 0 };
      drawWatchers();
      break;
    case "start":
      shown.game = message.game;
      shown.names = message.names;
      shown.bots = message.bots || [];
      shown.view = message.view;
      shown.progress = null;
      clear("moves");
      clear("notes");
      drawView(true);
      break;
    case "view":
      shown.view = message;
      drawView(true);
      addMoves(message.moves);
      break;
    case "recent":
      addMoves(message.moves);
      break;
    case "progress":
      shown.progress = message;
      drawView();
      break;
    case "replaced":
      shown.names = message.names;
      shown.bots = message.bots || shown.bots;
      addNote(message);
      drawView();
      break;
    case "checked": case "over": case "stopped":
      addNote(message);
      break;
  }
}

// -- the laptop, and where to go on when it goes --------------------------------------------
//
// The page watches at the laptop that served it. That laptop names the other laptops of the
// game's line (`laptops`: host:port each, plain http on the LAN, as the start every laptop of
// the line signed names them). When its socket closes, or says nothing for SILENT ms (the
// laptop says `beat` every 5 s), the page tries its own laptop once more, then each of those
// in turn: the first whose feed answers with this very table gets the phone, which opens that
// laptop's page (so a reload, later, reaches a laptop that is still there).

const SILENT = 20000;
const ADDRESS = /^(\d{1,3}\.){3}\d{1,3}:\d{1,5}$/;
const REACH = new Set((document.querySelector('meta[name="lanpurr-reach"]') || {}).content
  ? document.querySelector('meta[name="lanpurr-reach"]').content.split(" ") : []);
let socket = null;
let heardAt = 0;
let retry = 1000;

function laptops() {
  return (shown.laptops || []).filter((a) => typeof a === "string" && ADDRESS.test(a) && a !== location.host);
}

function sameTable(message) {
  return !!message && message.k === "table" && !!shown.table && message.id === shown.table.id &&
    message.phase !== "closed";
}

function feedOf(address) {
  return "ws://" + address + "/feed";
}

// Its CSP lets the page dial only the laptops its own laptop named when it served it: one
// named since (it joined later) needs the page loaded again, while its own laptop is there.
function reloadForNew() {
  if (!laptops().some((a) => !REACH.has(a))) return;
  let last = 0;
  try { last = Number(sessionStorage.getItem("lanpurr-reloaded") || 0); } catch (e) { return; }
  if (Date.now() - last < 60000) return;
  try { sessionStorage.setItem("lanpurr-reloaded", String(Date.now())); } catch (e) { return; }
  location.reload();
}

function connect() {
  const link = document.getElementById("link");
  if (!shown.table) setStatus(say("connecting"));
  let heard = false;
  const here = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/feed");
  socket = here;
  heardAt = Date.now();
  here.onopen = () => { link.classList.add("on"); };
  here.onmessage = (event) => {
    let message;
    try { message = JSON.parse(event.data); } catch (e) { message = null; }
    if (!heard && shown.table && shown.table.id && !sameTable(message)) {
      // (another table answers at this address now: not this game's)
      lost(here, false);
      return;
    }
    heard = true;
    heardAt = Date.now();
    retry = 1000;
    if (!message || typeof message.k !== "string") return;
    take(message);
    if (message.k === "laptops") reloadForNew();
  };
  here.onclose = () => lost(here, heard);
  here.lost = () => lost(here, heard);
}

function lost(here, heard) {
  if (socket !== here) return;
  socket = null;
  here.onclose = null;
  try { here.close(); } catch (e) { /* (already closed) */ }
  document.getElementById("link").classList.remove("on");
  setStatus(say("lost"));
  if (heard) { setTimeout(connect, 500); return; } // (its own laptop, once more)
  goOn(laptops(), 0);
}

// Try the laptops in turn; none answers: back to this page's own laptop, a little later.
function goOn(list, index) {
  if (index >= list.length) {
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 10000);
    return;
  }
  const address = list[index];
  let done = false;
  const next = () => { if (!done) { done = true; goOn(list, index + 1); } };
  let probe;
  try { probe = new WebSocket(feedOf(address)); } catch (e) { next(); return; }
  const timer = setTimeout(() => { probe.close(); next(); }, 5000);
  probe.onmessage = (event) => {
    let message;
    try { message = JSON.parse(event.data); } catch (e) { message = null; }
    if (done || !message || message.k !== "table") return;
    done = true;
    clearTimeout(timer);
    probe.onclose = null;
    probe.close();
    if (shown.table && shown.table.id && sameTable(message)) {
      location.replace(location.protocol + "//" + address + "/" + location.hash);
    } else {
      goOn(list, index + 1);
    }
  };
  probe.onclose = () => { clearTimeout(timer); next(); };
}

setInterval(() => {
  if (socket && Date.now() - heardAt > SILENT) socket.lost(); // (silent: as good as gone)
}, 2000);

document.getElementById("moves-title").textContent = say("moves");
connect();
