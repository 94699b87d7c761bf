"""A table's address as a person types it: `host:port`, or only the host for the usual port.

Kept apart from the network code so that the app can check what was typed without loading it.
"""

TABLE_PORT = 47300
"""The port a laptop hosts its table on unless another program holds it (then any free one);
an address typed without a port means this one."""


def host_and_port(text: str) -> tuple[str, int]:
    """`host:port`, `host`, `[v6]:port`, `[v6]` or a bare IPv6 address as (host, port);
    ValueError saying what is wrong otherwise."""
    text = text.strip()
    if text.startswith("["):
        host, closed, rest = text[1:].partition("]")
        if not closed or (rest and not rest.startswith(":")):
            raise ValueError(f"{text!r} is not an address: write it as host:port")
        port = rest[1:]
    elif text.count(":") == 1:
        host, _, port = text.partition(":")
    else:
        host, port = text, ""  # a name, an IPv4 address, or an IPv6 one without a port
    if not host or any(ch.isspace() for ch in host):
        raise ValueError(
            f"{text!r} is not an address: write it as host:port, e.g. 10.0.0.5:{TABLE_PORT}"
        )
    if not port:
        return host, TABLE_PORT
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"{port!r} is not a port number (1 to 65535)")
    return host, int(port)
