// Drawing a page's grade layer (boxes, notes, ink) as SVG in page points, and smooth pen paths.
const SVG = 'http://www.w3.org/2000/svg';

export function el(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

// A stroke's outline: round-joined segments whose width follows the pen's pressure when known.
export function strokeShapes(stroke, parent) {
  const group = el('g', { class: 'stroke-group', 'data-id': stroke.id ?? '' }, parent);
  const points = stroke.points;
  if (!stroke.pressures || points.length < 2) {
    el('path', { class: 'stroke', d: pathData(points), stroke: stroke.color, 'stroke-width': stroke.width }, group);
    return group;
  }
  for (let i = 1; i < points.length; i++) {
    const pressure = (stroke.pressures[i - 1] + stroke.pressures[i]) / 2;
    el('path', { class: 'stroke', d: pathData([points[i - 1], points[i]]), stroke: stroke.color,
                 'stroke-width': (stroke.width * (0.35 + 1.3 * pressure)).toFixed(2) }, group);
  }
  return group;
}

export function pathData(points) {
  if (!points.length) return '';
  let d = `M${points[0][0].toFixed(1)},${points[0][1].toFixed(1)}`;
  if (points.length === 1) return d + 'l0.01,0';
  for (let i = 1; i < points.length; i++) d += `L${points[i][0].toFixed(1)},${points[i][1].toFixed(1)}`;
  return d;
}

// Draws `layer` (GET /api/pages/…) into `svg`, whose viewBox is in page points.
export function drawLayer(svg, layer, { selected = null, handles = false } = {}) {
  svg.replaceChildren();
  for (const stroke of layer.strokes) {
    const group = strokeShapes(stroke, svg);
    group.dataset.kind = 'stroke';
    if (selected === `stroke:${stroke.id}`) group.classList.add('selected');
  }
  for (const note of layer.notes) {
    const group = el('g', { class: 'note', 'data-kind': 'note', 'data-id': note.id }, svg);
    if (selected === `note:${note.id}`) group.classList.add('selected');
    const lines = wrap(note.text, Math.max((layer.width - note.x - 18) / (note.fontSize * 0.55), 8));
    const height = lines.length * note.fontSize * 1.25 + 4;
    const width = Math.min(Math.max(...lines.map((line) => line.length)) * note.fontSize * 0.56 + 6, layer.width - note.x);
    el('rect', { x: note.x - 2, y: note.y - 2, width, height, rx: 2 }, group);
    const text = el('text', { x: note.x + 1, y: note.y, fill: note.color, 'font-size': note.fontSize }, group);
    lines.forEach((line, i) => { const span = el('tspan', { x: note.x + 1, dy: i === 0 ? note.fontSize : note.fontSize * 1.25 }, text); span.textContent = line; });
  }
  for (const box of layer.boxes) {
    const group = el('g', { class: 'box' + (box.score === '?' ? ' ungraded' : ''), 'data-kind': 'box', 'data-id': box.question }, svg);
    if (selected === `box:${box.question}`) group.classList.add('selected');
    el('rect', { x: box.x, y: box.y, width: box.width, height: box.height, rx: 3 }, group);
    const text = el('text', { x: box.x + box.width / 2, y: box.y + box.height / 2 + 4, 'text-anchor': 'middle' }, group);
    text.textContent = `${box.score} / ${box.max}`;
    const title = el('title', {}, group);
    title.textContent = box.name + (box.items.length ? '\n' + box.items.join('\n') : '');
    if (handles && selected === `box:${box.question}`) {
      // Drag the corner to resize the box for everyone.
      el('rect', { class: 'handle', 'data-kind': 'handle', 'data-id': box.question, x: box.x + box.width - 4, y: box.y + box.height - 4, width: 8, height: 8 }, svg);
    }
  }
  if (layer.total) {
    const text = el('text', { x: layer.width - 18, y: 16, 'text-anchor': 'end', fill: '#c8102e', 'font-size': 11, 'font-weight': 600 }, svg);
    text.textContent = layer.total;
  }
}

function wrap(text, perLine) {
  const lines = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      if (line && (line + ' ' + word).length > perLine) { lines.push(line); line = word; } else { line = line ? line + ' ' + word : word; }
    }
    lines.push(line);
  }
  return lines;
}
