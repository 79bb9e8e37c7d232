"""The environments' render modes: the terminal table's text, printed or drawn as an image.

``rgb_array`` draws the ``ansi`` text (the terminal renderer's view of the
seat asked) in a monospaced font on a white page, so video wrappers can
record a game; the image's size follows the text.

>>> image = text_image("Draw pile: 12")
>>> image.dtype, image.ndim, image.shape[2]
(dtype('uint8'), 3, 3)
"""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt
from matplotlib import font_manager
from PIL import Image, ImageDraw, ImageFont

RENDER_MODES = ("ansi", "human", "rgb_array")
RENDER_FPS = 4
"""Frames per second for ``human`` and video recording: a few decisions a second."""
FONT_SIZE = 14
MARGIN = 8

Image8 = npt.NDArray[np.uint8]


def text_image(text: str) -> Image8:
    """`text` drawn black on white, one line per line, as an ``(height, width, 3)`` uint8 array."""
    font = _font()
    lines = text.rstrip("\n").split("\n") or [""]
    left, top, right, bottom = font.getbbox("M")
    cell_width, line_height = int(right - left) + 1, int((bottom - top) * 1.5) + 1
    width = 2 * MARGIN + cell_width * max(1, *(len(line) for line in lines))
    height = 2 * MARGIN + line_height * len(lines)
    image = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(image)
    for row, line in enumerate(lines):
        draw.text((MARGIN, MARGIN + row * line_height), line, fill="black", font=font)
    return np.asarray(image, dtype=np.uint8)


@cache
def _font() -> ImageFont.FreeTypeFont:
    """Matplotlib's bundled DejaVu Sans Mono (matplotlib is a dependency already)."""
    path = font_manager.findfont(font_manager.FontProperties(family="DejaVu Sans Mono"))
    return ImageFont.truetype(path, FONT_SIZE)
