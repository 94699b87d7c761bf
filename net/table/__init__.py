"""A laptop at a table: the session it holds there (admission, requests, the host's word, the
table passing to the next laptop), the shapes of the table's message bodies, the countdown of
absent members, the start of the table's game (net.game plays it) and the host's desk for
watchers. The table's signed state itself is net.table_state, which every room reads.
"""
