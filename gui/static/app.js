// sakk's browser GUI. The server owns the game and the rules; this script
// draws what it says, sends moves and commands, and keeps the clocks.
"use strict";
(function () {
  const SVG = "http://www.w3.org/2000/svg";
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);

  let state = null;      // the server's State
  let session = null;    // the session id
  let events = null;     // the EventSource
  let flipped = false;
  let selected = null;   // cell name of the piece picked up
  let drag = null;       // {from, el, startX, startY, moved}
  let pendingPromo = null;
  let lines = [];        // analysis lines by multipv
  let lastGoGen = -1;    // the position the last search request was for
  let clocks = null;     // {ms: [w, b], inc, running, last}
  let lastMoveCount = 0;
  let busy = false;

  const settings = {
    side: params.get("side") || "white",
    time: params.get("movetime") ? "move:" + params.get("movetime") : (params.get("time") || "move:1000"),
    analyse: params.get("analyse") === "1",
    multipv: 1,
    sound: false,
  };

  // ---- server calls ------------------------------------------------------
  async function api(path, body, raw) {
    const opts = { method: body === undefined ? "GET" : "POST" };
    if (body !== undefined) {
      opts.body = raw ? body : JSON.stringify(body);
      opts.headers = { "Content-Type": raw ? "text/plain" : "application/json" };
    }
    const res = await fetch(path, opts);
    const data = await res.json().catch(() => ({ error: res.statusText }));
    if (!res.ok) throw new Error(data.error || res.statusText);
    return data;
  }
  const call = (action, body) => api(`/api/session/${session}/${action}`, body ?? {});

  async function command(action, body) {
    try {
      const st = await call(action, body);
      applyState(st);
      return st;
    } catch (e) {
      flash(e.message);
      return null;
    }
  }

  function connect() {
    if (events) events.close();
    events = new EventSource(`/api/session/${session}/events`);
    let opened = false;
    events.addEventListener("open", () => {
      $("conn").classList.add("ok");
      if (opened) {
        lastGoGen = -1; // a search stopped while the stream was down is asked for again
        setTimeout(driveEngine, 0);
      }
      opened = true;
    });
    events.addEventListener("error", () => $("conn").classList.remove("ok"));
    events.addEventListener("state", (e) => applyState(JSON.parse(e.data)));
    events.addEventListener("info", (e) => showInfo(JSON.parse(e.data)));
  }

  async function start() {
    const variant = (params.get("variant") || "glinski").toLowerCase();
    const body = { variant };
    if (params.get("fen")) body.fen = params.get("fen");
    if (params.get("chess960")) body.chess960 = parseInt(params.get("chess960"), 10);
    try {
      const st = await api("/api/session", body);
      session = st.session;
      resetClocks();
      applyState(st);
      if ($("opt-stalemate").value === "draw") await command("options", { stalemateDraw: true });
      setPlayers();
      connect();
    } catch (e) {
      $("status").textContent = "Cannot start: " + e.message;
      return;
    }
    window.addEventListener("pagehide", () => navigator.sendBeacon(`/api/session/${session}/close`, ""));
  }

  // ---- state -------------------------------------------------------------
  function applyState(st) {
    if (state && st.version < state.version) return; // an older answer overtaken by an event
    const variantChanged = !state || state.variant !== st.variant;
    const positionChanged = !state || st.gen !== state.gen;
    const grew = st.moves.length > lastMoveCount && st.ply === st.moves.length;
    if (grew && state && clocks) addIncrement(st);
    lastMoveCount = st.moves.length;
    state = st;
    if (positionChanged) {
      selected = null;
      if (st.searching !== "analyse") lines = [];
    }
    document.body.className = st.variant;
    document.querySelectorAll("#variants button").forEach((b) => b.classList.toggle("active", b.dataset.variant === st.variant));
    if (variantChanged) {
      const vb = st.geometry.viewBox;
      $("board-wrap").style.setProperty("--aspect", vb[2] / vb[3]);
    }
    if (!drag) drawBoard();
    drawMoves();
    drawStatus();
    drawLines();
    drawPlayers();
    $("fen").value = st.fen;
    $("btn-pgn").href = `/api/session/${session}/pgn`;
    if (grew && settings.sound) beep();
    window.sakk.state = st;
    setTimeout(driveEngine, 0);
  }

  const atEnd = () => state.ply === state.moves.length;
  function engineSide(side) {
    return settings.side === "self" || (settings.side === "white" && side === "b") || (settings.side === "black" && side === "w");
  }

  // driveEngine asks sakk to move when it is its turn, or to analyse.
  function driveEngine() {
    if (!state || state.outcome.over || busy) return;
    if (state.searching) return;
    if (lastGoGen === state.gen) return;
    if (atEnd() && engineSide(state.side)) {
      lastGoGen = state.gen;
      const req = { purpose: "move" };
      const [kind, a] = settings.time.split(":");
      if (kind === "clock" && clocks) {
        Object.assign(req, { wtime: Math.max(1, Math.round(clocks.ms[0])), btime: Math.max(1, Math.round(clocks.ms[1])), winc: clocks.inc, binc: clocks.inc });
      } else {
        req.movetime = parseInt(a, 10) || 1000;
      }
      call("go", req).catch((e) => flash(e.message));
    } else if (settings.analyse) {
      lastGoGen = state.gen;
      call("go", { purpose: "analyse", multipv: settings.multipv }).catch((e) => flash(e.message));
    }
  }

  // ---- the board ---------------------------------------------------------
  function el(name, attrs, parent) {
    const e = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (parent) parent.appendChild(e);
    return e;
  }
  function pos(x, y) {
    if (!flipped) return [x, y];
    const vb = state.geometry.viewBox;
    return [2 * vb[0] + vb[2] - x, 2 * vb[1] + vb[3] - y];
  }
  const cellAttr = () => (state.geometry.shape === "hex" ? "data-cell" : "data-square");
  function hexPoints(x, y) {
    let s = "";
    for (let i = 0; i < 6; i++) {
      const a = (Math.PI / 3) * i;
      s += `${(x + Math.cos(a)).toFixed(3)},${(y + Math.sin(a)).toFixed(3)} `;
    }
    return s.trim();
  }

  function drawBoard() {
    const svg = $("board");
    const g = state.geometry;
    const hex = g.shape === "hex";
    svg.setAttribute("viewBox", g.viewBox.join(" "));
    svg.setAttribute("class", hex ? "hex-board" : "square-board");
    svg.textContent = "";
    const pieceSize = hex ? 1.62 : 0.94;
    const last = state.ply > 0 ? state.moves[state.ply - 1] : null;
    const targets = new Map();
    if (selected) for (const m of state.legal) if (m.from === selected) targets.set(m.to, true);
    const cells = el("g", {}, svg);
    for (const c of g.cells) {
      const [x, y] = pos(c.x, c.y);
      const grp = el("g", { class: hex ? "cell" : "cell square", [cellAttr()]: c.name }, cells);
      const shape = hex
        ? el("polygon", { points: hexPoints(x, y), class: `cellshape shade-${c.shade}` }, grp)
        : el("rect", { x: x - 0.5, y: y - 0.5, width: 1, height: 1, class: `cellshape shade-${c.shade}` }, grp);
      const overlay = (cls) => {
        const o = shape.cloneNode();
        o.setAttribute("class", cls);
        grp.appendChild(o);
      };
      if (last && (c.name === last.from || c.name === last.to)) overlay("lastmove");
      if (c.name === selected) overlay("selected");
      if (c.name === state.check) el("circle", { cx: x, cy: y, r: hex ? 0.9 : 0.5, class: "checkmark" }, grp);
      const piece = state.pieces[c.name];
      if (piece) {
        grp.setAttribute("data-piece", piece);
        el("use", { href: "#" + pieceId(piece), x: x - pieceSize / 2, y: y - pieceSize / 2, width: pieceSize, height: pieceSize, class: "piece" }, grp);
      }
      if (targets.has(c.name)) {
        grp.setAttribute("data-target", "1");
        if (piece) el("circle", { cx: x, cy: y, r: hex ? 0.78 : 0.43, "stroke-width": hex ? 0.14 : 0.08, class: "hint-capture" }, grp);
        else el("circle", { cx: x, cy: y, r: hex ? 0.24 : 0.15, class: "hint" }, grp);
      }
    }
    const labels = el("g", {}, svg);
    for (const l of g.labels[flipped ? 1 : 0]) {
      const [x, y] = pos(l.x, l.y);
      el("text", { x, y, class: "label" }, labels).textContent = l.text;
    }
    drawArrows(svg);
  }

  function centre(name) {
    const c = state.geometry.cells.find((c) => c.name === name);
    return c ? pos(c.x, c.y) : null;
  }

  function drawArrows(svg) {
    const layer = el("g", {}, svg);
    const hex = state.geometry.shape === "hex";
    const shown = lines.filter((l) => l && l.from && l.gen === state.gen).slice(0, 3);
    shown.forEach((l, i) => {
      const a = centre(l.from), b = centre(l.to);
      if (!a || !b) return;
      const dx = b[0] - a[0], dy = b[1] - a[1], len = Math.hypot(dx, dy);
      const shorten = hex ? 0.55 : 0.32;
      el("line", { x1: a[0], y1: a[1], x2: b[0] - (dx / len) * shorten, y2: b[1] - (dy / len) * shorten,
        class: i === 0 ? "arrow" : "arrow second", "stroke-width": (hex ? 0.28 : 0.17) * (i === 0 ? 1 : 0.7), "marker-end": "url(#arrowhead)" }, layer);
    });
  }

  // ---- moving ------------------------------------------------------------
  const cellOf = (target) => {
    const g = target && target.closest && target.closest("[data-cell],[data-square]");
    return g ? g.getAttribute("data-cell") || g.getAttribute("data-square") : null;
  };
  const canMoveFrom = (name) => state && !state.outcome.over && state.legal.some((m) => m.from === name) && !(atEnd() && engineSide(state.side) && state.searching === "move");

  function tryMove(from, to) {
    const options = state.legal.filter((m) => m.from === from && m.to === to);
    if (options.length === 0) return false;
    selected = null;
    if (options.length > 1 && options[0].promo) {
      askPromotion(options, from);
      return true;
    }
    sendMove(options[0].uci);
    return true;
  }

  async function sendMove(uci) {
    busy = true;
    await command("move", { move: uci });
    busy = false;
    driveEngine();
  }

  function askPromotion(options, from) {
    const box = $("promo-choices");
    box.textContent = "";
    const white = state.pieces[from] === state.pieces[from].toUpperCase();
    for (const letter of ["q", "r", "b", "n"]) {
      const m = options.find((o) => o.promo === letter);
      if (!m) continue;
      const b = document.createElement("button");
      b.dataset.promo = letter;
      b.title = { q: "queen", r: "rook", b: "bishop", n: "knight" }[letter];
      b.innerHTML = `<svg viewBox="0 0 100 100"><use href="#${pieceId(white ? letter.toUpperCase() : letter)}"/></svg>`;
      b.onclick = () => { $("promo").hidden = true; pendingPromo = null; sendMove(m.uci); };
      box.appendChild(b);
    }
    pendingPromo = options;
    $("promo").hidden = false;
    drawBoard();
  }
  $("promo").addEventListener("click", (e) => {
    if (e.target === $("promo")) { $("promo").hidden = true; pendingPromo = null; }
  });

  const board = $("board");
  board.addEventListener("pointerdown", (e) => {
    if (!state || pendingPromo || e.button !== 0) return;
    const name = cellOf(e.target);
    if (!name) return;
    if (selected && selected !== name && tryMove(selected, name)) return;
    if (canMoveFrom(name)) {
      selected = name;
      drawBoard();
      const use = board.querySelector(`[${cellAttr()}="${name}"] .piece`);
      if (use) {
        const ghost = use.cloneNode();
        ghost.classList.add("ghost");
        board.appendChild(ghost);
        use.classList.add("dragging");
        drag = { from: name, ghost, use, moved: false, x: e.clientX, y: e.clientY };
        board.setPointerCapture(e.pointerId);
      }
    } else if (selected) {
      selected = null;
      drawBoard();
    }
  });
  board.addEventListener("pointermove", (e) => {
    if (!drag) return;
    if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) > 4) drag.moved = true;
    const pt = board.createSVGPoint();
    pt.x = e.clientX; pt.y = e.clientY;
    const p = pt.matrixTransform(board.getScreenCTM().inverse());
    const w = parseFloat(drag.ghost.getAttribute("width"));
    drag.ghost.setAttribute("x", p.x - w / 2);
    drag.ghost.setAttribute("y", p.y - w / 2);
  });
  board.addEventListener("pointerup", (e) => {
    if (!drag) return;
    const d = drag;
    drag = null;
    d.ghost.remove();
    d.use.classList.remove("dragging");
    if (d.moved) {
      const under = document.elementsFromPoint(e.clientX, e.clientY).map(cellOf).find((n) => n);
      if (under && under !== d.from && tryMove(d.from, under)) return;
      selected = d.from;
    }
    drawBoard();
  });

  // ---- move list, status, analysis ---------------------------------------
  function drawMoves() {
    const list = $("moves");
    list.textContent = "";
    let number = state.firstMove;
    let white = !state.blackFirst;
    state.moves.forEach((m, i) => {
      if (white || i === 0) {
        const n = document.createElement("li");
        n.className = "num";
        n.textContent = number + ".";
        list.appendChild(n);
        if (!white) list.appendChild(Object.assign(document.createElement("li"), { className: "move", textContent: "…" }));
      }
      const li = document.createElement("li");
      li.className = "move" + (i + 1 === state.ply ? " current" : "");
      li.dataset.ply = i + 1;
      li.textContent = m.san;
      if (m.comment) li.title = m.comment;
      li.onclick = () => command("goto", { ply: i + 1 });
      list.appendChild(li);
      if (!white) number++;
      white = !white;
    });
    if (state.outcome.over && atEnd()) {
      const r = document.createElement("li");
      r.className = "result";
      r.textContent = state.outcome.result + (state.outcome.glinskiScore ? ` (${state.outcome.glinskiScore})` : "");
      list.appendChild(r);
    }
    const cur = list.querySelector(".current");
    if (cur) cur.scrollIntoView({ block: "nearest" });
  }

  function drawStatus() {
    const s = $("status");
    const o = state.outcome;
    s.classList.toggle("over", o.over);
    if (o.over) {
      s.textContent = o.reason + (o.result && !o.reason.includes(o.result) ? ` — ${o.result}` : "");
    } else if (!atEnd()) {
      if (state.ply === 0) s.textContent = `Start position (End goes to the last move)`;
      else {
        const i = state.ply - 1, blackMoved = (i % 2 === 0) === state.blackFirst;
        const number = state.firstMove + Math.floor((i + (state.blackFirst ? 1 : 0)) / 2);
        s.textContent = `After ${number}${blackMoved ? "…" : "."} ${state.moves[i].san} (ply ${state.ply} of ${state.moves.length}; End goes to the last move)`;
      }
    } else {
      const side = state.side === "w" ? "White" : "Black";
      let text = `${side} to move`;
      if (state.check) text += " — check!";
      if (state.searching === "move") text = `sakk (${side}) is thinking…` + (state.check ? " (in check)" : "");
      s.textContent = text;
    }
    s.dataset.over = o.over ? "1" : "0";
  }

  function fmtScore(l) {
    if (l.mate) return (l.mate > 0 ? "#" : "#-") + Math.abs(l.mate);
    const v = (l.score / 100).toFixed(2);
    return (l.score > 0 ? "+" : "") + v;
  }

  function showInfo(info) {
    if (!state || info.gen !== state.gen) return;
    if (info.multipv === 1) $("depth").textContent = `depth ${info.depth}/${info.seldepth} · ${Math.round(info.nps / 1000)} kn/s`;
    if (info.purpose === "move" && !settings.analyse) return; // sakk's own thoughts stay hidden while you play
    lines[info.multipv - 1] = info;
    drawLines();
    if (!drag) {
      const svg = $("board");
      svg.lastChild && svg.lastChild.remove(); // the arrow layer
      drawArrows(svg);
    }
  }

  function drawLines() {
    const list = $("lines");
    list.textContent = "";
    const best = lines[0] && lines[0].gen === state.gen ? lines[0] : null;
    const bar = $("evalbar");
    bar.classList.toggle("off", !best);
    bar.classList.toggle("flipped", flipped);
    let fill = 50, text = "";
    if (best) {
      if (best.mate) fill = best.mate > 0 ? 100 : 0;
      else fill = 50 + 50 * (2 / (1 + Math.exp(-best.score / 400)) - 1);
      text = best.mate ? fmtScore(best) : (best.score >= 0 ? "+" : "") + (best.score / 100).toFixed(1);
    }
    if (state.outcome.over) {
      fill = state.outcome.result === "1-0" ? 100 : state.outcome.result === "0-1" ? 0 : 50;
      text = state.outcome.result;
    }
    $("evalfill").style.height = fill + "%";
    $("evaltext").textContent = text;
    for (const l of lines) {
      if (!l || l.gen !== state.gen) continue;
      const li = document.createElement("li");
      li.innerHTML = `<span class="score"></span> <span class="pv"></span>`;
      li.querySelector(".score").textContent = fmtScore(l) + (l.bound ? (l.bound === "lower" ? "+" : "−") : "");
      li.querySelector(".pv").textContent = l.pv.slice(0, 12).join(" ");
      list.appendChild(li);
    }
  }

  // ---- players and clocks --------------------------------------------------
  function setPlayers() {
    const names = { white: ["You", "sakk"], black: ["sakk", "You"], self: ["sakk", "sakk"], none: ["White", "Black"] }[settings.side] || ["White", "Black"];
    if (session) call("options", { white: names[0], black: names[1] }).catch(() => {});
  }
  function drawPlayers() {
    const [wName, bName] = state.players;
    $("name-bottom").textContent = flipped ? bName : wName;
    $("name-top").textContent = flipped ? wName : bName;
    document.querySelector(".player.bottom").classList.toggle("white", !flipped);
    document.querySelector(".player.bottom").classList.toggle("black", flipped);
    document.querySelector(".player.top").classList.toggle("white", flipped);
    document.querySelector(".player.top").classList.toggle("black", !flipped);
    drawClocks();
  }
  function resetClocks() {
    const [kind, base, inc] = settings.time.split(":");
    clocks = kind === "clock" ? { ms: [base * 1000, base * 1000], inc: inc * 1000, last: performance.now() } : null;
    drawClocks();
  }
  function addIncrement(st) {
    const mover = st.side === "w" ? 1 : 0; // the side that just moved
    clocks.ms[mover] += clocks.inc;
  }
  function fmtClock(ms) {
    ms = Math.max(0, ms);
    const s = Math.floor(ms / 1000), m = Math.floor(s / 60);
    return ms < 10000 ? `${m}:${String(s % 60).padStart(2, "0")}.${Math.floor((ms % 1000) / 100)}` : `${m}:${String(s % 60).padStart(2, "0")}`;
  }
  function drawClocks() {
    const top = $("clock-top"), bottom = $("clock-bottom");
    if (!clocks || !state) { top.textContent = bottom.textContent = ""; return; }
    const [w, b] = flipped ? [top, bottom] : [bottom, top];
    w.textContent = fmtClock(clocks.ms[0]);
    b.textContent = fmtClock(clocks.ms[1]);
    const running = !state.outcome.over && atEnd() && state.moves.length > 0;
    w.classList.toggle("running", running && state.side === "w");
    b.classList.toggle("running", running && state.side === "b");
    w.classList.toggle("low", clocks.ms[0] < 10000);
    b.classList.toggle("low", clocks.ms[1] < 10000);
  }
  setInterval(() => {
    if (!clocks || !state) return;
    const now = performance.now();
    const dt = now - clocks.last;
    clocks.last = now;
    if (state.outcome.over || !atEnd() || state.moves.length === 0) return;
    const i = state.side === "w" ? 0 : 1;
    clocks.ms[i] -= dt;
    if (clocks.ms[i] <= 0 && !clocks.flagged) {
      clocks.flagged = true;
      command("end", { loser: state.side, reason: "time" });
    }
    drawClocks();
  }, 100);

  // ---- controls ----------------------------------------------------------
  function flash(msg) {
    const s = $("status");
    s.textContent = msg;
    s.classList.add("over");
  }
  let audio = null;
  function beep() {
    try {
      audio = audio || new AudioContext();
      const o = audio.createOscillator(), g = audio.createGain();
      o.frequency.value = 520;
      g.gain.setValueAtTime(0.15, audio.currentTime);
      g.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.12);
      o.connect(g).connect(audio.destination);
      o.start();
      o.stop(audio.currentTime + 0.13);
    } catch (_) { /* no audio */ }
  }

  async function newGame(variant, fen) {
    const body = { variant: variant || state.variant };
    if (fen) body.fen = fen;
    else if (body.variant === "chess" && $("opt-960").checked) body.chess960 = -1;
    lines = [];
    lastGoGen = -1;
    resetClocks();
    flipped = settings.side === "black";
    await command("options", { stalemateDraw: $("opt-stalemate").value === "draw" });
    setPlayers();
    await command("new", body);
  }

  function step(to) {
    if (!state) return;
    const ply = Math.max(0, Math.min(state.moves.length, to));
    if (ply !== state.ply) command("goto", { ply });
  }

  $("opt-side").value = settings.side;
  if (![...$("opt-time").options].some((o) => o.value === settings.time)) {
    const [kind, a, b] = settings.time.split(":");
    const label = kind === "clock" ? `clock ${+a >= 60 ? +a / 60 : a + " s"}+${b || 0}` : `${(+a || 1000) / 1000} s a move`;
    if ((kind === "clock" && +a > 0) || (kind === "move" && +a > 0)) $("opt-time").add(new Option(label, settings.time), 0);
    else settings.time = "move:1000";
  }
  $("opt-time").value = settings.time;
  $("opt-analyse").checked = settings.analyse;
  flipped = settings.side === "black";
  if (params.get("stalemate") === "draw") $("opt-stalemate").value = "draw";

  $("opt-side").onchange = (e) => { settings.side = e.target.value; setPlayers(); lastGoGen = -1; if (state && settings.side === "none" && state.searching === "move") command("stop"); else driveEngine(); };
  $("opt-time").onchange = (e) => { settings.time = e.target.value; resetClocks(); };
  $("opt-stalemate").onchange = (e) => command("options", { stalemateDraw: e.target.value === "draw" });
  $("opt-analyse").onchange = (e) => {
    settings.analyse = e.target.checked;
    lines = [];
    lastGoGen = -1;
    if (!settings.analyse && state.searching === "analyse") command("stop");
    else driveEngine();
  };
  $("opt-multipv").onchange = (e) => {
    settings.multipv = parseInt(e.target.value, 10);
    lines = [];
    lastGoGen = -1;
    if (state.searching === "analyse") command("stop"); else driveEngine();
  };
  $("opt-sound").onchange = (e) => { settings.sound = e.target.checked; };
  $("btn-new").onclick = () => newGame();
  $("btn-resign").onclick = () => {
    if (!state || state.outcome.over) return;
    const human = settings.side === "black" ? "b" : settings.side === "white" ? "w" : state.side;
    command("end", { loser: human, reason: "resign" });
  };
  $("btn-first").onclick = () => step(0);
  $("btn-prev").onclick = () => step(state.ply - 1);
  $("btn-next").onclick = () => step(state.ply + 1);
  $("btn-last").onclick = () => step(state.moves.length);
  $("btn-takeback").onclick = () => {
    if (!state || state.moves.length === 0) return;
    // Against sakk, take back your own last move too.
    let plies = 1;
    const lastMover = state.moves.length % 2 === 1 ? (state.blackFirst ? "b" : "w") : (state.blackFirst ? "w" : "b");
    if (settings.side !== "self" && settings.side !== "none" && engineSide(lastMover) && state.moves.length >= 2) plies = 2;
    lastGoGen = -1;
    if (clocks) clocks.flagged = false;
    command("takeback", { plies }).then(() => { lastGoGen = state ? state.gen : -1; });
  };
  $("btn-flip").onclick = () => { flipped = !flipped; drawBoard(); drawPlayers(); drawLines(); };
  document.querySelectorAll("#variants button").forEach((b) => {
    b.onclick = () => {
      const url = new URL(location.href);
      url.searchParams.set("variant", b.dataset.variant);
      url.searchParams.delete("fen");
      history.replaceState(null, "", url);
      newGame(b.dataset.variant);
    };
  });
  $("btn-setfen").onclick = () => newGame(state.variant, $("fen").value.trim());
  $("fen").addEventListener("keydown", (e) => { if (e.key === "Enter") $("btn-setfen").click(); e.stopPropagation(); });
  $("btn-copyfen").onclick = async () => {
    try { await navigator.clipboard.writeText(state.fen); flash("FEN copied"); } catch (_) { $("fen").select(); document.execCommand("copy"); }
  };
  $("pgn-file").onchange = async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    try {
      const data = await api(`/api/session/${session}/replay`, await file.text(), true);
      const sel = $("replay-games");
      sel.textContent = "";
      for (const g of data.games) {
        const o = new Option(`${g.title} ${g.result} (${g.variant}, ${g.plies} plies)${g.error ? " — " + g.error : ""}`, g.index);
        o.disabled = !!g.error;
        sel.add(o);
      }
      sel.hidden = false;
      loadReplay(data.games.find((g) => !g.error)?.index ?? 0);
    } catch (err) {
      flash(err.message);
    }
    e.target.value = "";
  };
  $("replay-games").onchange = (e) => loadReplay(parseInt(e.target.value, 10));
  async function loadReplay(n) {
    settings.side = "none";
    $("opt-side").value = "none";
    clocks = null;
    lastGoGen = -1;
    $("replay-games").value = n;
    await command(`replay/${n}`);
  }

  document.addEventListener("keydown", (e) => {
    if (!state || e.target.matches("input, select, textarea") || e.ctrlKey || e.metaKey || e.altKey) return;
    const keys = {
      ArrowLeft: () => step(state.ply - 1), ArrowRight: () => step(state.ply + 1),
      ArrowUp: () => step(0), ArrowDown: () => step(state.moves.length),
      Home: () => step(0), End: () => step(state.moves.length),
      f: () => $("btn-flip").click(), a: () => $("opt-analyse").click(), n: () => newGame(),
      Backspace: () => $("btn-takeback").click(),
      Escape: () => { selected = null; $("promo").hidden = true; pendingPromo = null; drawBoard(); },
    };
    const fn = keys[e.key];
    if (fn) { e.preventDefault(); fn(); }
  });

  window.sakk = { state: null, settings, debug: () => ({ selected, drag: !!drag, busy, pendingPromo: !!pendingPromo, lastGoGen }) };
  start();
})();
