"""The headless network commands: `lanpurr tables`, `lanpurr host`, `lanpurr join`."""

import argparse


def add_parsers(commands: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Register the network subcommands (filled in by the network layer)."""
