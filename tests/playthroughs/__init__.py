"""Golden playthroughs: what every seat's client is sent, step by step, in a few short games.

Like OpenSpiel's playthrough files. For one short variant per game and mode,
a seeded random game is written out: at every step the seat asked (or
chance), its legal actions, the action taken, and the view each seat's
client is sent (``GAME.presenter.view(state, seat)``) and a spectator's. A
change anyone could see (a leak, a field gone) shows up as a diff.

Regenerate all of them after a deliberate change, then read the diff::

    python -m tests.playthroughs --regen

(without ``--regen`` it only checks them and names the first differing line).
"""
