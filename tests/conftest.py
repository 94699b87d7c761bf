"""The whole suite speaks English unless a test asks for another language: the terminal takes
the system's language (ui/terminal/speech.py), and every `lanpurr` process a test starts
inherits this environment."""

import os

for _name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "C.UTF-8"
