"""The wire between laptops: bytes framed and read back, the handshake and its code, links that
keep their order across reconnections, the mesh of links with its signed messages, echoes,
relays, quotas and journal. Nothing here knows what a table or a game is: a message the table
will not take comes back as `Unwelcome`.
"""
