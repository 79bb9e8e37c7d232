"""The web table: a FastAPI app with a lobby API, WebSocket play and event-sourced storage.

`create_app(settings)` builds the app; `pickletable serve` runs it on uvicorn.
A table is its record: every action is committed to the database before any
browser hears of it, and a restarted server rebuilds every table by
re-applying its actions.
"""

from pickletable.server.app import create_app
from pickletable.server.config import Settings

__all__ = ["Settings", "create_app"]
