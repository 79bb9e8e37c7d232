"""The load and attack kit: a server to run, scripted players, and a report of what held.

``pickletable loadtest --tables N --seconds S`` uses it; the reliability
tests reuse its server and players against a real server on 127.0.0.1.
"""
