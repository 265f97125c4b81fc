"""The lobby's picture of each game's table (Game.table_picture, web/table.webp): a game under way at
1400x900 in Chromium, cropped to its board, scaled down to 640 px wide and encoded as WebP by the
browser itself (no image library). Run from the repository root after a change to a board:

    python tests/web/make_table_pictures.py [game ...]
"""

from __future__ import annotations

import base64
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from test_lobby_and_phone import GAMES, play_to_mid_game  # noqa: E402

from conftest import ARGS, CHROMIUM, _free_port  # noqa: E402

WIDTH = 640  # the picture's width: a tile is about 300-450 px wide, sharp on a 1.5x screen
RATIO = 9 / 16  # the tile's frame (style.css .tile-picture): the board's top left shows
# how many of the person's decisions make each table look under way
DECISIONS = {"scarface1920": 14, "prohibition": 12, "mafia_chronicles": 30}


def main(games: list[str]) -> None:
    import tempfile

    import uvicorn
    from playwright.sync_api import sync_playwright

    from volstead.games import get_game
    from volstead.server import create_app
    from volstead.server.serving import server_config

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(f"sqlite:///{tmp}/pictures.db", bot_delay=0.0, think_s=3.0)
        port = _free_port()
        srv = uvicorn.Server(server_config(app, "127.0.0.1", port))
        threading.Thread(target=srv.run, daemon=True).start()
        while not srv.started:
            time.sleep(0.05)
        server = f"http://127.0.0.1:{port}"
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            for name in games:
                g = play_to_mid_game(server, name, DECISIONS[name])
                page = browser.new_page(viewport={"width": 1400, "height": 900})
                page.goto(server + g["seats"][0]["url"])
                page.wait_for_selector("button.option:not([disabled])")
                page.wait_for_timeout(300)
                box = page.locator("#board").bounding_box()
                assert box, name
                clip = {"x": box["x"], "y": box["y"], "width": box["width"], "height": min(box["height"], box["width"] * RATIO)}
                png = base64.b64encode(page.screenshot(clip=clip)).decode()
                webp = page.evaluate(
                    """async ([png, width]) => {
                        const img = new Image(); img.src = 'data:image/png;base64,' + png; await img.decode();
                        const c = document.createElement('canvas');
                        c.width = width; c.height = Math.round(img.height * width / img.width);
                        const g = c.getContext('2d'); g.imageSmoothingQuality = 'high';
                        g.drawImage(img, 0, 0, c.width, c.height);
                        return c.toDataURL('image/webp', 0.8).split(',')[1];
                    }""",
                    [png, WIDTH],
                )
                game = get_game(name)
                out = game.package_dir / game.table_picture
                out.write_bytes(base64.b64decode(webp))
                print(f"{out}: {out.stat().st_size // 1024} KB")
                page.close()
            browser.close()
        srv.should_exit = True


if __name__ == "__main__":
    main(sys.argv[1:] or GAMES)
