"""A learned bot: a small numpy policy distilled from the search bot's choices (``majiang.bots.distill``).

At each decision with more than one legal action the bot encodes its view as the environment does
(``majiang.env.encode_view``: the (52, 34) observation an agent sees), turns it into features
(``features``: the observation's tile rows, the copies it has not seen, and what the seat can read off its
own hand: the shanten after each discard or claim and the live tiles that would then improve it), runs
two small networks (``Policy``: one shared by the 34 kinds of tile, one over the table) and plays the
legal action with the highest score. Nothing is sampled: the same view gives the same action.

The weights are trained for the Chinese Official family (the ``botzone`` preset's per-seat walls);
under another ruleset, and at a decision whose legal actions lie outside the policy's outputs (none under
Chinese Official rules), it plays as the fan-aware bot. It needs numpy and the environment's encoder
(the ``rl`` extra).

No weights ship with the package and the bot is not among ``majiang.bots.BOTS``: the policies trained so
far lose to the fan-aware bot (docs/bots.md, "A learned policy"). ``LearnedBot(seed, weights=FILE)`` plays
the weights ``python -m majiang.bots.distill`` wrote; ``python -m majiang.bots.distill arena`` seats it in
the duplicate arena.
"""

from __future__ import annotations

import io
import json
import os
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from majiang.actions import Action
from majiang.errors import InvalidOptionError
from majiang.game.table import Phase, View

try:
    import numpy as np
    import numpy.typing as npt

    from majiang.analysis.batch import batch_shanten
    from majiang.env.observation import (
        ANSWER,
        DRAWN,
        GLOBAL,
        HAND,
        I_DEALER,
        I_GIVER,
        I_KONGS,
        I_MELDS,
        I_RIVER,
        I_SCORE,
        I_TURN,
        INFO,
        LEGAL,
        MELDS,
        ORDER,
        OWN_KONGS,
        RIVERS,
        ROUND_WIND,
        SEAT_WIND,
        WON,
        encode_view,
        indices_of,
    )
except ImportError as err:  # pragma: no cover - exercised only without the extra
    raise ImportError(f"the learned bot needs numpy and the environment's observation encoder: "
                      f"pip install 'majiang[rl]' ({err})") from err

__all__ = ["GLOBALS", "OUTPUTS", "PLANES", "TILE_INPUTS", "LearnedBot", "Policy", "features", "load_policy",
           "tile_inputs"]

OUTPUTS = 140
"""The policy scores action indices 0-139: discards, chows, pung, kongs, win and pass (docs/rl.md)."""
VERSION = 2
"""The feature layout's version: weights record it, and weights of another layout are refused."""

F32 = npt.NDArray[np.float32]
_TILE_ROWS = (DRAWN, OWN_KONGS, *range(MELDS, MELDS + 4), *range(RIVERS, RIVERS + 4),
              *range(ORDER, ORDER + 16), ANSWER, SEAT_WIND, ROUND_WIND)
"""Observation rows fed as they are (one column per kind)."""
_INFO_COLUMNS = (I_KONGS, I_DEALER, I_TURN, I_GIVER, I_SCORE, I_RIVER, I_MELDS)
_INFO_SCALE = np.array([1.0, 1.0, 1.0, 1.0, 0.02, 0.05, 0.25], dtype=np.float32)
_SHANTEN_STEPS = 8
"""Current shanten one-hot, -1 (complete) to 6 or more."""
PLANES = 4 + len(_TILE_ROWS) + 4 + 3 + 1 + 3
"""Tile planes, one value per kind: hand (4 thermometer), the rows above, unseen copies (4 thermometer), the
shanten after each discard (one-hot: as good as the best, one worse, two or more worse), the live tiles that
then improve it, and the shanten after each chow by its lowest tile (one-hot: better, the same, worse)."""
GLOBALS = 4 * len(_INFO_COLUMNS) + 6 + 8 + _SHANTEN_STEPS + 6 + 8
"""Features of the whole table: each seat's public counters, the phase and wall, the legal kinds, the current
shanten, the shanten after a pung and after a kong on the discard (one-hot: better, the same, worse), and the
observer's tiles in each suit and the honors, in hand and in melds."""
REACH = 2
"""A kind's neighbours of its suit on each side that the per-kind network reads (a 5-wide window)."""
_KINDS = 10
"""The kind's own description: its rank one-hot (1-9) or honor."""
TILE_INPUTS = PLANES * (2 * REACH + 1) + _KINDS + 2 + GLOBALS
"""Inputs of the per-kind network: the planes in the window, the kind, its suit's share of the observer's
tiles (in hand, in melds), the table's features."""


