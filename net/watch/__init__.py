"""Watching a table from another laptop: the public feed a game writes and keeps, the line of
laptops a watcher may follow (signed by every player), who watches, the watcher's link and its
side of it.
"""
