"""Several server processes on one PostgreSQL database and one Redis.

Each live table is owned by one process at a time (`ownership`: a lease row
with a fencing number); any process takes any request and forwards it to
the table's owner through Redis (`bus`, `front`); limits that hold across
processes live in Redis (`limits`); `workers` starts N processes on one
address. A single process on SQLite needs none of it.
"""
