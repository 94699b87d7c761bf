"""asyncio networking: discovery, framed msgpack over TCP, peer identity, tables, reconnection.

Never imports Qt or `ui`.
"""
