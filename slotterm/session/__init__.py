"""The player's session: wallet, bet selection, history, and (later) the crash-safe store."""
