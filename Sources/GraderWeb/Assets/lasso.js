// The lasso: a loop drawn round strokes, notes and stamps selects them (which ones, the server's rule
// decides); dragged from inside their frame they move together, and Delete (key or button) removes
// them, each one undoable step.
import { api } from './api.js';
import { el, pathData } from './ink.js';

export class Lasso {
  constructor(view) {
    this.view = view;
    this.ids = [];
    document.getElementById('lasso-delete').addEventListener('click', () => this.remove());
  }

  // Drops the selection (another page, student or tool).
  clear() {
    this.ids = [];
    this.frame = null;
    this.where = null;
    document.getElementById('lasso-delete').hidden = true;
  }

  // A press in lasso mode: inside the selection's frame it drags the selection, elsewhere it starts a loop.
  start(at) {
    const f = this.frame;
    if (f && at[0] >= f.x && at[0] <= f.x + f.width && at[1] >= f.y && at[1] <= f.y + f.height) return { kind: 'lasso-move', from: at, to: at };
    this.clear();
    return { kind: 'lasso', points: [at] };
  }

  move(gesture, at) {
    if (gesture.kind === 'lasso') gesture.points.push(at);
    else gesture.to = at;
  }

  // The loop closed: ask the server what it takes. A drag let go: move the selection by it.
  async end(gesture, student, page) {
    if (gesture.kind === 'lasso') {
      if (gesture.points.length < 3) return;
      const { ids } = await api.lasso(student, page, gesture.points.map(rounded));
      this.ids = ids;
      this.where = `${student}:${page}`;
      document.getElementById('lasso-delete').hidden = !ids.length;
    } else {
      const [dx, dy] = [gesture.to[0] - gesture.from[0], gesture.to[1] - gesture.from[1]];
      if (Math.hypot(dx, dy) > 1) await api.moveAnnotations(this.ids, rounded([dx, dy])[0], rounded([dx, dy])[1]);
    }
  }

  async remove() {
    if (!this.ids.length) return;
    try { await api.removeAnnotations(this.ids); } catch (error) { this.view.app.toast(error.message, true); }
    this.clear();
    await this.view.load();
  }

  // Marks the selection on `svg` (drawn by drawLayer) with a frame round it, moved with a drag under
  // way; draws the loop being drawn.
  draw(svg, gesture, student, page) {
    if (this.where && this.where !== `${student}:${page}`) this.clear();
    if (gesture?.kind === 'lasso') el('path', { class: 'band lasso-loop', d: pathData(gesture.points) + 'Z' }, svg);
    const nodes = this.ids.map((id) => svg.querySelector(['stroke', 'note', 'stamp'].map((kind) => `[data-kind="${kind}"][data-id="${id}"]`).join(', '))).filter(Boolean);
    this.frame = nodes.length ? union(nodes.map((node) => node.getBBox())) : null;
    if (!this.frame) return;
    const shift = gesture?.kind === 'lasso-move' ? `translate(${gesture.to[0] - gesture.from[0]} ${gesture.to[1] - gesture.from[1]})` : null;
    for (const node of nodes) {
      node.classList.add('selected');
      if (shift) node.setAttribute('transform', shift);
    }
    const band = el('rect', { class: 'band lasso-frame', ...this.frame }, svg);
    if (shift) band.setAttribute('transform', shift);
  }
}

function rounded(point) { return point.map((value) => Math.round(value * 10) / 10); }

// The smallest rectangle holding every box, a margin of a few points round it (easier to grab).
function union(boxes) {
  const margin = 4;
  const left = Math.min(...boxes.map((b) => b.x)) - margin, top = Math.min(...boxes.map((b) => b.y)) - margin;
  const right = Math.max(...boxes.map((b) => b.x + b.width)) + margin, bottom = Math.max(...boxes.map((b) => b.y + b.height)) + margin;
  return { x: left, y: top, width: right - left, height: bottom - top };
}
