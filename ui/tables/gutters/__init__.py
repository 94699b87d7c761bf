"""The No sin mi gato table, one module per job: see `view.py`."""
