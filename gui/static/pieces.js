// sakk's piece set: simple shapes drawn for this page, in a 100×100 box
// with the base at the bottom. Each piece is a <symbol id="piece-wK"> etc.
"use strict";
(function () {
  const shapes = {
    p: `<path d="M36 50 H64 L60 56 C61 66 69 73 75 79 L77 88 H23 L25 79 C31 73 39 66 40 56 Z"/>
        <circle cx="50" cy="34" r="14"/>`,
    r: `<path d="M26 88 H74 V79 H68 L64 46 L70 41 V20 H60 V28 H55 V20 H45 V28 H40 V20 H30 V41 L36 46 L32 79 H26 Z"/>
        <path class="d" d="M36 46 H64 M32 79 H68" fill="none"/>`,
    b: `<path d="M28 88 H72 V80 H28 Z"/>
        <path d="M37 80 L41 67 C28 58 31 41 50 24 C69 41 72 58 59 67 L63 80 Z"/>
        <circle cx="50" cy="17" r="6"/>
        <path class="d" d="M41 67 H59 M45 53 L56 40" fill="none"/>`,
    n: `<path d="M32 88 H78 C79 60 74 38 60 26 L58 14 L50 23 L44 16 L42 27 C34 31 28 40 24 50 L17 60 C15 66 20 71 27 68 L37 62 C40 64 45 63 48 60 C46 70 36 77 32 88 Z"/>
        <circle class="e" cx="43" cy="38" r="3.2"/>
        <path class="d" d="M62 34 C68 46 70 62 70 80" fill="none"/>`,
    q: `<path d="M25 88 H75 V79 L82 36 L66 61 L65 27 L57 57 L50 22 L43 57 L35 27 L34 61 L18 36 L25 79 Z"/>
        <circle cx="18" cy="33" r="5.5"/><circle cx="35" cy="24" r="5.5"/><circle cx="50" cy="18" r="5.5"/>
        <circle cx="65" cy="24" r="5.5"/><circle cx="82" cy="33" r="5.5"/>
        <path class="d" d="M25 79 H75" fill="none"/>`,
    k: `<path d="M26 88 H74 V80 C86 66 79 48 64 48 C57 48 52 52 50 59 C48 52 43 48 36 48 C21 48 14 66 26 80 Z"/>
        <path d="M46 12 H54 V22 H63 V30 H54 V50 H46 V30 H37 V22 H46 Z"/>
        <path class="d" d="M26 80 H74" fill="none"/>`,
  };
  const style = `
    .pw { fill: #fbf8f2; stroke: #1d1b18; stroke-width: 3.2; stroke-linejoin: round; }
    .pw .d { stroke: #1d1b18; stroke-width: 2.6; }
    .pw .e { fill: #1d1b18; stroke: none; }
    .pb { fill: #2b2926; stroke: #0d0c0b; stroke-width: 3.2; stroke-linejoin: round; }
    .pb .d { stroke: #d8d2c6; stroke-width: 2.4; }
    .pb .e { fill: #d8d2c6; stroke: none; }`;
  let symbols = "";
  for (const [letter, body] of Object.entries(shapes)) {
    symbols += `<symbol id="piece-w${letter.toUpperCase()}" viewBox="0 0 100 100"><g class="pw">${body}</g></symbol>`;
    symbols += `<symbol id="piece-b${letter.toUpperCase()}" viewBox="0 0 100 100"><g class="pb">${body}</g></symbol>`;
  }
  const defs = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  defs.setAttribute("width", "0");
  defs.setAttribute("height", "0");
  defs.style.position = "absolute";
  defs.innerHTML = `<style>${style}</style><defs>${symbols}
    <radialGradient id="check-glow"><stop offset="0" stop-color="#ff2020" stop-opacity=".95"/>
    <stop offset=".45" stop-color="#e01010" stop-opacity=".7"/><stop offset="1" stop-color="#a00" stop-opacity="0"/></radialGradient>
    <marker id="arrowhead" viewBox="0 0 10 10" refX="3.5" refY="5" markerWidth="3.2" markerHeight="3.2" orient="auto">
      <path d="M0 0 L8 5 L0 10 Z" fill="context-stroke"/></marker></defs>`;
  document.body.prepend(defs);
  // pieceId is the symbol of a FEN letter: "N" -> "piece-wN", "q" -> "piece-bQ".
  window.pieceId = (letter) => (letter === letter.toUpperCase() ? "piece-w" : "piece-b") + letter.toUpperCase();
})();
