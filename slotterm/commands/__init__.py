"""One module per command-line command; each exposes ``run_<name>(args) -> int``."""
