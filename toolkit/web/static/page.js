// frontkit serve: one seat's page. Everything it shows comes from the server over
// the socket, built for this seat only; the page keeps no game state of its own
// and fetches everything again when it (re)connects.
"use strict";
(function () {
  const SVG = "http://www.w3.org/2000/svg";
  const COLOURS = ["#a32020", "#1f4e9c", "#2e7d32", "#7b3fa0", "#d07010", "#555555"];
  const token = location.pathname.split("/").filter(Boolean).pop();
  const $ = (id) => document.getElementById(id);
  // the board's zoom: from ZOOM_LEAST to ZOOM_MOST times the width of its box
  const ZOOM_LEAST = 1, ZOOM_MOST = 4;
  const LAPTOP = window.matchMedia("(min-width: 900px)");
  // a fingertip, in CSS px: below LAPTOP the board is never fitted so small that a
  // space is narrower than this (its box pans instead)
  const TAP = 44;
  const S = { board: null, state: null, past: null, selected: null, ws: null,
              pending: null, retry: 250, pongTimer: null, zoom: 1, chosen: [],
              steps: null };

  function el(tag, attrs, text) {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function html(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function sideColour(side) {
    const printed = S.board && S.board.sides;  // the press's colour for the side
    if (printed && printed[side]) return printed[side];
    const sides = (S.state && S.state.sides) || [];
    const i = sides.indexOf(side);
    return i < 0 ? "#777777" : COLOURS[i % COLOURS.length];
  }
  function send(msg) {
    if (S.ws && S.ws.readyState === WebSocket.OPEN) S.ws.send(JSON.stringify(msg));
  }
  function say(text, kind, rule) {
    const m = $("message");
    m.textContent = text || "";
    m.className = kind || "";
    if (rule) m.dataset.rule = rule; else delete m.dataset.rule;
  }

  // ---------------------------------------------------------------- socket
  // A dropped socket (the server restarted, the network went away, the laptop slept)
  // is opened again after RETRY_FIRST ms, then twice as long each time it fails, up to
  // RETRY_MOST, each wait shortened by up to a fifth at random so that the pages of a
  // table do not all knock at once. Every (re)connection gets `hello` and `state`
  // afresh: the page holds nothing the server must trust. A socket that answers no
  // `ping` within PONG_WAIT ms is taken for dropped (a half-open connection).
  const RETRY_FIRST = 250, RETRY_MOST = 8000, PING_EVERY = 15000, PONG_WAIT = 5000;

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/${token}`);
    S.ws = ws;
    ws.onopen = () => {
      S.retry = RETRY_FIRST;
      $("connection").textContent = "connected";
      $("connection").className = "online";
      document.body.dataset.connections = Number(document.body.dataset.connections || 0) + 1;
    };
    ws.onclose = (ev) => {
      if (S.ws !== ws) return;  // an old socket closing late
      clearTimeout(S.pongTimer);
      $("connection").className = "offline";
      if (ev.code === 4404) {
        $("connection").textContent = "this address is not a seat of this game";
        return;
      }
      const wait = Math.round(S.retry * (1 - Math.random() * 0.2));
      $("connection").textContent = `connection lost: trying again in ${(wait / 1000).toFixed(1)} s`;
      document.body.dataset.retries = Number(document.body.dataset.retries || 0) + 1;
      setTimeout(connect, wait);
      S.retry = Math.min(S.retry * 2, RETRY_MOST);
    };
    ws.onmessage = (ev) => {
      clearTimeout(S.pongTimer);
      receive(JSON.parse(ev.data));
    };
  }
  setInterval(() => {
    const ws = S.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return;
    ws.send(JSON.stringify({ type: "ping" }));
    clearTimeout(S.pongTimer);
    S.pongTimer = setTimeout(() => { if (S.ws === ws) ws.close(); }, PONG_WAIT);
  }, PING_EVERY);

  function receive(msg) {
    if (msg.type === "hello") {
      S.board = msg.board;
      $("title").textContent = msg.title;
      $("whoami").textContent = msg.seat ? `your seat: ${msg.seat_name || msg.seat}` : "spectator";
      document.title = `${msg.title} — ${msg.seat_name || msg.seat || "spectator"}`;
      drawSpaces();
      if (S.past) send({ type: "past", at: S.past.at });  // back where it was looking
    } else if (msg.type === "pong") {
      // the socket is alive
    } else if (msg.type === "state") {
      const moved = !S.state || S.state.version !== msg.version;
      const grew = !S.state || S.state.moves.length !== msg.moves.length;
      S.state = msg;
      S.stateAt = performance.now();
      if (moved) { S.selected = null; $("candidates").replaceChildren(); askSteps([]); }
      if (S.past && S.past.at >= msg.moves.length) S.past = null;
      render();
      if (grew) followGame();
    } else if (msg.type === "steps") {
      if (S.state && msg.version === S.state.version) {
        S.chosen = msg.chosen; S.steps = msg.steps; renderSteps();
        document.body.dataset.steps = msg.version;  // the choices of this state are shown
      }
    } else if (msg.type === "past") {
      S.past = msg.at >= msg.of ? null : msg;
      render();
    } else if (msg.type === "checked") {
      if (msg.ok) {
        if (S.pending === msg.text) send({ type: "move", text: msg.text });
        S.pending = null;
      } else {
        S.pending = null;
        refuse(msg.text ? `${msg.text}: ` : "", msg);
      }
    } else if (msg.type === "clicked") {
      if (msg.ok) send({ type: "move", text: msg.notation });
      else refuse(`${pieceAt(msg.from)} to ${msg.to}: `, msg);
    } else if (msg.type === "refused") {
      if (msg.for === "steps") { S.steps = null; renderSteps(); }
      refuse(msg.text ? `${msg.text}: ` : "", msg);
    }
  }

  // A refusal: what was tried and why not, in the rule's words. The rule's id (which
  // the printed kit does not print) is kept for tools and the curious: data-rule, tooltip.
  function refuse(what, msg) {
    const m = $("message");
    m.textContent = `${what}${msg.reason}`;
    if (msg.rule) { m.dataset.rule = msg.rule; m.title = `rule ${msg.rule}`; }
    else { delete m.dataset.rule; m.removeAttribute("title"); }
    m.className = "illegal";
  }

  // "your infantry on B3": the piece a click started from, in words
  function pieceAt(sid) {
    const v = S.state && S.state.view;
    const mine = v ? v.pieces.filter((p) => p.space === sid && p.side === S.state.seat) : [];
    if (!mine.length) return sid;
    return `your ${mine.map((p) => kindWords(p, v)).join(" and ")} on ${sid}`;
  }

  // The newest moves and log lines in view, when the game moves on (not while the
  // player looks at the past).
  function followGame() {
    if (S.past) return;
    for (const id of ["moves", "log"]) { const l = $(id); l.scrollTop = l.scrollHeight; }
  }

  // ----------------------------------------------------------------- board

  function drawSpaces() {
    const b = S.board;
    $("boardbox").hidden = !b;  // a game of cards alone has no board to draw
    $("zoom").hidden = !b;
    if (!b) return;
    const svg = $("board");
    svg.setAttribute("viewBox", b.view_box.join(" "));
    setZoom(S.zoom);
    S.centre = true;  // opened at its middle once the table is laid out (drawLayer)
    const g = $("spaces");
    g.replaceChildren();
    for (const l of b.links) {
      g.appendChild(el("line", { class: "link", x1: l.x1, y1: l.y1, x2: l.x2, y2: l.y2 }));
    }
    for (const s of b.spaces) {
      const sg = el("g", { class: "space", "data-space": s.id });
      sg.appendChild(el("title", {}, `${s.id} (${s.terrain.replace(/_/g, " ")})`));
      if (s.points) {
        sg.appendChild(el("polygon", { points: s.points.map((p) => p.join(",")).join(" "),
                                       fill: s.colour }));
      } else {
        sg.appendChild(el("circle", { cx: s.x, cy: s.y, r: s.r, fill: s.colour }));
      }
      // a square's or hex's id at its top edge; a node's inside its top, above its pieces
      // (under it, it would stand on the next node's units)
      if (s.points) {
        const top = Math.min(...s.points.map((p) => p[1])) + 11;
        sg.appendChild(el("text", { x: s.x, y: top, "text-anchor": "middle" }, s.id));
      } else {
        sg.appendChild(el("text", { class: "node", x: s.x, y: s.y - s.r * 0.62, "text-anchor": "middle" }, s.id));
      }
      sg.addEventListener("click", () => clickSpace(s.id));
      g.appendChild(sg);
    }
  }

  function setZoom(z) {
    S.zoom = Math.min(ZOOM_MOST, Math.max(ZOOM_LEAST, z));
    const svg = $("board"), b = S.board;
    if (!b) return;
    // fit: the box's width, or less for a small board (never blown up past twice its
    // size) or a tall one (the whole of it within the box's greatest height)
    const boxEl = $("boardbox");
    const wide = Math.max(1, boxEl.clientWidth || 1);
    const tallest = parseFloat(getComputedStyle(boxEl).maxHeight) || Infinity;
    const fit = Math.min(1, (b.view_box[2] * 2) / wide,
                         ((tallest - 4) * b.view_box[2]) / (b.view_box[3] * wide));
    // on a phone, the smallest space at least a fingertip across (the box pans)
    const natural = LAPTOP.matches ? fit : Math.max(fit, (TAP * b.view_box[2]) / (smallestSpace(b) * wide));
    svg.style.width = `${(S.zoom * natural * 100).toFixed(1)}%`;
    $("zoom-out").disabled = S.zoom <= ZOOM_LEAST;
    $("zoom-in").disabled = S.zoom >= ZOOM_MOST;
  }

  // the narrowest space of the board, in its own units (a node's width, a square's or
  // a hex's narrower side), worked out once
  function smallestSpace(b) {
    if (b.smallest === undefined) {
      const across = b.spaces.map((s) => {
        if (!s.points) return 2 * s.r;
        const xs = s.points.map((p) => p[0]), ys = s.points.map((p) => p[1]);
        return Math.min(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
      }).filter((d) => d > 0);
      b.smallest = across.length ? Math.min(...across) : b.view_box[2];
    }
    return b.smallest;
  }

  // two fingers on the board: zoom about their middle; one finger pans (the box scrolls)
  const touches = new Map();
  let pinch = null;
  function pinchStart(ev) {
    touches.set(ev.pointerId, ev);
    if (touches.size === 2) {
      const [a, b] = [...touches.values()];
      pinch = { d: Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY), zoom: S.zoom };
    }
  }
  function pinchMove(ev) {
    if (!touches.has(ev.pointerId)) return;
    touches.set(ev.pointerId, ev);
    if (!pinch || touches.size !== 2) return;
    const [a, b] = [...touches.values()];
    const d = Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
    const box = $("boardbox");
    const before = S.zoom;
    setZoom(pinch.zoom * d / Math.max(1, pinch.d));
    const k = S.zoom / before;
    const mx = (a.clientX + b.clientX) / 2 - box.getBoundingClientRect().left;
    const my = (a.clientY + b.clientY) / 2 - box.getBoundingClientRect().top;
    box.scrollLeft = (box.scrollLeft + mx) * k - mx;
    box.scrollTop = (box.scrollTop + my) * k - my;
    ev.preventDefault();
  }
  function pinchEnd(ev) { touches.delete(ev.pointerId); if (touches.size < 2) pinch = null; }

  function spaceShape(s, cls) {
    if (s.points) return el("polygon", { class: cls, points: s.points.map((p) => p.join(",")).join(" ") });
    return el("circle", { class: cls, cx: s.x, cy: s.y, r: s.r });
  }

  function drawMarks(layer, view, at) {
    for (const sid of view.fog) if (at[sid]) layer.appendChild(spaceShape(at[sid], "fog"));
    const marks = {};
    for (const m of view.marks) (marks[m.space] = marks[m.space] || []).push(m.mark);
    for (const [sid, names] of Object.entries(marks)) {
      if (!at[sid]) continue;
      const shape = spaceShape(at[sid], "mark");
      shape.appendChild(el("title", {}, names.join(", ")));
      layer.appendChild(shape);
    }
  }

  // a piece's kind in players' words (the view's `words`)
  function kindWords(p, view) {
    return (p.kind && view.words && view.words.kinds[p.kind]) || (p.kind ? "piece" : "unknown piece");
  }

  // the letter a piece is drawn with: the view's own (`letters`: Anti-Tank is T), else
  // the first letter of its name
  function letterOf(p, view) {
    const given = view.letters && p.kind ? view.letters[p.kind] : "";
    return (given || (p.kind ? kindWords(p, view) : "?").slice(0, 1)).toUpperCase();
  }

  function drawPieces(layer, view, at) {
    const b = S.board;
    const here = {};
    for (const p of view.pieces) (here[p.space] = here[p.space] || []).push(p);
    const map = b.kind === "map";
    const r = map ? b.piece * 0.85 : b.piece;
    for (const [sid, pieces] of Object.entries(here)) {
      const s = at[sid];
      if (!s) continue;
      const n = pieces.length;
      const cy = s.y + (map ? s.r * 0.22 : 4);
      pieces.forEach((p, i) => {
        const dx = n > 1 ? Math.cos((2 * Math.PI * i) / n) * r * 0.7 : 0;
        const dy = n > 1 ? Math.sin((2 * Math.PI * i) / n) * r * 0.7 : 0;
        const rr = n > 1 ? r * 0.65 : r;
        const pg = el("g", { class: "piece", "data-space": sid, "data-side": p.side || "",
                             "data-kind": p.kind || "" });
        pg.appendChild(el("circle", { cx: s.x + dx, cy: cy + dy, r: rr,
                                      fill: p.kind === null ? "#777777" : sideColour(p.side) }));
        const letter = letterOf(p, view);
        // a label under the letter (a strength, steps: a figure), unless it is the
        // letter again; a label that opens with a word (`health 9 damage 0`) and, on a
        // map, the unit's name are in its tooltip
        const first = p.label ? p.label.split(" ")[0] : "";
        const label = !map && /\d/.test(first) && first !== letter;
        pg.appendChild(el("text", { x: s.x + dx, y: cy + dy - (label ? rr * 0.2 : 0), "font-size": rr * 0.9 },
                          letter + (p.count > 1 ? p.count : "")));
        if (label) pg.appendChild(el("text", { class: "label", x: s.x + dx, y: cy + dy + rr * 0.6 },
                                     p.label.split(" ")[0]));
        pg.appendChild(el("title", {}, `${p.side || "?"} ${kindWords(p, view)}${p.label ? " (" + p.label + ")" : ""}`));
        layer.appendChild(pg);
      });
    }
  }

  function drawLayer(view) {
    const layer = $("layer");
    layer.replaceChildren();
    const b = S.board;
    if (!b) return;
    const at = Object.fromEntries(b.spaces.map((s) => [s.id, s]));
    if (view) drawMarks(layer, view, at);
    if (!S.past && S.state) {  // the last move, marked
      for (const sid of S.state.last || []) if (at[sid]) layer.appendChild(spaceShape(at[sid], "last"));
    }
    if (!S.past && S.selected && at[S.selected]) {
      for (const sid of targetsOf(S.selected)) if (at[sid]) layer.appendChild(spaceShape(at[sid], "target"));
      layer.appendChild(spaceShape(at[S.selected], "selected"));
    }
    if (view) drawPieces(layer, view, at);
    if (view && S.centre) {
      // a board wider than its box (a phone) opens at its middle: where Fantasy Line
      // Battle's two Fronts meet
      S.centre = false;
      const box = $("boardbox");
      box.scrollLeft = (box.scrollWidth - box.clientWidth) / 2;
    }
  }

  // ---------------------------------------------------------------- moves

  function legal() { return (S.state && !S.state.outcome && S.state.legal) || []; }
  function fromTo(spaces, a, b) {
    const i = spaces.indexOf(a);
    return i >= 0 && spaces.indexOf(b, i + 1) > i;
  }
  function startingAt(sid) { return legal().filter((m) => m.spaces[0] === sid); }
  function targetsOf(sid) {
    const out = new Set();
    for (const m of startingAt(sid)) for (const t of m.spaces.slice(1)) out.add(t);
    return out;
  }
  function moveButton(text, label, cls) {
    const b = html("button", cls, label);
    b.type = "button";
    b.dataset.move = text;
    return b;
  }
  function showCandidates(moves, heading) {
    const box = $("candidates");
    box.replaceChildren();
    if (!moves.length) return;
    if (heading) box.appendChild(html("div", "heading", heading));
    for (const m of moves) {
      const b = moveButton(m.text, m.label || m.text, "candidate");
      b.addEventListener("click", () => { box.replaceChildren(); play(m.text); });
      box.appendChild(b);
    }
  }
  function hasPiece(sid) {
    const v = S.state && S.state.view;
    return !!(v && v.pieces.some((p) => p.space === sid));
  }

  function clickSpace(sid) {
    if (!S.state || S.past) return;
    say("");
    const chosen = S.selected;
    if (chosen === null) {
      const starting = startingAt(sid);
      if (starting.length && starting.every((m) => m.spaces.length < 2)) {
        showCandidates(starting, `moves at ${sid}:`);
      } else if (starting.length || hasPiece(sid)) {
        S.selected = sid;
        showCandidates(starting, starting.length ? `moves from ${sid}:` : "");
      } else if (legal().length) {
        say(`no move of yours starts at ${sid}`);
      }
      render();
      return;
    }
    S.selected = null;
    if (chosen === sid) { $("candidates").replaceChildren(); render(); return; }
    const matches = legal().filter((m) => fromTo(m.spaces, chosen, sid));
    if (matches.length === 1) {
      $("candidates").replaceChildren();
      play(matches[0].text);
    } else if (matches.length > 1) {
      showCandidates(matches, `moves from ${chosen} to ${sid}:`);
    } else {
      $("candidates").replaceChildren();
      send({ type: "click", from: chosen, to: sid });
    }
    render();
  }

  function play(text) {
    // a listed legal move goes straight; anything typed is checked first, so an
    // illegal move is explained before it is sent
    if (legal().some((m) => m.text === text)) send({ type: "move", text });
    else { S.pending = text; send({ type: "check", text }); }
  }

  // The move tree: the choices after those made so far (`chosen`), one button each; a
  // leaf plays its whole move, any other asks the server for the next step.
  function askSteps(chosen) {
    S.steps = null;
    const st = S.state;
    if (!st || st.outcome || !st.legal.length || S.past) {
      renderSteps();
      if (st) document.body.dataset.steps = st.version;  // nothing to choose: current
      return;
    }
    send({ type: "steps", chosen });
  }
  function renderSteps() {
    const box = $("steps");
    box.replaceChildren();
    if (!S.steps || S.past) return;
    const shown = S.steps.filter((s) => s.move !== "pass");  // Pass has its own button
    if (S.chosen.length) {
      box.appendChild(html("div", "heading", "you chose: " + S.chosen.map(labelOf).join(" › ")));
      const up = html("button", "up", "◀ back a step");
      up.type = "button";
      up.addEventListener("click", () => askSteps(S.chosen.slice(0, -1)));
      box.appendChild(up);
    }
    for (const step of shown) {
      const b = step.move !== null ? moveButton(step.move, step.label, "leaf") : html("button", "step", `${step.label} ›`);
      b.type = "button";
      b.dataset.token = step.token;
      b.addEventListener("click", () => {
        S.labels[step.token] = step.label;
        if (step.move !== null) play(step.move);
        else askSteps([...S.chosen, step.token]);
      });
      box.appendChild(b);
    }
  }
  S.labels = {};
  function labelOf(token) { return S.labels[token] || token; }

  // ---------------------------------------------------------------- panels

  function renderDecision(st) {
    const d = st.decision;
    const box = $("decision");
    box.className = "";
    const out = $("outcome");
    out.hidden = !st.outcome;
    if (st.outcome) out.textContent = `game over: ${st.outcome.text}`;
    if (!d) { box.textContent = ""; return; }
    const kinds = { move: "your move", orders: "your secret orders", reaction: "a reaction window: react or pass", chance: "chance" };
    if (d.kind === "chance") {
      box.textContent = d.table ? `roll or draw at the table and type what came up: ${d.prompt}` : `chance: ${d.prompt}`;
      if (d.table) { box.className = "yours"; $("help").open = true; }  // typed: the box shown
    } else if (d.yours) {
      box.className = "yours";
      let text = `${kinds[d.kind]}${d.prompt ? " — " + d.prompt : ""}`;
      if (d.kind === "reaction" && !d.first) text += ` (${d.players[0]} answers first; you may pass)`;
      box.textContent = text;
    } else if (d.kind === "orders") {
      box.textContent = `${d.waiting}: their secret orders`;
    } else {
      box.textContent = `${d.waiting}${d.prompt ? " — " + d.prompt : ""}`;
    }
    box.dataset.kind = d.kind;
  }

  // A card the seat sees is the printed card (the press's picture of its layout, when
  // its deck has one: `pictures.faces`); one it sees only as a count is a back: the
  // deck's printed back (`pictures.backs`, per pile) or a plain one.
  function cardFace(name, pictures, names) {
    const title = (names && names[name]) || name;
    const url = pictures && pictures.faces[name];
    if (!url) { const c = html("span", "card", title); c.dataset.card = name; return c; }
    const img = html("img", "card face");
    img.src = url; img.alt = title; img.title = title;
    img.dataset.card = name;
    img.onerror = () => { const c = html("span", "card", title); c.dataset.card = name; img.replaceWith(c); };
    img.addEventListener("click", () => img.classList.toggle("big"));  // a tap reads it
    return img;
  }
  function cardBack(url) {
    if (!url) return html("span", "card back", "\u00a0");
    const img = html("img", "card back");
    img.src = url; img.alt = "a card, face down";
    img.onerror = () => img.replaceWith(html("span", "card back", "\u00a0"));
    return img;
  }
  function pileRow(p, title, back, pictures, names, whose) {
    const row = html("div", "pile");
    row.dataset.pile = p.name;
    row.classList.add(p.kind);
    if (p.owner) row.dataset.owner = p.owner;
    const empty = (p.cards !== null && !p.cards.length) || (p.cards === null && p.count === 0);
    if (empty) row.classList.add("empty");
    row.appendChild(html("span", "pile-name", `${whose ? whose + " " : ""}${title}${empty ? ": empty" : ""}`));
    if (empty) return row;
    const cards = html("div", "cards");
    if (p.cards !== null) {
      for (const c of p.cards) cards.appendChild(cardFace(c, pictures, names));
    } else {
      // a hand shows a back a card (up to twelve, overlapping); a deck one back
      const shown = p.kind === "deck" ? 1 : Math.min(p.count, 12);
      for (let k = 0; k < shown; k++) cards.appendChild(cardBack(back));
      cards.appendChild(html("span", "count", `${p.count} card${p.count === 1 ? "" : "s"}`));
    }
    row.appendChild(cards);
    return row;
  }
  // The card table: the others' seats along the top (their piles, backs and counts),
  // the battle (every seat's bid, as on the printed mat) and the shared piles in the
  // middle, your own piles below with your hand last.
  function renderPiles(view, pictures) {
    const theirs = $("theirs"), middle = $("piles"), mine = $("mine");
    theirs.replaceChildren(); middle.replaceChildren(); mine.replaceChildren();
    if (!view) return;
    const me = S.state.seat;
    const seats = {};
    const own = [];
    const battle = html("div", "battle");
    view.piles.forEach((p, i) => {
      if (p.cards === null && p.count === null) return;
      const back = pictures ? pictures.backs[i] : null;
      const title = view.words ? view.words.piles[i] : p.name;
      const names = view.words ? view.words.cards : {};
      if (p.kind === "bid") {
        battle.appendChild(pileRow(p, title, back, pictures, names, p.owner === me ? "your" : `${p.owner}'s`));
      } else if (p.owner && p.owner === me) own.push(pileRow(p, title, back, pictures, names, "your"));
      else if (p.owner) {
        if (!seats[p.owner]) {
          seats[p.owner] = html("div", "seat");
          seats[p.owner].dataset.owner = p.owner;
          seats[p.owner].appendChild(html("div", "seat-name", p.owner));
        }
        seats[p.owner].appendChild(pileRow(p, title, back, pictures, names, ""));
      } else middle.appendChild(pileRow(p, title, back, pictures, names, ""));
    });
    for (const box of Object.values(seats)) theirs.appendChild(box);
    if (battle.children.length) middle.prepend(battle);
    own.sort((a, b) => a.classList.contains("hand") - b.classList.contains("hand"));
    for (const row of own) mine.appendChild(row);
  }

  function sheetItem(cls, title, text) {
    const d = html("div", cls);
    d.appendChild(html("span", "sheet-title", title));
    d.appendChild(document.createTextNode(text));
    return d;
  }
  function renderLists(view) {
    const tracks = $("tracks"), markers = $("markers"), panels = $("panels");
    tracks.replaceChildren(); markers.replaceChildren(); panels.replaceChildren();
    if (!view) return;
    for (const t of view.tracks) {
      const vals = t.values.map((v) => (v.side ? `${v.side} ${v.value}` : `${v.value}`)).join(", ");
      tracks.appendChild(sheetItem("track", t.name, `${vals}${t.high ? " (of " + t.high + ")" : ""}`));
    }
    for (const m of view.markers) markers.appendChild(sheetItem("marker", m.name, `${m.value}${m.space ? " on " + m.space : ""}`));
    for (const p of view.panels) panels.appendChild(sheetItem("panel", p.title, p.text));
  }

  // Joining: on the spectators' page, a QR code per seat not yet taken (the server sends
  // them to the spectators only, and stops once the seat's page has connected: a seat's
  // address is its secret).
  function drawQr(codes) {
    const box = $("qr");
    const shown = (codes || []).map((q) => q.who).join(",");
    if (box.dataset.shown === shown) return;  // unchanged: not redrawn
    box.dataset.shown = shown;
    box.replaceChildren();
    box.hidden = !codes || !codes.length;
    if (codes && codes.length) box.appendChild(html("div", "heading", "scan to take a seat:"));
    for (const q of codes || []) {
      const f = html("figure");
      const img = html("img");
      img.src = q.svg; img.alt = `QR code: the address of ${q.who}`;
      f.appendChild(img);
      f.appendChild(html("figcaption", "", q.who));
      box.appendChild(f);
    }
  }

  // Long lists (a game's moves, its log) are brought up to date in place: a line whose
  // text is unchanged is kept, so a redraw late in a long game costs what changed.
  function syncLines(list, lines, make) {
    lines.forEach((text, i) => {
      let li = list.children[i];
      if (!li) { li = make(i); list.appendChild(li); }
      if (li.textContent !== text) li.textContent = text;
    });
    while (list.children.length > lines.length) list.lastChild.remove();
  }

  function renderMoves(st) {
    const list = $("moves");
    const at = S.past ? S.past.at : st.moves.length;
    syncLines(list, st.moves.map((m) => `${m.player}: ${m.text}`), (i) => {
      const li = html("li");
      li.value = i + 1;
      li.dataset.n = i + 1;
      li.title = "show the board after this move";
      li.addEventListener("click", () => send({ type: "past", at: i + 1 }));
      return li;
    });
    for (const li of list.querySelectorAll("li.at, li.newest")) li.className = "";
    if (list.lastElementChild) list.lastElementChild.className = "newest";
    if (at > 0 && list.children[at - 1]) list.children[at - 1].classList.add("at");
    $("back").disabled = at <= 0;
    $("forward").disabled = at >= st.moves.length;
    $("live").disabled = !S.past;
  }

  function renderUndo(st) {
    const u = st.undo;
    $("undo-request").hidden = !u;
    if (u) {
      $("undo-text").textContent = u.answer ? `${u.by} asks to take back the last move.`
        : `${u.by} asked to take back the last move; waiting for ${u.waiting.join(" and ")}.`;
      $("undo-accept").hidden = !u.answer;
      $("undo-decline").hidden = !u.answer;
    }
    $("undo").hidden = st.seat === null;
    $("undo").disabled = !st.can_undo;
    $("undo").title = st.why_not_undo || "ask the other side to let you take back the last move";
  }

  function render() {
    const st = S.state;
    if (!st) return;
    const src = S.past || st;
    const view = src.view;
    $("status").textContent = view ? view.status.join(" · ") : "";
    const text = $("text");
    text.hidden = !src.text;
    text.textContent = src.text || "";
    const banner = $("past-banner");
    banner.hidden = !S.past;
    if (S.past) banner.textContent = `the board after move ${S.past.at} of ${S.past.of}, as you saw it (Now: back to the game)`;
    drawLayer(view);
    renderDecision(st);
    renderPiles(view, src.pictures);
    renderLists(view);
    renderMoves(st);
    renderSteps();
    drawClocks();
    syncLines($("log"), view ? view.log : [], () => html("li"));
    document.body.dataset.version = st.version;
    document.body.dataset.moves = st.moves.length;
    $("pass").hidden = !legal().some((m) => m.text === "pass");
    renderUndo(st);
    const rec = $("record");
    rec.hidden = !st.record;
    rec.href = `/record/${token}`;
    $("help").hidden = st.seat === null || !!st.outcome;
    $("notation-help").textContent = st.notation || "";
    drawQr(st.qr);
  }

  // The clocks the server runs (and enforces: at zero it passes for that side), counted
  // down here between states from the seconds left when the state was sent.
  function drawClocks() {
    const st = S.state;
    const box = $("clocks");
    const sides = st && !S.past ? Object.keys(st.clocks || {}) : [];
    box.hidden = !sides.length;
    box.replaceChildren();
    for (const side of sides) {
      const left = Math.max(0, st.clocks[side] - (performance.now() - S.stateAt) / 1000);
      const whole = Math.ceil(left);
      const shown = `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
      const c = html("span", left < 10 ? "clock short" : "clock",
                     `${side === st.seat ? "your time" : side}: ${shown}`);
      c.dataset.side = side;
      c.dataset.left = left.toFixed(1);
      box.appendChild(c);
    }
  }
  setInterval(drawClocks, 250);

  // ----------------------------------------------------------------- wiring

  $("entry").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const text = $("notation").value.trim();
    if (!text) return;
    say("");
    S.pending = text;
    send({ type: "check", text });
    $("notation").value = "";
  });
  $("pass").addEventListener("click", () => play("pass"));
  $("undo").addEventListener("click", () => send({ type: "undo" }));
  $("undo-accept").addEventListener("click", () => send({ type: "undo-answer", accept: true }));
  $("undo-decline").addEventListener("click", () => send({ type: "undo-answer", accept: false }));
  $("back").addEventListener("click", () => {
    const at = S.past ? S.past.at : S.state.moves.length;
    send({ type: "past", at: Math.max(0, at - 1) });
  });
  $("forward").addEventListener("click", () => {
    if (S.past) send({ type: "past", at: S.past.at + 1 });
  });
  $("live").addEventListener("click", () => { S.past = null; render(); askSteps([]); });
  $("zoom-in").addEventListener("click", () => setZoom(S.zoom * 1.5));
  $("zoom-out").addEventListener("click", () => setZoom(S.zoom / 1.5));
  $("zoom-fit").addEventListener("click", () => setZoom(1));
  const box = $("boardbox");
  box.addEventListener("pointerdown", (ev) => { if (ev.pointerType === "touch") pinchStart(ev); });
  box.addEventListener("pointermove", pinchMove);
  for (const end of ["pointerup", "pointercancel", "pointerleave"]) box.addEventListener(end, pinchEnd);
  window.addEventListener("resize", () => setZoom(S.zoom));
  $("help").open = LAPTOP.matches;  // typed notation: open beside the table, folded on a phone
  connect();
})();
