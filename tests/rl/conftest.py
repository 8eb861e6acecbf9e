"""The configurations the RL adapter tests run: each game's default, and one more that changes the seats."""

CONFIGS = [
    ("champions", {}),
    ("alliances", {}),
    ("heroes", {}),
    ("heroes", {"players": 3}),
    ("alliances", {"players": 2}),
    ("champions", {"heroes": ["iron_man", "she_hulk"], "villain": "klaw"}),
]
IDS = [f"{g}-{'-'.join(f'{k}{v}' for k, v in c.items()) or 'default'}".replace(' ', '') for g, c in CONFIGS]
