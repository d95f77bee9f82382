"""Who may use ``slotterm serve``: every request's token, Host and Origin, checked as
Jupyter checks them.

* **The token.**  Each server start draws a new one (:func:`new_token`, from
  :mod:`secrets`) and prints it in the address to open (``http://127.0.0.1:8000/?token=…``).
  A request carries it in its query (``?token=``) or in the cookie that the first page
  loaded with it sets (``HttpOnly``: no script reads it; ``SameSite=Strict``: no other
  site's page sends it; named after the port, since a cookie is shared by every port of
  a host).  The page's websocket carries the cookie, as a browser sends it along.
* **The Host header** must name this server: the address it listens on, ``localhost``,
  ``127.0.0.1`` or ``[::1]``, with its port.  A page of ``evil.example`` whose name has
  been pointed at 127.0.0.1 (DNS rebinding) sends ``Host: evil.example:8000`` and is
  refused.  A server listening on every address (``--host 0.0.0.0``) is reached by
  whatever address the network gives this computer, so there any IP address is let in,
  and this computer's own name; a DNS name that is not ours never is.
* **The Origin header**, which a browser sends with every websocket and with requests
  made by scripts, must be this server's own (``http://`` and the Host): a page of any
  other site cannot open the game's websocket, even with the player's cookie.

:func:`refusal` says why a request is refused (``None``: let in); the server answers a
refusal with HTTP 403 and one line in its log (:func:`log_line`).
"""

from __future__ import annotations

import ipaddress
import secrets
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

TOKEN_BYTES = 32
"""Random bytes in a token (43 characters of URL-safe base64)."""
TOKEN_FIELD = "token"
"""The query field that carries the token (``/?token=…``)."""
COOKIE_PREFIX = "slotterm-serve-token-"
"""The token's cookie is this and the port (``slotterm-serve-token-8000``)."""
HTTP_PORT = 80
"""The port a Host header without one means."""
SHOWN = 60
"""Characters of a refused header shown in the log at most."""
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "[::1]"})
"""The names of this computer every server answers to."""


def new_token() -> str:
    """A fresh random token for one server start."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def _address(name: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """``name`` as an IP address (an IPv6 one in brackets), or ``None`` for a host name."""
    bracketed = name.startswith("[") and name.endswith("]")
    try:
        address = ipaddress.ip_address(name[1:-1] if bracketed else name)
    except ValueError:
        return None
    if (address.version == 6) != bracketed:  # IPv6 needs its brackets, IPv4 has none
        return None
    return address


def host_name(name: str) -> str:
    """``name`` as this module compares host names: lower case, an IP address in its
    usual spelling (IPv6 in brackets)."""
    address = _address(name)
    if address is None:
        return name.lower()
    return f"[{address.compressed}]" if address.version == 6 else str(address)


def split_host(value: str) -> tuple[str, int] | None:
    """A Host header (``name``, ``name:port``, ``[v6]:port``) as (name, port), the name
    compared as :func:`host_name` does; ``None`` when it is not one."""
    if value.startswith("["):
        end = value.find("]") + 1
        if end == 0:
            return None
        name, rest = value[:end], value[end:]
    else:
        name, colon, port = value.partition(":")
        rest = colon + port
    if not name or not name.isascii() or not name.isprintable() or " " in name:
        return None
    if not rest:
        return host_name(name), HTTP_PORT
    digits = rest[1:]
    if not (rest.startswith(":") and digits.isascii() and digits.isdigit() and len(digits) <= 5):
        return None
    return host_name(name), int(digits)


@dataclass(frozen=True)
class Guard:
    """The rules of one server: its token, its port, the host names it answers to."""

    token: str
    port: int
    names: frozenset[str]
    """The host names (as :func:`host_name` spells them) a Host header may give."""
    any_address: bool = False
    """Whether any IP address is a name of this server too (it listens on all of them)."""

    @classmethod
    def serving(cls, host: str, port: int, token: str) -> Guard:
        """The guard of a server listening on ``host``:``port``."""
        spelled = f"[{host}]" if ":" in host and not host.startswith("[") else host
        names = set(LOOPBACK_NAMES) | {host_name(spelled)}
        address = _address(spelled)
        any_address = address is not None and address.is_unspecified
        if any_address:
            names.add(socket.gethostname().lower())
        return cls(token=token, port=port, names=frozenset(names), any_address=any_address)

    @property
    def cookie_name(self) -> str:
        """The name of the cookie that carries the token."""
        return f"{COOKIE_PREFIX}{self.port}"

    def page_url(self, public_url: str) -> str:
        """The address to open: ``public_url`` (``http://host:port/``) with the token."""
        return f"{public_url}?{TOKEN_FIELD}={self.token}"

    def is_ours(self, name: str, port: int) -> bool:
        """Whether ``name``:``port`` (as :func:`split_host` gives them) is this server."""
        if port != self.port:
            return False
        return name in self.names or (self.any_address and _address(name) is not None)

    def has_token(self, offered: str | None) -> bool:
        """Whether ``offered`` is this server's token (compared in constant time)."""
        if offered is None:
            return False
        return secrets.compare_digest(
            offered.encode("utf-8", "surrogatepass"), self.token.encode("ascii")
        )


def refusal(
    guard: Guard,
    hosts: list[str],
    origins: list[str],
    query_token: str | None,
    cookie_token: str | None,
) -> str | None:
    """Why a request with these Host and Origin headers and tokens is refused, in a few
    words; ``None`` when it is let in."""
    if len(hosts) != 1:
        return "no Host header" if not hosts else "more than one Host header"
    here = split_host(hosts[0])
    if here is None or not guard.is_ours(*here):
        return f"Host {shown(hosts[0])} is not this server (a page of another site?)"
    if len(origins) > 1:
        return "more than one Origin header"
    if origins and not _same_origin(origins[0], here):
        return f"Origin {shown(origins[0])} is not this server's page"
    if guard.has_token(query_token) or guard.has_token(cookie_token):
        return None
    if query_token is None and cookie_token is None:
        return "no token (open the address slotterm serve printed, with its ?token=)"
    return "wrong token (this server was started again? open the address it printed now)"


def _same_origin(origin: str, here: tuple[str, int]) -> bool:
    """Whether the Origin header ``origin`` is ``http://`` and the Host ``here``."""
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    if parts.scheme != "http" or parts.path or parts.query or parts.fragment:
        return False
    return split_host(parts.netloc) == here


def shown(value: str) -> str:
    """A header's value for the log: quoted, escaped, at most :data:`SHOWN` characters."""
    cut = value[:SHOWN]
    return ascii(cut) + ("…" if len(value) > SHOWN else "")


def log_line(what: str, remote: str | None, reason: str) -> str:
    """The log's one line for a refusal: ``refused WHAT from REMOTE: REASON``."""
    return f"refused {what} from {remote or 'an unknown address'}: {reason}"
