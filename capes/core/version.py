"""The capes version, in core so that core modules (saves, tables, sweeps) can record it without importing the
top-level package (which imports them)."""

__version__ = "0.1.0"
