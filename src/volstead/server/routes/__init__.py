"""The server's routes, one module per area; `create_app` (server/app.py) includes each router.

- `lobby`: games, bots and their options (/api/info, /api/catalog), listing and creating games;
- `play`: a game's state, decides (REST and WebSocket);
- `replays`: records and step-by-step replays of finished games;
- `pages`: the browser shell's pages and each game's browser module files;
- `workbench`: the designer's card sets (the built-in one, saved variants): files, checks, export.
`deps` holds what they share (the hub, the store, seat tokens, request bodies)."""
