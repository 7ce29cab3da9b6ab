"""`frontkit serve`: the referee at the table, as a web page every player opens.

One match per server. Each seat opens its own secret address; the server sends
it only its own view, its own legal moves and the events it was told, so no page
(its source, its traffic) ever holds another seat's secrets. Modules:

- `seats`: the secret token of each seat and of the spectators;
- `board`: the board's shapes (squares, hexes, nodes and links) from the scenario;
- `cards`: the cards of hands and piles as the press draws them (PNG);
- `moves`: which spaces a move's notation mentions (clicking picks moves by them);
- `messages`: what one seat is sent (its view, its decision, its moves, its history);
- `words`: what it is sent in players' words (the display names of `dsl.names`);
- `frames`: what a seat's socket sends, held to its shape (a short refusal otherwise);
- `joining`: each seat's QR code, and the address phones at the table can reach;
- `table`: the match at the table (moves, checks, undo requests, chance);
- `app`: the Starlette application (page, websocket, record download);
- `command`: the `frontkit serve` command (prints the addresses, runs uvicorn).
"""
