"""One router per resource: games, tables, play (WebSocket) and the browser pages."""
