"""The Momistigri table, one module per job: see `view.py`."""
