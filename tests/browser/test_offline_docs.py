"""The API docs need no internet: /docs renders with every outside request blocked."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Route, expect

from tests.browser.conftest import Server


def offline_page(browser: Any) -> tuple[Any, list[str]]:
    """A page whose requests to anywhere but 127.0.0.1 fail, and the list of those it tried."""
    context = browser.new_context()
    blocked: list[str] = []

    def only_this_machine(route: Route) -> None:
        if urlsplit(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort("internetdisconnected")

    context.route("**/*", only_this_machine)
    return context.new_page(), blocked


@pytest.mark.parametrize(
    ("path", "title"),
    [("/docs", ".swagger-ui .info .title")],
)
def test_the_api_docs_render_with_the_network_blocked(
    browser: Any, server: Server, path: str, title: str
) -> None:
    page, blocked = offline_page(browser)
    page.goto(server.url + path)
    expect(page.locator(title)).to_contain_text("pickletable web table")
    if path == "/docs":  # Swagger UI lists the operations it read from /openapi.json
        expect(page.locator(".opblock").first).to_be_visible()
    assert blocked == []
    page.context.close()
