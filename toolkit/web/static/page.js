// frontkit serve: one seat's page. Everything it shows comes from the server over
// the socket, built for this seat only; the page keeps no game state of its own
// and fetches everything again when it (re)connects.
"use strict";
(function () {
  const SVG = "http://www.w3.org/2000/svg";
  const COLOURS = ["#a32020", "#1f4e9c", "#2e7d32", "#7b3fa0", "#d07010", "#555555"];
  const token = location.pathname.split("/").filter(Boolean).pop();
  const $ = (id) => document.getElementById(id);
  // moves that name no space (boost 1, hold, pass) are buttons of their own, up to
  const SPACELESS = 30;
  const S = { board: null, state: null, past: null, selected: null, ws: null,
              pending: null, retry: 250, pongTimer: null };

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
      S.state = msg;
      S.stateAt = performance.now();
      if (moved) { S.selected = null; $("candidates").replaceChildren(); }
      if (S.past && S.past.at >= msg.moves.length) S.past = null;
      render();
    } else if (msg.type === "past") {
      S.past = msg.at >= msg.of ? null : msg;
      render();
    } else if (msg.type === "checked") {
      if (msg.ok) {
        if (S.pending === msg.text) send({ type: "move", text: msg.text });
        S.pending = null;
      } else {
        S.pending = null;
        say(`${msg.text}: ${msg.reason} (${msg.rule})`, "illegal", msg.rule);
      }
    } else if (msg.type === "clicked") {
      if (msg.ok) send({ type: "move", text: msg.notation });
      else say(`${msg.from} to ${msg.to}: ${msg.reason} (${msg.rule})`, "illegal", msg.rule);
    } else if (msg.type === "refused") {
      say(`${msg.text ? msg.text + ": " : ""}${msg.reason} (${msg.rule})`, "illegal", msg.rule);
    }
  }

  // ----------------------------------------------------------------- board

  function drawSpaces() {
    const b = S.board;
    const svg = $("board");
    svg.style.display = b ? "" : "none";  // a game of cards alone has no board to draw
    if (!b) return;
    svg.setAttribute("viewBox", b.view_box.join(" "));
    svg.style.maxWidth = `${b.view_box[2] * 2}px`;  // a small board is not blown up
    const g = $("spaces");
    g.replaceChildren();
    for (const l of b.links) {
      g.appendChild(el("line", { class: "link", x1: l.x1, y1: l.y1, x2: l.x2, y2: l.y2 }));
    }
    for (const s of b.spaces) {
      const sg = el("g", { class: "space", "data-space": s.id });
      const title = el("title", {}, `${s.id} (${s.terrain})`);
      sg.appendChild(title);
      if (s.points) {
        sg.appendChild(el("polygon", { points: s.points.map((p) => p.join(",")).join(" "),
                                       fill: s.colour }));
      } else {
        sg.appendChild(el("circle", { cx: s.x, cy: s.y, r: s.r, fill: s.colour }));
      }
      // a square's or hex's id at its top edge; a node's under it, clear of its pieces
      const labelY = s.points ? Math.min(...s.points.map((p) => p[1])) + 11 : s.y + s.r + 10;
      sg.appendChild(el("text", { x: s.x, y: labelY, "text-anchor": "middle" }, s.id));
      sg.addEventListener("click", () => clickSpace(s.id));
      g.appendChild(sg);
    }
  }

  function spaceShape(s, cls) {
    if (s.points) return el("polygon", { class: cls, points: s.points.map((p) => p.join(",")).join(" ") });
    return el("circle", { class: cls, cx: s.x, cy: s.y, r: s.r });
  }

  function drawLayer(view) {
    const layer = $("layer");
    layer.replaceChildren();
    const b = S.board;
    if (!b) return;
    const at = Object.fromEntries(b.spaces.map((s) => [s.id, s]));
    if (view) {
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
    if (!S.past && S.selected && at[S.selected]) {
      for (const sid of targetsOf(S.selected)) if (at[sid]) layer.appendChild(spaceShape(at[sid], "target"));
      layer.appendChild(spaceShape(at[S.selected], "selected"));
    }
    if (!view) return;
    const here = {};
    for (const p of view.pieces) (here[p.space] = here[p.space] || []).push(p);
    const r = b.piece;
    for (const [sid, pieces] of Object.entries(here)) {
      const s = at[sid];
      if (!s) continue;
      pieces.forEach((p, i) => {
        const n = pieces.length;
        const dx = n > 1 ? Math.cos((2 * Math.PI * i) / n) * r * 0.7 : 0;
        const dy = n > 1 ? Math.sin((2 * Math.PI * i) / n) * r * 0.7 : 0;
        const rr = n > 1 ? r * 0.65 : r;
        const pg = el("g", { class: "piece", "data-space": sid, "data-side": p.side || "",
                             "data-kind": p.kind || "" });
        pg.appendChild(el("circle", { cx: s.x + dx, cy: s.y + dy + 4, r: rr,
                                      fill: p.kind === null ? "#777777" : sideColour(p.side) }));
        const letter = (p.kind || "?").replace(/^(\w+) /, "").slice(0, 1).toUpperCase();
        pg.appendChild(el("text", { x: s.x + dx, y: s.y + dy + 3, "font-size": rr * 0.9 },
                          letter + (p.count > 1 ? p.count : "")));
        // on the map only the label's first word (a unit's name); the whole of it in the tooltip
        if (p.label) pg.appendChild(el("text", { class: "label", x: s.x + dx, y: s.y + dy + rr * 0.75 },
                                       p.label.split(" ")[0]));
        pg.appendChild(el("title", {}, `${p.side || "?"} ${p.kind || "unknown"}${p.label ? " (" + p.label + ")" : ""}`));
        layer.appendChild(pg);
      });
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
  function showCandidates(moves, heading) {
    const box = $("candidates");
    box.replaceChildren();
    if (!moves.length) return;
    if (heading) box.appendChild(html("div", "", heading));
    for (const m of moves) {
      const b = html("button", "candidate", m.text);
      b.type = "button";
      b.dataset.move = m.text;
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
      if (d.table) box.className = "yours";
    } else if (d.yours) {
      box.className = "yours";
      let text = `${kinds[d.kind]}${d.prompt ? " — " + d.prompt : ""}`;
      if (d.kind === "reaction" && !d.first) text += ` (${d.players[0]} answers first; you may pass)`;
      box.textContent = text;
    } else {
      box.textContent = `${d.waiting} (${d.kind})${d.prompt ? " — " + d.prompt : ""}`;
    }
    box.dataset.kind = d.kind;
  }

  // A card the seat sees is the printed card (the press's picture of its layout, when
  // its deck has one: `pictures.faces`); one it sees only as a count is a back: the
  // deck's printed back (`pictures.backs`, per pile) or a plain one.
  function cardFace(name, pictures) {
    const url = pictures && pictures.faces[name];
    if (!url) return html("span", "card", name);
    const img = html("img", "card face");
    img.src = url; img.alt = name; img.title = name;
    img.dataset.card = name;
    img.onerror = () => img.replaceWith(html("span", "card", name));  // not drawable: words
    return img;
  }
  function cardBack(url) {
    if (!url) return html("span", "card back", "\u00a0");
    const img = html("img", "card back");
    img.src = url; img.alt = "a card, face down";
    img.onerror = () => img.replaceWith(html("span", "card back", "\u00a0"));
    return img;
  }
  function renderPiles(view, pictures) {
    const box = $("piles");
    box.replaceChildren();
    if (!view) return;
    view.piles.forEach((p, i) => {
      if (p.cards === null && p.count === null) return;
      const row = html("div", "pile");
      row.dataset.pile = p.name;
      if (p.owner) row.dataset.owner = p.owner;
      row.appendChild(html("span", "pile-name", `${p.owner ? p.owner + "'s " : ""}${p.name}: `));
      const cards = html("span", "cards");
      if (p.cards !== null) {
        if (!p.cards.length) cards.appendChild(html("span", "", "empty"));
        for (const c of p.cards) cards.appendChild(cardFace(c, pictures));
      } else if (p.count === 0) {
        cards.appendChild(html("span", "", "empty"));
      } else {
        const back = pictures ? pictures.backs[i] : null;
        // a hand shows a back a card (up to twelve); a deck one back and its count
        const shown = p.kind === "deck" ? 1 : Math.min(p.count, 12);
        for (let k = 0; k < shown; k++) cards.appendChild(cardBack(back));
        cards.appendChild(html("span", "", ` ${p.count} card${p.count === 1 ? "" : "s"}`));
      }
      row.appendChild(cards);
      box.appendChild(row);
    });
  }

  function renderLists(view) {
    const tracks = $("tracks"), markers = $("markers"), panels = $("panels");
    tracks.replaceChildren(); markers.replaceChildren(); panels.replaceChildren();
    if (!view) return;
    for (const t of view.tracks) {
      const vals = t.values.map((v) => (v.side ? `${v.side} ${v.value}` : `${v.value}`)).join(", ");
      tracks.appendChild(html("div", "track", `${t.name}: ${vals}${t.high ? " (of " + t.high + ")" : ""}`));
    }
    for (const m of view.markers) markers.appendChild(html("div", "marker", `${m.name}: ${m.value}${m.space ? " on " + m.space : ""}`));
    for (const p of view.panels) panels.appendChild(html("div", "panel", `${p.title}: ${p.text}`));
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
    const was = list.querySelector("li.at");
    if (was) was.className = "";
    if (at > 0 && list.children[at - 1]) list.children[at - 1].className = "at";
    $("back").disabled = at <= 0;
    $("forward").disabled = at >= st.moves.length;
    $("live").disabled = !S.past;
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
    drawClocks();
    syncLines($("log"), view ? view.log : [], () => html("li"));
    const plain = S.past ? [] : legal().filter((m) => !m.spaces.length && m.text !== "pass");
    const box = $("spaceless");
    box.replaceChildren();
    if (plain.length <= SPACELESS) {
      for (const m of plain) {
        const b = html("button", "candidate", m.text);
        b.type = "button";
        b.dataset.move = m.text;
        b.addEventListener("click", () => play(m.text));
        box.appendChild(b);
      }
    }
    document.body.dataset.version = st.version;
    document.body.dataset.moves = st.moves.length;
    const hasPass = legal().some((m) => m.text === "pass");
    $("pass").hidden = !hasPass;
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
    const rec = $("record");
    rec.hidden = !st.record;
    rec.href = `/record/${token}`;
    $("entry").hidden = st.seat === null || !!st.outcome;
    $("notation-help").textContent = st.notation || "";
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
  $("live").addEventListener("click", () => { S.past = null; render(); });
  connect();
})();
