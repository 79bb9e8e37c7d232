"""One worker process of ``pickletable serve --workers N`` (the supervisor starts it).

``python -m pickletable.server.cluster.worker --worker-id w1 --fd 3 ...``
serves on a listening socket it inherited (``--fd``) or on ``--host`` and
``--port`` of its own (tests start workers on ports of their own).
"""

from __future__ import annotations

import argparse
import contextlib
import faulthandler
import logging
import socket
from types import FrameType

import uvicorn
from sqlalchemy.engine import make_url

from pickletable.server import memory
from pickletable.server.cluster.app import create_cluster_app
from pickletable.server.cluster.deadline import exit_by
from pickletable.server.cluster.manager import ClusterSettings
from pickletable.server.config import Limits, Settings
from pickletable.server.http_guard import guarded_http
from pickletable.server.run import WS_FRAME_LIMIT

DRAIN_SECONDS = 5
"""How long a stopping worker waits for its own connections before it hands over."""
EXIT_SECONDS = 15
"""How long after SIGTERM a worker exits at the latest (`deadline`): its connections'
`DRAIN_SECONDS`, then the hand-over, then whatever still runs is abandoned."""


def main(argv: list[str] | None = None) -> None:
    """Serve as one worker until SIGTERM (a drain) or SIGINT."""
    parser = argparse.ArgumentParser(prog="pickletable-worker")
    parser.add_argument("--worker-id", required=True)
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--redis-url", required=True)
    parser.add_argument("--fd", type=int, default=None, help="an inherited listening socket")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--lease-seconds", type=float, default=2.5)
    parser.add_argument("--limit", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--prefix", default=None, help="Redis prefix (default: per database)")
    parser.add_argument(
        "--trusted-proxies",
        default="",
        metavar="ADDRESSES",
        help="comma-separated proxies whose X-Forwarded-For names the client (default: none)",
    )
    options = parser.parse_args(argv)
    trusted = tuple(part.strip() for part in options.trusted_proxies.split(",") if part.strip())
    logging.basicConfig(
        level=logging.INFO, format=f"%(asctime)s {options.worker_id} %(levelname)s %(message)s"
    )
    limits = Limits().with_text(options.limit)
    settings = Settings(database_url=options.database_url, limits=limits, trusted_proxies=trusted)
    cluster = ClusterSettings(
        worker_id=options.worker_id,
        redis_url=options.redis_url,
        lease_seconds=options.lease_seconds,
        renew_seconds=min(0.5, options.lease_seconds / 5),
        prefix=options.prefix or redis_prefix(options.database_url),
    )
    app = create_cluster_app(settings, cluster)
    memory.settle()
    with contextlib.suppress(OSError, ValueError, AttributeError):  # as `run.serve` does
        faulthandler.enable()
    # As one process serves: slow requests closed, connections per address capped, and
    # X-Forwarded-For believed only from the trusted proxies (uvicorn's own default would
    # believe it from 127.0.0.1, so anyone on the machine could pass for any address).
    config = uvicorn.Config(
        app,
        host=options.host,
        port=options.port,
        log_level="warning",
        ws_max_size=WS_FRAME_LIMIT,
        ws_per_message_deflate=False,
        timeout_graceful_shutdown=DRAIN_SECONDS,
        http=guarded_http(
            limits.request_seconds, limits.http_connections_per_address, frozenset(trusted)
        ),
        proxy_headers=bool(trusted),
        forwarded_allow_ips=list(trusted) or None,
    )
    server = DrainingServer(config)
    if options.fd is None:
        server.run()
    else:  # the supervisor's socket (its family read from the socket itself)
        server.run(sockets=[socket.socket(fileno=options.fd)])


class DrainingServer(uvicorn.Server):
    """uvicorn's server, whose process exits within `EXIT_SECONDS` of a stop signal."""

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        if not self.should_exit:
            exit_by(EXIT_SECONDS)
        super().handle_exit(sig, frame)


def redis_prefix(database_url: str) -> str:
    """The Redis prefix of the workers of one database: ``pickletable:DATABASE`` (so that
    clusters on different databases may share one Redis)."""
    return f"pickletable:{make_url(database_url).database or ''}"


if __name__ == "__main__":
    main()
