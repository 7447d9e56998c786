"""Seat an mjai bot that only speaks the TCP transport (``mjsonp://``) at our pipe seats.

``majiang arena --rules riichi --seat "mjai:python benchmarks/mjsonp_pipe.py BOT [ARGS...]"``: this
script listens on a free loopback port, starts ``BOT ARGS... mjsonp://127.0.0.1:PORT/default``, plays
the server's greeting (``hello``, answered by ``join``), then passes each event line from standard input
to the bot and the bot's answer line back, one for one (gimite/mjai's dialect, which a TCP client
answers in full, ``none`` included). A bot that leaves after ``end_game`` without a word is answered
for with ``none``. Why: some public bots (mjai-manue-go) answer every event only over TCP; on standard
input they answer only when they have a decision, which a line-for-line seat cannot read.

Standard library only; the bot is killed when the input ends.
"""

from __future__ import annotations

import socket
import subprocess
import sys

HELLO = b'{"type":"hello","protocol":"mjsonp","protocol_version":3}\n'
NONE = b'{"type":"none"}\n'


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: mjsonp_pipe.py BOT [ARGS...]", file=sys.stderr)
        return 2
    with socket.create_server(("127.0.0.1", 0)) as server:
        server.settimeout(30)
        port = server.getsockname()[1]
        bot = subprocess.Popen([*argv, f"mjsonp://127.0.0.1:{port}/default"], stdin=subprocess.DEVNULL)
        try:
            conn, _ = server.accept()
        except TimeoutError:
            bot.kill()
            print(f"mjsonp_pipe: {argv[0]} did not connect to port {port}", file=sys.stderr)
            return 1
    try:
        with conn, conn.makefile("rwb") as link:
            link.write(HELLO)
            link.flush()
            if not link.readline():  # its join
                print("mjsonp_pipe: the bot left before joining", file=sys.stderr)
                return 1
            out = sys.stdout.buffer
            for line in sys.stdin.buffer:
                try:
                    link.write(line if line.endswith(b"\n") else line + b"\n")
                    link.flush()
                    answer = link.readline()
                except OSError:
                    answer = b""
                if not answer:
                    # It left: an mjsonp client ends after end_game without answering it.
                    out.write(NONE)
                    out.flush()
                    break
                out.write(answer)
                out.flush()
    finally:
        bot.kill()
        bot.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
