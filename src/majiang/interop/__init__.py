"""Bridges to other mahjong libraries, for differential tests and benchmarks.

Each bridge imports its library lazily, so ``majiang`` itself never depends on it.
"""
