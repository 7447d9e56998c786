"""Simulation: many hands played by bots, in parallel, with per-bot statistics."""

from majiang.sim.simulate import BotStats, HandOutcome, Summary, simulate

__all__ = ["BotStats", "HandOutcome", "Summary", "simulate"]
