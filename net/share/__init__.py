"""Giving lanpurr to a friend on the LAN: a small read-only web server for a kit (the app's
archives and wheels), its pages, and a copy of the running app as a kit.
"""
