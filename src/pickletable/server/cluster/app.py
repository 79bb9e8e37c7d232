"""The web table app of one process among several (what each worker serves)."""

from __future__ import annotations

from fastapi import FastAPI

from pickletable.server.app import create_app
from pickletable.server.cluster.front import ClusterFront
from pickletable.server.cluster.manager import ClusterManager, ClusterSettings
from pickletable.server.config import Settings


def create_cluster_app(settings: Settings, cluster: ClusterSettings) -> ClusterFront:
    """The web table app, its manager sharing tables with other processes, behind its front."""
    app: FastAPI | None = None

    def manager(settings: Settings) -> ClusterManager:
        assert app is not None
        return ClusterManager(settings, cluster, app)

    app = create_app(settings, manager)
    return ClusterFront(app)
