"""Allow ``python -m slotterm``."""

from slotterm.cli import main

raise SystemExit(main())
