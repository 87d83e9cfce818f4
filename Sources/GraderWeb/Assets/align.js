// Lining a page up by hand (a page that did not match the reference): the reference page's print,
// in blue, lies over the student's page where its boxes are placed; the grader drags it (or nudges it
// with the arrow keys and turns it with [ and ]) until it covers the page's own print, the boxes
// following, and Enter saves the move as one step, undone like any other.
import { api, referenceImageURL } from './api.js';
import { el } from './ink.js';

const $ = (id) => document.getElementById(id);

export class AlignTool {
  constructor(view) {
    this.view = view;
    this.move = null;   // { dx, dy, degrees } while lining up: from where the boxes sit now
    $('align-start').addEventListener('click', () => this.start());
    $('align-open').addEventListener('click', () => this.start());
    $('align-save').addEventListener('click', () => this.save());
    $('align-cancel').addEventListener('click', () => this.stop());
  }

  get active() { return this.move !== null; }

  start() {
    if ($('align-start').hidden) return;   // placing boxes is the instructor's
    if (!this.view.layer?.alignment) { this.view.app.toast('This project\'s pages were never aligned: there is no reference page to line up with.', true); return; }
    this.move = { dx: 0, dy: 0, degrees: 0 };
    document.activeElement?.blur();   // Enter saves, not the button last pressed
    this.view.draw();
  }

  stop() {
    this.move = null;
    this.view.draw();
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
    this.showBar();
  }

  // Where the move takes page point (x, y).
  moved(x, y) {
    const { dx, dy, degrees } = this.move, layer = this.view.layer, angle = degrees * Math.PI / 180;
    const [cx, cy] = [layer.width / 2, layer.height / 2];
    return [cx + (x - cx) * Math.cos(angle) - (y - cy) * Math.sin(angle) + dx, cy + (x - cx) * Math.sin(angle) + (y - cy) * Math.cos(angle) + dy];
  }

  // A press anywhere on the page drags the reference print.
  grab(at) { return { kind: 'align', from: at, start: { ...this.move } }; }

  drag(gesture, at) {
    this.move = { ...gesture.start, dx: gesture.start.dx + at[0] - gesture.from[0], dy: gesture.start.dy + at[1] - gesture.from[1] };
    this.follow($('page-layer'));
  }

  // Keys while lining up: arrows nudge 1 pt (Shift: 10 pt), [ ] turn 0.1° (Shift: 1°), Enter saves, Esc leaves.
  key(event) {
    const step = event.shiftKey ? 10 : 1, turn = event.shiftKey ? 1 : 0.1;
    const nudges = { ArrowLeft: [-step, 0, 0], ArrowRight: [step, 0, 0], ArrowUp: [0, -step, 0], ArrowDown: [0, step, 0],
                     '[': [0, 0, -turn], ']': [0, 0, turn], '{': [0, 0, -turn], '}': [0, 0, turn] };
    if (nudges[event.key]) {
      const [dx, dy, degrees] = nudges[event.key];
      this.move = { dx: this.move.dx + dx, dy: this.move.dy + dy, degrees: Math.round((this.move.degrees + degrees) * 100) / 100 };
      this.follow($('page-layer'));
    } else if (event.key === 'Enter') { this.save(); }
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

function signed(value, digits = 1) { return (value > 0 ? '+' : value < 0 ? '−' : '') + Math.abs(value).toFixed(digits); }
