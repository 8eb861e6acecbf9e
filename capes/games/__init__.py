"""The games capes runs, one package each."""
