"""Joining a table: each seat's address as a QR code, and the address phones can reach.

`frontkit serve` prints a QR code per seat in the terminal and the spectators' page
shows them all, so each player scans their own seat from across the table (`segno`,
a maintained QR library). The server listens on the loopback address unless told
otherwise (`--host 0.0.0.0`: every network this machine is on); then the addresses
are given with this machine's address on the local network, which a phone can reach.
"""

from __future__ import annotations

import io
import socket

#: Hosts that mean "every interface": addresses are given with the LAN address instead.
EVERYWHERE = ("0.0.0.0", "::", "")
#: A documentation address (RFC 5737): a UDP socket "connected" to it picks the interface
#: of the default route without sending anything.
PROBE = ("192.0.2.1", 9)


def lan_address() -> str | None:
    """This machine's address on its local network (None when there is none)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(PROBE)
            address = s.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") else address


def shown_host(host: str) -> str:
    """The host to put in the printed addresses for `--host host`."""
    if host in EVERYWHERE:
        return lan_address() or "127.0.0.1"
    return host


def listening(host: str) -> str:
    """One line saying who can connect, for the terminal."""
    if host in EVERYWHERE:
        return ("listening on every network of this machine (--host " + (host or "0.0.0.0") +
                "): anyone on the same network can open these addresses; the traffic is "
                "plain HTTP, so play on a network you trust")
    if host.startswith("127.") or host in ("localhost", "::1"):
        return ("listening on this machine only (loopback): for phones at the table, "
                "serve with --host 0.0.0.0")
    return f"listening on {host}: devices that reach this address can join"


def qr_text(url: str) -> str:
    """The QR code of `url` drawn with block characters for a terminal."""
    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def qr_svg(url: str) -> str:
    """The QR code of `url` as an SVG data URI for a page."""
    import segno

    return segno.make(url, error="m").svg_data_uri(scale=4, border=2)


def qr_codes(seats, base: str) -> list[dict[str, str]]:
    """Every player's seat as `who` and its QR code (`svg`, a data URI), for the
    spectators' page; `base` is `http://host:port`."""
    return [{"who": seat.name, "svg": qr_svg(f"{base}/seat/{seat.token}")}
            for seat in seats.players()]
