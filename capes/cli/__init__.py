"""The ``capes`` command line (Typer + Rich)."""
