"""capes in the browser: lobby, tables with private seats, server-side bots, durable storage.

The web layer knows no game: it talks to games through the protocol only (``decision``, ``apply``,
``render``, ``visible_log``, ``glossary``, and a game's optional ``web_view``).
"""