def _window() -> npt.NDArray[np.intp]:
    """For each kind the columns of its window (34: outside the suit, a zero column)."""
    out = np.full((34, 2 * REACH + 1), 34, dtype=np.intp)
    for t in range(34):
        for j, d in enumerate(range(-REACH, REACH + 1)):
            u = t + d
            if (t < 27 and 0 <= u < 27 and u // 9 == t // 9) or (t >= 27 and d == 0):
                out[t, j] = u
    return out


_WINDOW = _window()
_KIND_ONE_HOT = np.zeros((34, _KINDS), dtype=np.float32)
for _t in range(34):
    _KIND_ONE_HOT[_t, _t % 9 if _t < 27 else 9] = 1.0
_SUIT = np.array([t // 9 for t in range(34)], dtype=np.intp)
"""Each kind's suit, the honors 3."""


def _own_melds(obs: npt.NDArray[np.integer[Any]]) -> npt.NDArray[np.int8]:
    """The observer's declared melds (exposed and concealed kongs) per observation."""
    return (obs[:, INFO, I_MELDS] + obs[:, INFO, I_KONGS]).astype(np.int8)


def _shanten(counts: npt.NDArray[np.int8], melds: npt.NDArray[np.int8]) -> npt.NDArray[np.int8]:
    """``batch_shanten`` of rows that may be invalid (a count out of 0-4, a size that does not fit the
    melds): those get 9, never read."""
    ok = (counts.min(axis=1) >= 0) & (counts.max(axis=1) <= 4)
    size = counts.sum(axis=1, dtype=np.int16)
    ok &= (size == 13 - 3 * melds) | (size == 14 - 3 * melds)
    out = np.full(len(counts), 9, dtype=np.int8)
    if ok.any():
        out[ok] = batch_shanten(counts[ok], melds[ok])
    return out


def _one_hot(values: npt.NDArray[np.integer[Any]], steps: int) -> F32:
    """Rows one-hot in ``steps`` columns of ``values`` clipped to 0 .. steps - 1."""
    out = np.zeros((len(values), steps), dtype=np.float32)
    out[np.arange(len(values)), np.clip(values, 0, steps - 1)] = 1.0
    return out


def features(obs: npt.NDArray[np.integer[Any]]) -> tuple[F32, F32]:
    """The policy's input for a batch of observations ``(n, 52, 34)``: the tile planes ``(n, PLANES, 34)``
    and the table's features ``(n, GLOBALS)``, float32.

    Everything comes from the observation alone, so a learner fed the environment's arrays and the bot
    fed its view see the same numbers.
    """
    n = len(obs)
    hand = obs[:, HAND].astype(np.int8)
    melds = _own_melds(obs)
    steps = np.arange(1, 5, dtype=np.int8)[None, :, None]
    planes: list[F32] = [(hand[:, None, :] >= steps).astype(np.float32)]
    planes.append(obs[:, _TILE_ROWS].astype(np.float32) * 0.5)
    seen = hand + obs[:, OWN_KONGS] + obs[:, MELDS:MELDS + 4].sum(axis=1) \
        + obs[:, RIVERS:RIVERS + 4].sum(axis=1) + obs[:, WON:WON + 4].sum(axis=1)
    unseen = np.clip(4 - seen, 0, 4).astype(np.int8)
    planes.append((unseen[:, None, :] >= steps).astype(np.float32))
    size = hand.sum(axis=1, dtype=np.int16)
    turn = size == 14 - 3 * melds
    current = _shanten(hand, melds)
    # Each discard: the shanten it leaves, against the best, and the live copies of the kinds that would
    # then lower it (tile efficiency, as the fan-aware bot starts from).
    discard_delta = np.zeros((n, 3, 34), dtype=np.float32)
    live = np.zeros((n, 1, 34), dtype=np.float32)
    rows = np.flatnonzero(turn)
    if len(rows):
        eye = np.eye(34, dtype=np.int8)
        after = hand[rows, None, :] - eye[None]                      # (r, 34 discards, 34)
        m = np.repeat(melds[rows], 34)
        left = _shanten(after.reshape(-1, 34), m).reshape(len(rows), 34)
        held = hand[rows] > 0
        best = np.where(held, left, 99).min(axis=1)
        delta = np.where(held, left - best[:, None], -1)
        for k in range(3):
            discard_delta[rows, k] = (delta == k) if k < 2 else (delta >= 2)
        draws = after[:, :, None, :] + eye[None, None]              # (r, 34, 34 draws, 34)
        improved = _shanten(draws.reshape(-1, 34), np.repeat(m, 34)).reshape(len(rows), 34, 34) \
            < left[:, :, None]
        counts = (improved * unseen[rows, None, :]).sum(axis=2)
        live[rows, 0] = np.where(held, counts, 0) * 0.05
    planes += [discard_delta, live]
    # A claim: the shanten after a chow (by its lowest tile), a pung or a kong of the tile answered,
    # against the shanten now.
    claim = ~turn & (obs[:, ANSWER].sum(axis=1) > 0)
    chow_delta = np.zeros((n, 3, 34), dtype=np.float32)
    pung_kong = np.zeros((n, 6), dtype=np.float32)
    rows = np.flatnonzero(claim)
    if len(rows):
        tile = obs[rows, ANSWER].argmax(axis=1)
        base = hand[rows].copy()
        base[np.arange(len(rows)), tile] += 1
        m1 = melds[rows] + 1
        lows = np.arange(34)
        chow = np.repeat(base[:, None, :], 34, axis=1)               # (r, 34 lows, 34)
        suited = (lows % 9 <= 6) & (lows < 27)
        for k in range(3):
            chow[:, lows[suited], lows[suited] + k] -= 1
        chow[:, ~suited, 0] = -9                                     # never a chow: invalid rows
        after = _shanten(chow.reshape(-1, 34), np.repeat(m1, 34)).reshape(len(rows), 34).astype(np.int16)
        delta = after - current[rows, None]
        valid = after < 9
        chow_delta[rows, 0] = valid & (delta < 0)
        chow_delta[rows, 1] = valid & (delta == 0)
        chow_delta[rows, 2] = valid & (delta > 0)
        for j, taken in enumerate((3, 4)):                           # pung, kong: the tiles leaving the hand
            after_claim = base.copy()
            after_claim[np.arange(len(rows)), tile] -= taken
            s = _shanten(after_claim, m1).astype(np.int16)
            d = s - current[rows]
            ok = s < 9
            pung_kong[rows, 3 * j] = ok & (d < 0)
            pung_kong[rows, 3 * j + 1] = ok & (d == 0)
            pung_kong[rows, 3 * j + 2] = ok & (d > 0)
    planes.append(chow_delta)
    info = obs[:, INFO:INFO + 4][:, :, _INFO_COLUMNS].astype(np.float32) * _INFO_SCALE
    phase = obs[:, GLOBAL, :6].astype(np.float32) * np.array([1, 1, 1, 1, 1, 0.03], dtype=np.float32)
    legal = obs[:, LEGAL, :8].astype(np.float32)
    suits = np.zeros((n, 8), dtype=np.float32)
    own_melds = obs[:, OWN_KONGS] + obs[:, MELDS]
    for k in range(4):
        suits[:, k] = hand[:, k == _SUIT].sum(axis=1) / 14.0
        suits[:, 4 + k] = own_melds[:, k == _SUIT].sum(axis=1) / 12.0
    table = np.concatenate([info.reshape(n, -1), phase, legal,
                            _one_hot(current.astype(np.int16) + 1, _SHANTEN_STEPS), pung_kong, suits], axis=1)
    return np.concatenate(planes, axis=1), table


def tile_inputs(planes: F32, table: F32) -> F32:
    """The per-kind network's inputs ``(n, 34, TILE_INPUTS)`` from ``features``' two parts."""
    n = len(planes)
    padded = np.concatenate([planes, np.zeros((n, PLANES, 1), dtype=planes.dtype)], axis=2)
    window = padded[:, :, _WINDOW].transpose(0, 2, 1, 3).reshape(n, 34, -1)   # (n, 34, PLANES * 5)
    suits = table[:, -8:]
    share = np.stack([suits[:, _SUIT], suits[:, 4 + _SUIT]], axis=2)            # (n, 34, 2)
    return np.concatenate([window, np.broadcast_to(_KIND_ONE_HOT, (n, 34, _KINDS)), share,
                           np.broadcast_to(table[:, None, :], (n, 34, table.shape[1]))], axis=2)


TILE_OUTPUTS = (0, 34, 70, 104)
"""Where the per-kind network's four scores go: a discard, a chow by its lowest kind, a concealed kong,
an added kong of that kind."""
TABLE_OUTPUTS = (68, 69, 138, 139)
"""Where the table network's four scores go: pung, kong on the discard, win, pass."""


@dataclass(slots=True)
class Policy:
    """Two small networks: one per kind of tile (the same weights for every kind, reading the kind's window of
    the planes and the table), scoring the actions on a kind, and one over the table (the per-kind network's
    last hidden layer averaged, and the table's features) scoring the others; ``meta`` says how it was made.
    """

    w1: F32
    b1: F32
    w2: F32
    b2: F32
    w3: F32
    b3: F32
    v1: F32
    c1: F32
    v2: F32
    c2: F32
    meta: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def initial(cls, hidden: int, seed: int) -> Policy:
        """Random weights (He initialisation) for ``hidden`` units in each hidden layer."""
        rng = np.random.default_rng(seed)

        def layer(n_in: int, n_out: int, scale: float = 1.0) -> F32:
            out: F32 = (rng.standard_normal((n_in, n_out)) * scale * np.sqrt(2.0 / n_in)).astype(np.float32)
            return out

        def zeros(k: int) -> F32:
            return np.zeros(k, dtype=np.float32)

        return cls(layer(TILE_INPUTS, hidden), zeros(hidden), layer(hidden, hidden), zeros(hidden),
                   layer(hidden, 4, 0.1), zeros(4), layer(hidden + GLOBALS, hidden), zeros(hidden),
                   layer(hidden, 4, 0.1), zeros(4))

    @property
    def arrays(self) -> dict[str, F32]:
        """The weights by name."""
        return {"w1": self.w1, "b1": self.b1, "w2": self.w2, "b2": self.b2, "w3": self.w3, "b3": self.b3,
                "v1": self.v1, "c1": self.c1, "v2": self.v2, "c2": self.c2}

    def forward(self, planes: F32, table: F32) -> dict[str, F32]:
        """Every layer's output for a batch (what training's backpropagation needs), ``scores`` the
        action scores (logits, ``(n, OUTPUTS)``; -inf where no network scores)."""
        n = len(planes)
        u = tile_inputs(planes, table).reshape(n * 34, -1)
        h1 = np.maximum(u @ self.w1 + self.b1, 0.0)
        h2 = np.maximum(h1 @ self.w2 + self.b2, 0.0)
        per_kind = (h2 @ self.w3 + self.b3).reshape(n, 34, 4)
        g = np.concatenate([h2.reshape(n, 34, -1).mean(axis=1), table], axis=1)
        k1 = np.maximum(g @ self.v1 + self.c1, 0.0)
        whole = k1 @ self.v2 + self.c2
        scores = np.full((n, OUTPUTS), -np.inf, dtype=np.float32)
        for j, first in enumerate(TILE_OUTPUTS):
            scores[:, first:first + 34] = per_kind[:, :, j]
        scores[:, TABLE_OUTPUTS] = whole
        return {"u": u, "h1": h1, "h2": h2, "g": g, "k1": k1, "scores": scores}

    def scores(self, planes: F32, table: F32) -> F32:
        """The action scores (logits, ``(n, OUTPUTS)``) of a batch of ``features``."""
        return self.forward(planes, table)["scores"]

    def to_bytes(self) -> bytes:
        """The weights as an ``.npz`` (float16, compressed; ``meta`` as JSON), the same bytes for the same
        weights."""
        arrays: dict[str, Any] = {k: v.astype(np.float16) for k, v in self.arrays.items()}
        arrays["meta"] = np.array(json.dumps({**self.meta, "version": VERSION}, sort_keys=True))
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
            for name, array in arrays.items():
                info = zipfile.ZipInfo(f"{name}.npy", date_time=(1980, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                with archive.open(info, "w") as entry:
                    np.lib.format.write_array(entry, np.asanyarray(array), allow_pickle=False)
        return buffer.getvalue()

    def save(self, path: Path | str) -> None:
        """Write the weights to ``path`` whole or not at all (a temporary file renamed)."""
        path = Path(path)
        temporary = path.with_name(path.name + ".tmp")
        with open(temporary, "wb") as file:
            file.write(self.to_bytes())
            file.flush()
            os.fsync(file.fileno())
        temporary.replace(path)

    @classmethod
    def from_bytes(cls, data: bytes, where: str = "weights") -> Policy:
        """Weights written by ``to_bytes``; InvalidOptionError naming ``where`` if they are not."""
        try:
            with np.load(io.BytesIO(data), allow_pickle=False) as npz:
                arrays = {k: npz[k].astype(np.float32)
                          for k in ("w1", "b1", "w2", "b2", "w3", "b3", "v1", "c1", "v2", "c2")}
                meta = json.loads(str(npz["meta"]))
        except (OSError, ValueError, KeyError, zipfile.BadZipFile) as err:
            raise InvalidOptionError(f"{where}: not the learned bot's weights ({err})") from None
        if meta.get("version") != VERSION or arrays["w1"].shape[0] != TILE_INPUTS \
                or arrays["v1"].shape[0] != arrays["w2"].shape[0] + GLOBALS:
            raise InvalidOptionError(f"{where}: weights for feature layout {meta.get('version')} "
                                     f"({arrays['w1'].shape[0]} inputs a kind); this version reads layout "
                                     f"{VERSION} ({TILE_INPUTS})")
        return cls(**arrays, meta=meta)


_LOADED: dict[tuple[str, int], Policy] = {}
"""Weights read in this process, by file and modification time: an arena makes four bots a hand."""


def load_policy(path: Path | str) -> Policy:
    """The weights at ``path`` (written by ``Policy.save``)."""
    try:
        key = (str(Path(path).resolve()), Path(path).stat().st_mtime_ns)
        if key not in _LOADED:
            _LOADED.clear()
            _LOADED[key] = Policy.from_bytes(Path(path).read_bytes(), str(path))
    except OSError as err:
        raise InvalidOptionError(f"learned bot weights {str(path)!r}: {err.strerror}") from None
    return _LOADED[key]


class LearnedBot:
    """Plays the legal action its distilled policy (the file ``weights``) scores highest."""

    name = "learned"

    def __init__(self, seed: int | None = None, *, weights: str | None = None) -> None:
        from majiang.bots.fan_aware import FanAwareBot

        if weights is None:
            raise InvalidOptionError("the learned bot needs its weights: learned:weights=FILE (none ship "
                                     "with majiang; python -m majiang.bots.distill makes them)")
        self.policy = load_policy(weights)
        self.fallback = FanAwareBot(seed)

    def act(self, view: View) -> Action:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        if not _plays(view):
            return self.fallback.act(view)
        indices = indices_of(legal, view.rules)
        if max(indices) >= OUTPUTS:
            return self.fallback.act(view)
        scores = self.policy.scores(*features(encode_view(view)[None]))[0]
        best = max(range(len(legal)), key=lambda i: float(scores[indices[i]]))
        return legal[best]


def _plays(view: View) -> bool:
    """Whether the policy was trained for decisions like this one (the Chinese Official family, in play)."""
    from majiang.bots.common import efficiency_of
    from majiang.bots.position import supports

    return view.phase in (Phase.TURN, Phase.CLAIM, Phase.ROB) and supports(view.rules) \
        and efficiency_of(view).mcr_fans
