// Lining a page up by hand (a page that did not match the reference): the reference page's print,
// in blue, lies over the student's page where its boxes are placed; the grader drags it (or nudges it
// with the arrow keys and turns it with [ and ]) until it covers the page's own print, the boxes
// following, and Enter saves the move as one step, undone like any other. Or, with P, the grader
// clicks three points of the blue print, each followed by the same point of the page's print: the
// turn and shift that best carry the one onto the other are solved, and the boxes follow.
import { api, referenceImageURL } from './api.js';
import { el } from './ink.js';

const $ = (id) => document.getElementById(id);

export class AlignTool {
  constructor(view) {
    this.view = view;
    this.move = null;   // { dx, dy, degrees } while lining up: from where the boxes sit now
    this.pairs = null;  // while clicking three points: [{ from, to }], from on the reference print (unmoved), to on the page
    $('align-start').addEventListener('click', () => this.start());
    $('align-open').addEventListener('click', () => this.start());
    $('align-save').addEventListener('click', () => this.save());
    $('align-cancel').addEventListener('click', () => this.stop());
    $('align-points').addEventListener('click', () => this.startPoints());
  }

  get active() { return this.move !== null; }

  start() {
    if ($('align-start').hidden) return;   // placing boxes is the instructor's
    if (!this.view.layer?.alignment) { this.view.app.toast('This project\'s pages were never aligned: there is no reference page to line up with.', true); return; }
    this.move = { dx: 0, dy: 0, degrees: 0 };
    this.pairs = null;
    document.activeElement?.blur();   // Enter saves, not the button last pressed
    this.view.draw();
  }

  stop() {
    this.move = null;
    this.pairs = null;
    this.view.draw();
  }

  // Three matching points instead of a drag: clicks are taken as points until three pairs are in.
  startPoints() {
    if (!this.active) return;
    this.pairs = [];
    document.activeElement?.blur();
    this.follow($('page-layer'));
  }

  // A click while taking points: a point of the blue print, then the same point of the page's print.
  takePoint(at) {
    const last = this.pairs[this.pairs.length - 1];
    if (last && !last.to) last.to = at;
    else this.pairs.push({ from: this.unmoved(...at) });
    if (this.pairs.length === 3 && this.pairs[2].to) {
      this.move = rigidFit(this.pairs, [this.view.layer.width / 2, this.view.layer.height / 2]);
      this.pairs = null;
    }
    this.follow($('page-layer'));
  }

  // The bar over the page: why a flagged page's boxes may be off, or how to line it up.
  showBar() {
    const alignment = this.view.layer?.alignment, lining = this.active;
    $('align-bar').hidden = !lining && !alignment?.flagged;
    $('align-bar').classList.toggle('lining', lining);
    $('align-lining').hidden = !lining;
    $('align-flagged').hidden = lining;
    if (alignment?.flagged) $('align-reason').textContent = `This page did not match the reference page${alignment.reason ? ` (${alignment.reason})` : ''}: its boxes sit where the page size puts them.`;
    if (lining) {
      const { dx, dy, degrees } = this.move;
      $('align-amount').textContent = `moved ${signed(dx)}, ${signed(dy)} pt · turned ${signed(degrees, 2)}°`;
    }
    $('align-hint').hidden = !this.pairs;
    if (this.pairs) {
      const pair = this.pairs.length - (this.pairs.length && !this.pairs[this.pairs.length - 1].to ? 1 : 0);
      const onPage = this.pairs.length > pair;
      $('align-hint').textContent = `Point ${pair + 1} of 3: click ${onPage ? 'the same point of the page\'s own print' : 'a sharp point of the blue print (a corner, a line\'s end)'}.`;
    }
  }

  // The move as an SVG transform: turned about the page's centre, then shifted (as the server applies it).
  transform() {
    const { dx, dy, degrees } = this.move, layer = this.view.layer;
    return `translate(${dx} ${dy}) rotate(${degrees} ${layer.width / 2} ${layer.height / 2})`;
  }

  // Lays the reference print under the boxes and moves the boxes with it (after the layer is drawn).
  draw(svg) {
    this.showBar();
    svg.classList.toggle('aligning', this.active);
    if (!this.active) return;
    const layer = this.view.layer, a = layer.alignment;
    const group = el('g', { id: 'align-overlay', class: 'align-overlay', transform: this.transform() });
    svg.insertBefore(group, svg.firstChild);
    // The paper let through (and nothing round the image) and the print turned blue, so the page's own print shows under it.
    const filter = el('filter', { id: 'reference-tint', 'color-interpolation-filters': 'sRGB' }, el('defs', {}, group));
    el('feColorMatrix', { type: 'matrix', values: '0 0 0 0 0.1  0 0 0 0 0.35  0 0 0 0 0.95  -1 -1 -1 2.55 0' }, filter);
    const width = a.referenceWidth * this.view.scale * (window.devicePixelRatio || 1);
    el('image', { href: referenceImageURL(layer.page, width, layer.images), width: a.referenceWidth, height: a.referenceHeight,
                  preserveAspectRatio: 'none', filter: 'url(#reference-tint)', opacity: 0.75,
                  transform: `matrix(${a.a} ${a.b} ${-a.b} ${a.a} ${a.tx} ${a.ty})` }, group);
    this.follow(svg);
  }

  // The overlay and the boxes where the move puts them now (during a drag, without drawing again): a
  // box's corner moves with the print and the box stays upright, as the PDF draws it.
  follow(svg) {
    svg.querySelector('#align-overlay')?.setAttribute('transform', this.transform());
    for (const node of svg.querySelectorAll('[data-kind="box"]')) {
      const box = this.view.layer.boxes.find((b) => String(b.question) === node.dataset.id);
      if (!box) continue;
      const [x, y] = this.moved(box.x, box.y);
      node.setAttribute('transform', `translate(${x - box.x} ${y - box.y})`);
    }
    this.markPoints(svg);
    this.showBar();
  }

