"""``python -m pickletable``: the ``pickletable`` command, without its script installed."""

from __future__ import annotations

if __name__ == "__main__":
    from pickletable.cli.main import app

    app(prog_name="pickletable")
