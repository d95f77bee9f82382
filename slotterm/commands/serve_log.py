"""The log of ``slotterm serve``: one line per event on stderr, as slotterm's other lines
(``slotterm: warning: refused GET /ws from 127.0.0.1: no token``).

Nothing a client sends puts a traceback in it: a request aiohttp cannot parse (two Host
headers, bytes that are not HTTP) is one line saying so (:class:`MalformedRequests`);
a traceback is left only for a fault of the server itself.  The access log (a line per
request) is off.
"""

from __future__ import annotations

import logging
import sys

from aiohttp.http_exceptions import HttpProcessingError

SHOWN = 120
"""Characters of aiohttp's reason for a malformed request shown at most."""


class LogFormat(logging.Formatter):
    """``slotterm: warning: MESSAGE``: the level in lower case."""

    def format(self, record: logging.LogRecord) -> str:
        """The record as one line (and its traceback, if it still carries one)."""
        line = f"slotterm: {record.levelname.lower()}: {record.getMessage()}"
        if record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        return line


class MalformedRequests(logging.Filter):
    """aiohttp's "Error handling request" for a request it could not parse becomes one
    line, ``refused a malformed request from ADDRESS: REASON``, without its traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite ``record`` if it is such a one; every record is kept."""
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, HttpProcessingError):
            remote = record.args[0] if isinstance(record.args, tuple) and record.args else None
            reason = " ".join(str(error.message).split())[:SHOWN] or "not HTTP"
            record.msg = "refused a malformed request from %s: %s"
            record.args = (remote or "an unknown address", reason)
            record.levelno, record.levelname = logging.WARNING, "WARNING"
            record.exc_info = None
            record.exc_text = None
        return True


def start_log(*, debug: bool) -> None:
    """Send the log to stderr, one line per event (see the module's docstring)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(LogFormat())
    handler.addFilter(MalformedRequests())
    logging.basicConfig(level="DEBUG" if debug else "INFO", handlers=[handler], force=True)
    logging.getLogger("aiohttp.access").setLevel(logging.WARNING)