  // The points taken so far: blue on the reference print (where it is shown now), red on the page, numbered.
  markPoints(svg) {
    svg.querySelector('#align-points-marks')?.remove();
    if (!this.pairs?.length) return;
    const group = el('g', { id: 'align-points-marks', 'pointer-events': 'none' }, svg);
    this.pairs.forEach((pair, index) => {
      for (const [point, color] of [[pair.from && this.moved(...pair.from), '#1a5af0'], [pair.to, '#d0202a']]) {
        if (!point) continue;
        el('circle', { cx: point[0], cy: point[1], r: 6, fill: 'none', stroke: color, 'stroke-width': 1.5, class: 'align-mark' }, group);
        el('text', { x: point[0] + 7, y: point[1] - 7, fill: color, 'font-size': 11, 'font-weight': 700 }, group).textContent = String(index + 1);
      }
    });
  }

  // Where the move takes page point (x, y).
  moved(x, y) {
    const { dx, dy, degrees } = this.move, layer = this.view.layer, angle = degrees * Math.PI / 180;
    const [cx, cy] = [layer.width / 2, layer.height / 2];
    return [cx + (x - cx) * Math.cos(angle) - (y - cy) * Math.sin(angle) + dx, cy + (x - cx) * Math.sin(angle) + (y - cy) * Math.cos(angle) + dy];
  }

  // Where the move came from: the inverse of `moved`.
  unmoved(x, y) {
    const { dx, dy, degrees } = this.move, layer = this.view.layer, angle = -degrees * Math.PI / 180;
    const [cx, cy] = [layer.width / 2, layer.height / 2], [u, v] = [x - dx - cx, y - dy - cy];
    return [cx + u * Math.cos(angle) - v * Math.sin(angle), cy + u * Math.sin(angle) + v * Math.cos(angle)];
  }

  // A press anywhere on the page drags the reference print (or, taking points, is a point).
  grab(at) {
    if (this.pairs) { this.takePoint(at); return { kind: 'align', still: true }; }
    return { kind: 'align', from: at, start: { ...this.move } };
  }

  drag(gesture, at) {
    if (gesture.still) return;
    this.move = { ...gesture.start, dx: gesture.start.dx + at[0] - gesture.from[0], dy: gesture.start.dy + at[1] - gesture.from[1] };
    this.follow($('page-layer'));
  }

  // Keys while lining up: arrows nudge 1 pt (Shift: 10 pt), [ ] turn 0.1° (Shift: 1°), Enter saves, Esc leaves.
  key(event) {
    const step = event.shiftKey ? 10 : 1, turn = event.shiftKey ? 1 : 0.1;
    const nudges = { ArrowLeft: [-step, 0, 0], ArrowRight: [step, 0, 0], ArrowUp: [0, -step, 0], ArrowDown: [0, step, 0],
                     '[': [0, 0, -turn], ']': [0, 0, turn], '{': [0, 0, -turn], '}': [0, 0, turn] };
    if (event.key === 'p' || event.key === 'P') { this.startPoints(); }
    else if (nudges[event.key]) {
      const [dx, dy, degrees] = nudges[event.key];
      this.move = { dx: this.move.dx + dx, dy: this.move.dy + dy, degrees: Math.round((this.move.degrees + degrees) * 100) / 100 };
      this.follow($('page-layer'));
    } else if (event.key === 'Enter') { this.save(); }
    else if (event.key === 'Escape' && this.pairs) { this.pairs = null; this.follow($('page-layer')); }
    else if (event.key === 'Escape') { this.stop(); }
    else return false;
    event.preventDefault();
    return true;
  }

  async save() {
    if (!this.active) return;
    const { dx, dy, degrees } = this.move, view = this.view;
    try {
      await api.alignPage(view.student, view.page, Math.round(dx * 10) / 10, Math.round(dy * 10) / 10, degrees);
      this.move = null;
      view.app.toast('Page lined up: its boxes follow (undo takes it back).');
    } catch (error) { view.app.toast(error.message, true); return; }
    await view.load();
  }
}

// The turn about `centre` and the shift that carry each pair's `from` closest onto its `to` (least
// squares, no scaling: a hand alignment turns and shifts), as a move { dx, dy, degrees }.
function rigidFit(pairs, [cx, cy]) {
  const mean = (points, i) => points.reduce((sum, p) => sum + p[i], 0) / points.length;
  const from = pairs.map((p) => p.from), to = pairs.map((p) => p.to);
  const [fx, fy, tx, ty] = [mean(from, 0), mean(from, 1), mean(to, 0), mean(to, 1)];
  let cross = 0, dot = 0;
  pairs.forEach(({ from: [ax, ay], to: [bx, by] }) => {
    const [u, v, p, q] = [ax - fx, ay - fy, bx - tx, by - ty];
    cross += u * q - v * p;
    dot += u * p + v * q;
  });
  const angle = Math.atan2(cross, dot), [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  // moved(p) = centre + R (p − centre) + d, with the from-points' mean landing on the to-points'.
  const [u, v] = [fx - cx, fy - cy];
  return { dx: tx - cx - (u * cos - v * sin), dy: ty - cy - (u * sin + v * cos), degrees: Math.round(angle * 180 / Math.PI * 100) / 100 };
}

function signed(value, digits = 1) { return (value > 0 ? '+' : value < 0 ? '−' : '') + Math.abs(value).toFixed(digits); }
