"""A PettingZoo AEC environment over one hand of ``majiang.game.Game``, for any registered ruleset.

>>> from majiang.env import mahjong_v0
>>> env = mahjong_v0.env()
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> env.agent_selection == f"player_{env.unwrapped.game.dealer}", obs["observation"].shape
(True, (52, 34))
>>> mahjong_v0.env(rules="sichuan", options=["exchange=clockwise", "declare_void=true"]).unwrapped.rules.name
'sichuan'

Agents ``player_0`` .. ``player_3`` are the seats 0-3. Each hand's dealer and round wind are drawn from
its seed (``dealer``, ``round_wind`` fix them: ``Seating``). The action space is
``Discrete(953)`` (layout in ``majiang.env.actions``) and the observation a dict of ``observation``
(``majiang.env.observation``) and ``action_mask`` (int8, 1 for each legal index). When several seats
may answer one discard (or a kong being robbed), the AEC order asks them one by one, in the order the
engine lists them (turn order after the discarder); the engine decides once all have answered. Each
reward is the seat's score change over the hand, given when the hand ends; then every agent is
terminated. An illegal index raises ``IllegalActionError``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from majiang.actions import Action
from majiang.env.actions import ACTION_COUNT, DECLARED, action_of
from majiang.env.observation import OBS_SHAPE, TableEncoder
from majiang.errors import IllegalActionError, InvalidActionError, InvalidOptionError
from majiang.game import Game, Phase, Ruleset, find_ruleset
from majiang.tiles import WINDS, Tile, parse_tiles

__all__ = ["Seating", "env", "raw_env"]

AGENTS = tuple(f"player_{s}" for s in range(4))
Observation = dict[str, npt.NDArray[Any]]
Options = Mapping[str, Any] | Iterable[str]
_ACTIONS = tuple(action_of(i) for i in range(DECLARED))
"""The actions of the indices every ruleset shares (the declared range is read with the ruleset)."""


def index_action(index: int, rules: Ruleset) -> Action:
    """The action of a valid index under ``rules`` (a ruleset's own actions from its declared range)."""
    return _ACTIONS[index] if index < DECLARED else action_of(index, rules)


def check_index(action: object) -> int:
    """``action`` as an index of the action space (``InvalidActionError`` for anything else)."""
    if isinstance(action, bool) or not isinstance(action, int | np.integer) or \
            not 0 <= action < ACTION_COUNT:
        raise InvalidActionError(f"an action is an integer index 0-{ACTION_COUNT - 1}, not {action!r}")
    return int(action)


def find_rules(rules: Ruleset | str | None, options: Options = ()) -> Ruleset:
    """A ruleset object from a ruleset, a registered name or alias with ``options``, or None (Chinese
    Official)."""
    if isinstance(rules, str) or rules is None:
        return find_ruleset(rules or "mcr", options)
    if options:
        return rules.with_options(options)
    return rules


Winds = Tile | str | Iterable[Tile] | None
"""A round wind (``Tile.SOUTH``, ``"S"``), winds to draw from (``"ES"``: East or South), or None (any)."""


class Seating:
    """Who deals, which round wind and which seat a lone agent takes, for each hand, from its seed.

    ``dealer`` and ``seat`` are a seat 0-3 or None (drawn per hand, each seat alike); ``round_wind`` a
    wind, a text of wind letters to draw from (``"ES"``), or None (any of the four). What is drawn is read
    from the hand's seed alone, so the same seed deals the same hand with the same seating.

    >>> s = Seating(dealer=None, round_wind="ES")
    >>> [(s.dealer_of(h), s.round_wind_of(h).notation()) for h in (0, 5, 6)]
    [(0, 'E'), (1, 'S'), (2, 'S')]
    """

    def __init__(self, dealer: int | None = None, round_wind: Winds = None, seat: int | None = None) -> None:
        for name, value in (("dealer", dealer), ("seat", seat)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                      or not 0 <= value <= 3):
                raise InvalidOptionError(f"{name} must be a seat 0-3 or None (drawn per hand), not {value!r}")
        self.dealer = dealer
        self.seat = seat
        self.winds = _winds(round_wind)

    def dealer_of(self, hand_seed: int) -> int:
        """The dealer of the hand dealt from ``hand_seed``."""
        return hand_seed % 4 if self.dealer is None else self.dealer

    def round_wind_of(self, hand_seed: int) -> Tile:
        """The round wind of the hand dealt from ``hand_seed``."""
        return self.winds[hand_seed // 4 % len(self.winds)]

    def seat_of(self, hand_seed: int) -> int:
        """The lone agent's seat in the hand dealt from ``hand_seed``."""
        return hand_seed // 16 % 4 if self.seat is None else self.seat

    def deal(self, rules: Ruleset, hand_seed: int) -> Game:
        """The hand of ``hand_seed`` with its dealer and round wind."""
        return Game(rules, seed=hand_seed, dealer=self.dealer_of(hand_seed),
                    round_wind=self.round_wind_of(hand_seed))


def _winds(round_wind: Winds) -> tuple[Tile, ...]:
    if round_wind is None:
        return WINDS
    try:
        winds = tuple(parse_tiles(round_wind)) if isinstance(round_wind, str) else \
            (Tile(round_wind),) if isinstance(round_wind, int) else tuple(Tile(t) for t in round_wind)
    except ValueError as e:
        raise InvalidOptionError(f"round_wind {round_wind!r}: a wind (E, S, W, N), several, or None") from e
    if not winds or any(t not in WINDS for t in winds):
        raise InvalidOptionError(f"round_wind {round_wind!r}: a wind (E, S, W, N), several, or None")
    return tuple(dict.fromkeys(winds))


def observation_space() -> spaces.Dict:
    """The observation space of every seat: the (52, 34) array and the action mask."""
    return spaces.Dict({
        "observation": spaces.Box(-2**31, 2**31 - 1, OBS_SHAPE, dtype=np.int32),
        "action_mask": spaces.Box(0, 1, (ACTION_COUNT,), dtype=np.int8),
    })


def env(rules: Ruleset | str | None = None, render_mode: str | None = None,
        options: Options = (), *, dealer: int | None = None, round_wind: Winds = None) -> \
        AECEnv[str, Observation, int]:
    """The environment with PettingZoo's order checks around it (``raw_env`` checks the indices itself:
    ``InvalidActionError`` outside the space, ``IllegalActionError`` where the mask has 0)."""
    return wrappers.OrderEnforcingWrapper(raw_env(rules, render_mode, options, dealer=dealer,
                                                  round_wind=round_wind))


class raw_env(AECEnv[str, Observation, int]):
    """One hand per episode; ``rules``: a ruleset, a registered name or alias (with ``options``: texts
    ``key=value`` or a mapping), or None (Chinese Official). ``dealer`` (a seat) and ``round_wind`` (a
    wind, or several to draw from) fix what is otherwise drawn per hand from its seed (``Seating``)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["human", "ansi"], "name": "mahjong_v0",
                                          "is_parallelizable": False}

    def __init__(self, rules: Ruleset | str | None = None, render_mode: str | None = None,
                 options: Options = (), *, dealer: int | None = None, round_wind: Winds = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in ("human", "ansi"):
            raise InvalidOptionError(f"render_mode {render_mode!r}: one of human, ansi or None")
        self.rules: Ruleset = find_rules(rules, options)
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self.observation_spaces = dict.fromkeys(AGENTS, observation_space())
        self.action_spaces = {a: spaces.Discrete(ACTION_COUNT) for a in AGENTS}
        self.seating = Seating(dealer, round_wind)
        self._seeds = random.Random()
        self.game = self.seating.deal(self.rules, self._seeds.randrange(2**63))
        self.encoder = TableEncoder()
        self.encoder.reset(self.game)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        self.agent_selection = AGENTS[self.game.dealer]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand; the same ``seed`` deals the same hand (None: the next seed of the last one).

        ``options={"hand_seed": h}`` deals the hand of game seed ``h`` itself (the seed a record's hand
        holds; ``majiang.sim.training``'s data replays so), the seed sequence left as it was.
        """
        if seed is not None:
            self._seeds = random.Random(seed)
        hand_seed = (options or {}).get("hand_seed")
        if hand_seed is None:
            hand_seed = self._seeds.randrange(2**63)
        elif isinstance(hand_seed, bool) or not isinstance(hand_seed, int) or not 0 <= hand_seed < 2**63:
            raise InvalidOptionError(f"reset option hand_seed must be a game seed 0 to 2**63 - 1, not "
                                     f"{hand_seed!r}")
        self.game = self.seating.deal(self.rules, hand_seed)
        self.encoder.reset(self.game)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos = {a: {} for a in AGENTS}
        self._select()

    def _select(self) -> None:
        waiting = self.game.to_act()
        if waiting:
            self.agent_selection = AGENTS[waiting[0]]

    def observe(self, agent: str) -> Observation:
        observation, mask = self.encoder.observe(AGENTS.index(agent))
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(f"{agent} must act: None is only for an agent whose hand is over")
        seat = AGENTS.index(agent)
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(seat, index_action(check_index(action), self.game.rules))
        if self.game.phase == Phase.OVER:
            deltas = self.game.hand_deltas
            for s, a in enumerate(AGENTS):
                self.rewards[a] = float(deltas[s])
                self.terminations[a] = True
            self._accumulate_rewards()
        else:
            self._clear_rewards()
            self._select()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The last event in the record's text form (``ansi``: returned; ``human``: printed)."""
        if self.render_mode is None:
            return None
        text = str(self.game.events[-1].as_dict()) if self.game.events else ""
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
