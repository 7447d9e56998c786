"""Rulesets: Chinese Official (``mcr``) first; others plug in beside it."""
