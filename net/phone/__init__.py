"""Watching a table from a phone: a small web page that this laptop serves on the LAN.

A phone's browser opens `http://ADDRESS:PORT/` (the address the table uses on the LAN) and sees
the table live, read-only, as a watcher does (docs/decisions/0038):

    feed.py      this laptop's own public feed of its table (the watcher's replica, in
                 process), turned into the page's JSON messages
    snapshot.py  a watcher's view of each game as plain JSON the page draws
    moves.py     a public event as a JSON move entry the page words in en/it/es
    server.py    the HTTP + WebSocket server (websockets): the page's files, one socket a phone,
                 caps and limits; nothing a phone sends does anything
    page/        index.html, phone.js, phone.css: the page, ours, no build step
"""
