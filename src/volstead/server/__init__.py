"""The Volstead server: live games in the browser (FastAPI + WebSockets, SQLAlchemy storage).

`create_app(db_url)` builds the app; `volstead play` / `volstead serve` run it
on uvicorn. See docs/server.md.
"""

from .app import create_app, default_db_url

__all__ = ["create_app", "default_db_url"]
