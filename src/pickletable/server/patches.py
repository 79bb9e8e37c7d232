"""Sending a view as what changed since the last one: the patch protocol of the table socket.

A connection is sent its whole view (``"type": "view"``) when it connects
and when it asks (``sync``); after that, each change reaches it as a
``"type": "patch"`` holding only what differs from the view it was sent
before: the top-level fields that changed (``set``), and for fields that are
objects on both sides (the observation, the table), the keys that changed
(``merge``) or went away (``drop``). Log lines are never diffed: each view
and patch carries the new lines only (``log_start``, ``log``), as before.

Every message carries the connection's ``version``; a patch names the
version it applies to (``base``). A client whose view is not at ``base``
(it missed a message, or has just reconnected) asks for the whole view
again with ``sync``; `apply_patch` here and ``applyPatch`` in the browser
(``web/js/api.js``) rebuild the same view.

>>> old = {"type": "view", "version": 1, "step": 3, "log_start": 0, "log": ["a"],
...        "observation": {"score": [0, 1], "hand": ["x"]}, "legal": []}
>>> new = {"type": "view", "version": 2, "step": 4, "log_start": 1, "log": ["b"],
...        "observation": {"score": [0, 2]}, "legal": []}
>>> patch = make_patch(old, new)
>>> patch
{'type': 'patch', 'version': 2, 'base': 1, 'log_start': 1, 'log': ['b'], 'set': {'step': 4}, \
'merge': {'observation': {'score': [0, 2]}}, 'drop': {'observation': ['hand']}}
>>> apply_patch(old, patch) == new
True
"""

from __future__ import annotations

from typing import Any

UNDIFFED = frozenset({"type", "version", "log_start", "log"})
"""Fields every message carries as they are (the log is incremental already)."""
_MISSING = object()
"""Not a value any view holds (so a key that appears with ``None`` counts as changed)."""


class PatchMismatch(ValueError):
    """A patch for another version of the view than the one held: ask for the whole view."""


def make_patch(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """The patch that turns `old` (the view sent last) into `new` (both whole views)."""
    changed: dict[str, Any] = {}
    merge: dict[str, dict[str, Any]] = {}
    drop: dict[str, list[str]] = {}
    for key, value in new.items():
        if key in UNDIFFED:
            continue
        before = old.get(key, _MISSING)
        if before is value or before == value:
            continue
        if isinstance(value, dict) and isinstance(before, dict):
            merged = {
                sub: item
                for sub, item in value.items()
                if (held := before.get(sub, _MISSING)) is not item and held != item
            }
            gone = [sub for sub in before if sub not in value]
            if merged:
                merge[key] = merged
            if gone:
                drop[key] = gone
        else:
            changed[key] = value
    removed = [key for key in old if key not in new and key not in UNDIFFED]
    patch: dict[str, Any] = {
        "type": "patch",
        "version": new["version"],
        "base": old["version"],
        "log_start": new["log_start"],
        "log": new["log"],
    }
    if changed:
        patch["set"] = changed
    if merge:
        patch["merge"] = merge
    if drop:
        patch["drop"] = drop
    if removed:
        patch["remove"] = removed
    return patch


def apply_patch(view: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    """The whole view a patch makes of `view` (a new dict; `view` is not changed).

    `PatchMismatch` when the patch is for another version than `view`'s.
    """
    if patch.get("base") != view.get("version"):
        raise PatchMismatch(
            f"a patch for version {patch.get('base')}, the view is at {view.get('version')}"
        )
    result = {key: value for key, value in view.items() if key not in patch.get("remove", ())}
    result.update(patch.get("set", {}))
    for key, merged in patch.get("merge", {}).items():
        result[key] = {**result.get(key, {}), **merged}
    for key, gone in patch.get("drop", {}).items():
        result[key] = {sub: item for sub, item in result[key].items() if sub not in gone}
    result.update(
        type="view", version=patch["version"], log_start=patch["log_start"], log=patch["log"]
    )
    return result
