"""The Purrfect table, one module per job: see `view.py`."""
