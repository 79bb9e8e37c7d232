"""Accounts, optional: a name and a password, a session cookie, CSRF tokens, login limits.

Guests play as before (a seat token per seat, in the browser). A signed-in
player's seats are linked to the account (`AccountSeatRow`), so ratings and
history can name them. See docs/accounts.md.
"""
