"""asyncio networking: discovery, framed msgpack over TCP, peer identity, tables, reconnection.

Never imports Qt or `ui`. Start at `net.lobby.Lobby` (the facade); the protocol, with a
diagram per state machine, is in docs/protocol.md.
"""
