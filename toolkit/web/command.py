"""`frontkit serve`: run one match as a local web server and print each seat's address."""

from __future__ import annotations

import sys
from pathlib import Path

from toolkit.referee import record
from toolkit.web.joining import listening, qr_text, shown_host
from toolkit.referee.commands import CommandError, EXIT_USER_ERROR, _load_scenario, \
    _rules_for, open_match

EXIT_OK = 0


def base_address(host: str, port: int) -> str:
    """`http://host:port` as players reach it (`--host 0.0.0.0`: this machine's LAN
    address, see `joining.shown_host`)."""
    host = shown_host(host)
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def addresses(seats, host: str, port: int) -> list[tuple[str, str]]:
    """(who, address) for each seat, then the spectators."""
    base = base_address(host, port)
    out = [(seat.name, f"{base}/seat/{seat.token}") for seat in seats.players()]
    out.append(("spectators", f"{base}/seat/{seats.spectators.token}"))
    return out


def print_addresses(title: str, shown: list[tuple[str, str]], host: str) -> None:
    """Each seat's address and QR code (when segno is installed), then who can connect."""
    print(f"{title}: one address per seat (keep each secret: it shows that "
          "seat's hand and orders)")
    width = max(12, *(len(who) for who, _ in shown))  # `Delta logistics` with roles
    for who, url in shown:
        print(f"  {who:>{width}}: {url}")
    try:
        for who, url in shown[:-1]:  # the spectators' page shows them all again
            print(f"\n{who}: scan to take this seat\n" + qr_text(url), end="")
    except ImportError:
        print("(pip install segno to print a QR code per seat)")
    print(listening(host))


def free_to_listen(host: str, port: int) -> None:
    """Raise CommandError unless the server can listen on host:port (said before any
    address is printed, not as the server's own log line)."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as err:
        raise CommandError(f"--host {host}: {err.strerror}") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as err:
            raise CommandError(f"cannot listen on {host}:{port}: {err.strerror}") from None


def open_table(args):
    """The table of `serve`: the match `play` would run (new, or the record resumed);
    raises RecordError for a bad record, CommandError for a bad scenario."""
    from toolkit.web.table import Table

    scenario = _load_scenario(args.scenario)
    _rules_for(scenario)
    if not scenario.boards:
        raise CommandError(f"{args.scenario}: serve draws a board; the scenario has none")
    match = open_match(args, scenario)
    return Table(match, record_path=Path(args.record) if args.record else None)


def run_serve(args) -> int:
    try:
        import uvicorn

        from toolkit.web.app import create_app
    except ImportError as err:
        raise CommandError(f"serve needs the web extra ({err.name} is missing): "
                           "pip install 'frontkit[web]'") from None
    from toolkit.web.frames import READ_CAP
    from toolkit.web.seats import Seats

    try:
        table = open_table(args)
    except record.RecordError as err:
        print(err, file=sys.stderr)
        return EXIT_USER_ERROR
    free_to_listen(args.host, args.port)
    scenario = table.match.scenario
    seats = Seats(scenario.sides, roles=table.roles())
    app = create_app(table, seats, base_address(args.host, args.port))
    print_addresses(scenario.title, addresses(seats, args.host, args.port), args.host)
    if args.record:
        print(f"the record is written to {args.record}")
    print("stop the server with Ctrl-C", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning",
                ws_max_size=READ_CAP)
    return EXIT_OK
