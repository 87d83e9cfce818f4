// Drawing a page's grade layer (boxes, notes, ink, stamps) as SVG in page points, as the PDF draws it: the
// colours, sizes and width-by-pressure rule come from the server (`look`), notes arrive wrapped.
import { look } from './api.js';

const SVG = 'http://www.w3.org/2000/svg';

export function el(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

// A stroke's outline: round-joined segments whose width follows the pen's pressure when known; a
// highlighter's one wide translucent path.
export function strokeShapes(stroke, parent) {
  const group = el('g', { class: 'stroke-group', 'data-id': stroke.id ?? '' }, parent);
  appendSegments(group, stroke, 1);
  return group;
}

// The width the pen draws at `pressure` (0…1): the served rule, as the PDF draws it.
export function pressedWidth(width, pressure) { return width * (look.pressureFloor + look.pressureGain * pressure); }

// Adds to `group` the segments of `stroke` from point `from - 1` on (a stroke being drawn grows a
// frame at a time); a stroke without pressures, or a highlighter's, is one path drawn whole.
export function appendSegments(group, stroke, from) {
  const points = stroke.points;
  if (stroke.kind === 'highlighter') {
    group.querySelector('path')?.remove();
    el('path', { class: 'stroke highlight', d: pathData(points), stroke: look.highlighterColor, 'stroke-opacity': look.highlighterOpacity,
                 'stroke-width': stroke.width }, group);
  } else if (!stroke.pressures || points.length < 2) {
    if (from <= 1) el('path', { class: 'stroke', d: pathData(points), stroke: stroke.color, 'stroke-width': stroke.width }, group);
  } else {
    for (let i = Math.max(from, 1); i < points.length; i++) {
      el('path', { class: 'stroke', d: pathData([points[i - 1], points[i]]), stroke: stroke.color,
                   'stroke-width': pressedWidth(stroke.width, (stroke.pressures[i - 1] + stroke.pressures[i]) / 2).toFixed(2) }, group);
    }
  }
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
  // Highlighter under the pen's ink, as in the PDF.
  const strokes = [...layer.strokes].sort((a, b) => (b.kind === 'highlighter') - (a.kind === 'highlighter'));
  for (const stroke of strokes) {
    const group = strokeShapes(stroke, svg);
    group.dataset.kind = 'stroke';
    if (selected === `stroke:${stroke.id}`) group.classList.add('selected');
  }
  for (const note of layer.notes) {
    const group = el('g', { class: 'note', 'data-kind': 'note', 'data-id': note.id }, svg);
    if (selected === `note:${note.id}`) group.classList.add('selected');
    const { x, y, width, height } = note.backing;
    el('rect', { x, y, width, height, 'fill-opacity': look.noteBackingOpacity }, group);
    const text = el('text', { fill: note.color, 'font-size': note.fontSize }, group);
    for (const line of note.lines) el('tspan', { x: note.x, y: line.baseline }, text).textContent = line.text;
  }
  for (const stamp of layer.stamps ?? []) stampShapes(stamp, selected, svg);
  for (const box of layer.boxes) {
    const group = el('g', { class: 'box' + (box.score === '?' ? ' ungraded' : ''), 'data-kind': 'box', 'data-id': box.question }, svg);
    if (selected === `box:${box.question}`) group.classList.add('selected');
    boxShapes(box, group);
    const title = el('title', {}, group);
    title.textContent = box.name + (box.items.length ? '\n' + box.items.join('\n') : '');
    if (handles && selected === `box:${box.question}`) {
      // Drag the corner to resize the box for everyone.
      el('rect', { class: 'handle', 'data-kind': 'handle', 'data-id': box.question, x: box.x + box.width - 4, y: box.y + box.height - 4, width: 8, height: 8 }, svg);
    }
  }
  if (layer.total) {
    const text = el('text', { class: 'total', x: layer.width - look.totalRight, y: look.totalTop, 'text-anchor': 'end',
                              fill: look.gradedColor, 'font-size': look.totalFontSize }, svg);
    text.textContent = layer.total;
    // On a white backing, as in the PDF: legible over whatever is printed there.
    const b = text.getBBox(), padding = look.totalPadding;
    svg.insertBefore(el('rect', { class: 'total-backing', x: b.x - padding, y: b.y - padding, width: b.width + 2 * padding,
                                  height: b.height + 2 * padding, rx: padding }), text);
  }
}

// A rubric stamp as the PDF draws it: the item's label in bold on a white backing framed in the graded
// colour; faded while a typed score overrides it (the PDF leaves it out then).
function stampShapes(stamp, selected, svg) {
  const group = el('g', { class: 'stamp' + (stamp.counted ? '' : ' uncounted'), 'data-kind': 'stamp', 'data-id': stamp.id }, svg);
  if (selected === `stamp:${stamp.id}`) group.classList.add('selected');
  const { x, y, width, height } = stamp.backing;
  el('rect', { x, y, width, height, rx: stamp.radius, stroke: look.gradedColor, 'stroke-width': look.stampBorder }, group);
  const text = el('text', { fill: look.gradedColor, 'font-size': look.stampFontSize }, group);
  for (const line of stamp.lines) el('tspan', { x: stamp.x, y: line.baseline }, text).textContent = line.text;
  el('title', {}, group).textContent = stamp.counted ? stamp.text : `${stamp.text} (not counted: the score was typed)`;
}

// A grade box as the PDF draws it: an opaque backing reaching past it (a printed score frame under it
// vanishes), its frame inside the rectangle in the graded or ungraded colour, and "score / max"
// centred at a share of its height, smaller when it would not fit the width.
function boxShapes(box, group) {
  const color = box.score === '?' ? look.ungradedColor : look.gradedColor, border = look.boxBorder, backing = look.boxBacking;
  el('rect', { class: 'backing', x: box.x - backing, y: box.y - backing, width: box.width + 2 * backing, height: box.height + 2 * backing }, group);
  el('rect', { class: 'frame', x: box.x + border / 2, y: box.y + border / 2, width: box.width - border, height: box.height - border,
               stroke: color, 'stroke-width': border }, group);
  const size = box.height * look.boxTextScale;
  const text = el('text', { x: box.x + box.width / 2, y: box.y + box.height / 2, 'text-anchor': 'middle', 'dominant-baseline': 'central',
                            fill: color, 'font-size': size }, group);
  text.textContent = `${box.score} / ${box.max}`;
  const room = box.width - 2 * (border + box.height * 0.1), wide = text.getComputedTextLength();
  if (wide > room && room > 0) text.setAttribute('font-size', size * room / wide);
}
