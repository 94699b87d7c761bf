"""A game between laptops, from Start to the end (docs/architecture.md, "A game between laptops").

driver.py     GameDriver: the asyncio carrier (the clock, the effects, the passes in a thread)
laptop_game.py  LaptopGame: the game between laptops, sans-I/O (rules, buffers, one timer)
acting_host.py  its layer for drop-outs: seats given to a bot, the acting host's word
key_exchange.py  its layer for the game key; waiting.py: who it waits for, the timeout
effects.py    what LaptopGame asks of the world (send, cut off, show, wake, ended)
worker.py     GameWorker: the owner of MySeats and the record, in the game's worker thread
commands.py   the typed commands of a pass, and Swap, the one shape of a seat swap
seats.py      MySeats: this laptop's seats, sans-I/O, owned by the game's worker
game_key.py   GameKeys: the game key, checked against the digest the host announced
dropouts.py   DropOuts: who dropped out, the line and the acting host, what the game does;
              Stall: the table's timeout
verdicts.py   Verdicts: what is said and saved when a laptop is named or cut off
takeover.py   a gone or cheating laptop's seats given to a bot (through MySeats)
take_up.py    a restarted laptop's seats rebuilt from the game's record
snapshot.py   the seats kept at each round's end (a restart replays only what came after)
record.py     the game's record: the seed and every pass of the worker
messages.py   the game's messages and their strict parsing
batches.py    frames sealed under the game key
setup.py      what every laptop derives from the started table; how this laptop plays
evidence.py   the evidence file of a cheat or a cut-off
"""
