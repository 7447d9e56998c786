"""``majiang serve`` as an operator runs it: a busy port is a clear error before anything is printed,
and the server logs through standard logging (an access line per request on stderr, ``--log-level``)."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

MAJIANG = [sys.executable, "-m", "majiang.cli"]


def test_a_busy_port_is_refused_before_anything_is_printed(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        result = subprocess.run([*MAJIANG, "serve", "--port", str(port), "--db", str(tmp_path / "a.db")],
                                capture_output=True, text=True, timeout=120)
    assert result.returncode == 2, result
    assert result.stdout == ""  # no "open http://..." for a server that never started
    assert f"port {port} on 127.0.0.1 is in use" in result.stderr
    assert f"http://127.0.0.1:{port}/" in result.stderr  # where the running server may be
    assert not (tmp_path / "a.db").exists()  # refused before the database is touched


def test_a_bad_log_level_is_refused(tmp_path: Path) -> None:
    result = subprocess.run([*MAJIANG, "serve", "--log-level", "loud", "--db", str(tmp_path / "a.db")],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 2 and "--log-level must be one of" in result.stderr, result


def test_access_lines_go_to_stderr(tmp_path: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    proc = subprocess.Popen([*MAJIANG, "serve", "--port", str(port), "--db", str(tmp_path / "a.db")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(1200):  # a bounded wait for the start (no timing threshold)
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/bots", timeout=30) as r:
                    assert r.status == 200
                break
            except OSError:
                assert proc.poll() is None, proc.communicate()
                time.sleep(0.1)
    finally:
        proc.terminate()
        out, err = proc.communicate(timeout=60)
    assert out.startswith(f"majiang web server: open http://127.0.0.1:{port}/")
    assert '"GET /api/bots HTTP/1.1" 200' in err
    assert "Application startup complete" in err
