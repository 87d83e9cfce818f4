// The whole page: zoom and pan; drag out, move and remove grade boxes; notes; pen with pressure; eraser;
// name regions for anonymous grading; undo. What a box or note needs is typed in an inline field.
import { api, imageURL, look } from './api.js';
import { appendSegments, drawLayer, el, strokeShapes } from './ink.js';
import { Lasso } from './lasso.js';
import { AlignTool } from './align.js';

const $ = (id) => document.getElementById(id);

export class PageView {
  constructor(app) {
    this.app = app;
    this.student = null;
    this.page = 1;
    this.zoom = 1;
    this.tool = 'select';
    this.selected = null;   // 'box:ID', 'note:ID' or 'stroke:ID'
    this.students = [];
    this.loads = 0;
    this.lasso = new Lasso(this);
    this.align = new AlignTool(this);
    const svg = $('page-layer');
    for (const button of document.querySelectorAll('[data-tool]')) button.addEventListener('click', () => this.setTool(button.dataset.tool));
    $('undo').addEventListener('click', () => app.history('undo'));
    $('redo').addEventListener('click', () => app.history('redo'));
    $('zoom-in').addEventListener('click', () => this.setZoom(this.zoom * 1.25));
    $('zoom-out').addEventListener('click', () => this.setZoom(this.zoom / 1.25));
    $('prev-student').addEventListener('click', () => this.step(-1));
    $('next-student').addEventListener('click', () => this.step(1));
    $('page-select').addEventListener('change', (event) => { this.page = Number(event.target.value); this.load(); event.target.blur(); });
    $('scroller').addEventListener('wheel', (event) => {
      if (!event.ctrlKey) return;
      event.preventDefault();
      this.setZoom(this.zoom * (event.deltaY < 0 ? 1.1 : 1 / 1.1));
    }, { passive: false });
    svg.addEventListener('pointerdown', (event) => this.down(event));
    svg.addEventListener('pointermove', (event) => this.move(event));
    svg.addEventListener('pointerup', (event) => this.up(event));
    svg.addEventListener('pointercancel', (event) => { if (this.gesture?.pointerId === event.pointerId) { this.gesture = null; this.draw(); } });
    svg.addEventListener('dblclick', (event) => this.editNote(event));
    $('inline-form').addEventListener('submit', (event) => { event.preventDefault(); this.answer?.($('inline-input').value); });
    $('inline-cancel').addEventListener('click', () => this.answer?.(null));
    $('inline-input').addEventListener('keydown', (event) => { if (event.key === 'Escape') this.answer?.(null); });
    this.setTool('select');
  }

  async show(target) {
    if (!this.students.length) await this.loadStudents();
    if (target?.student) { this.student = target.student; this.page = target.page; }
    this.student = this.student ?? this.students[0]?.key;
    const select = $('page-select');
    select.replaceChildren(...Array.from({ length: this.app.me.pages }, (_, i) => new Option(String(i + 1), i + 1)));
    await this.load();
  }

  refresh() { return this.load(); }

  // The students' names as shown (pseudonyms while grading is anonymous).
  async loadStudents() { this.students = (await api.overview()).students.map((row) => ({ key: row.student, name: row.name })); }

  async load() {
    if (this.student == null) return;
    const ticket = ++this.loads;   // only the latest load is shown
    try {
      const layer = await api.page(this.student, this.page);
      if (ticket !== this.loads) return;
      if (this.layer && (layer.student !== this.layer.student || layer.page !== this.layer.page)) this.align.move = null;   // a move is for one page
      // Anonymity turned on or off (here or by someone else): the names change with the images.
      if (this.images !== undefined && layer.images !== this.images) await this.loadStudents();
      this.images = layer.images;
      this.layer = layer;
      $('page-select').value = String(this.page);
      const name = this.students.find((s) => s.key === this.student)?.name ?? '';
      $('page-title').textContent = $('page-title').title = `${name} · page ${this.page}`;
      this.layout();
    } catch (error) { this.app.toast(error.message, true); }
  }

  layout() {
    const layer = this.layer, scroller = $('scroller');
    const fit = Math.max(Math.min((scroller.clientWidth - 48) / layer.width, 2), 0.3);
    this.scale = fit * this.zoom;
    const sheet = $('sheet'), svg = $('page-layer');
    sheet.style.width = `${layer.width * this.scale}px`;
    sheet.style.height = `${layer.height * this.scale}px`;
    $('page-image').src = imageURL(this.student, this.page, layer.width * this.scale * (window.devicePixelRatio || 1), layer.images);
    svg.setAttribute('viewBox', `0 0 ${layer.width} ${layer.height}`);
    $('zoom-level').textContent = `${Math.round(this.zoom * 100)}%`;
    this.draw();
  }

  draw() {
    const svg = $('page-layer');
    drawLayer(svg, this.layer, { selected: this.selected, handles: this.tool === 'select' });
    const gesture = this.gesture;
    if (gesture?.kind === 'pen') {
      gesture.group = strokeShapes(gesture.stroke, svg);
      gesture.drawn = gesture.stroke.points.length;
    }
    this.lasso.draw(svg, gesture, this.student, this.page);
    const draft = gesture?.kind === 'box' || gesture?.kind === 'name' ? dragged(gesture) : this.draft;
    if (draft) el('rect', { class: 'draft', ...draft }, svg);
    this.align.draw(svg);
  }

  setTool(tool) {
    if (document.querySelector(`[data-tool="${tool}"]`)?.hidden) return;   // a tool this grader's role does not have
    this.tool = tool;
    if (tool !== 'lasso') this.lasso.clear();
    for (const button of document.querySelectorAll('[data-tool]')) button.setAttribute('aria-pressed', String(button.dataset.tool === tool));
    $('page-layer').setAttribute('class', `layer ink-surface ${tool}-mode`);
    if (this.layer) this.draw();
  }

  setZoom(zoom) {
    this.zoom = Math.min(Math.max(zoom, 0.25), 6);
    if (this.layer) this.layout();
  }

  step(direction) {
    const at = this.students.findIndex((s) => s.key === this.student);
    const next = this.students[Math.min(Math.max(at + direction, 0), this.students.length - 1)];
    if (next && next.key !== this.student) { this.student = next.key; this.selected = null; this.load(); }
  }

  // Page points under a pointer event.
  point(event) {
    const rect = $('page-layer').getBoundingClientRect();
    return [(event.clientX - rect.left) / rect.width * this.layer.width, (event.clientY - rect.top) / rect.height * this.layer.height];
  }

  down(event) {
    if (!this.layer) return;
    // Palm rejection: one pointer at a time (a palm landing while the pen writes is ignored, the pen
    // takes over from a finger that pans), and once a pen has been seen a finger pans, never draws.
    if (event.pointerType === 'pen') this.penSeen = true;
    if (this.gesture && !(event.pointerType === 'pen' && this.gesture.kind === 'pan')) { event.preventDefault(); return; }
    event.currentTarget.setPointerCapture(event.pointerId);
    if (event.pointerType === 'touch' && this.penSeen) {
      const scroller = $('scroller');
      this.gesture = { kind: 'pan', pointerId: event.pointerId, x: event.clientX, y: event.clientY, left: scroller.scrollLeft, top: scroller.scrollTop };
      return;
    }
    const at = this.point(event);
    const target = event.target.closest('[data-kind]');
    if (this.align.active) {
      this.gesture = this.align.grab(at);
    } else if (this.tool === 'pen' || this.tool === 'highlighter') {
      const highlighter = this.tool === 'highlighter';
      const stroke = { points: [at], pressures: [this.pressure(event)], kind: highlighter ? 'highlighter' : 'pen',
                       width: highlighter ? look.highlighterWidth : look.inkWidth, color: look.inkColor };
      this.gesture = { kind: 'pen', stroke, pointerType: event.pointerType };
      this.draw();
    } else if (this.tool === 'eraser') {
      this.gesture = { kind: 'eraser', last: 0 };
      this.erase(at);
    } else if (this.tool === 'lasso') {
      this.gesture = this.lasso.start(at);
      this.draw();
    } else if (this.tool === 'box' || this.tool === 'name') {
      this.answer?.(null);
      this.gesture = { kind: this.tool, from: at, at };
      this.draw();
    } else if (this.tool === 'note') {
      this.addNote(at);
    } else if (target?.dataset.kind === 'handle') {
      const box = this.layer.boxes.find((b) => String(b.question) === target.dataset.id);
      this.gesture = { kind: 'resize', box, from: at, to: at };
    } else if (target) {
      this.selected = `${target.dataset.kind}:${target.dataset.id}`;
      this.gesture = { kind: 'drag', what: this.selected, from: at, to: at, node: target };
      this.draw();
    } else {
      this.selected = null;
      this.draw();
    }
    if (this.gesture) this.gesture.pointerId = event.pointerId;
    event.preventDefault();
  }

  move(event) {
    const gesture = this.gesture;
    if (!gesture || event.pointerId !== gesture.pointerId) return;
    if (gesture.kind === 'pan') {
      $('scroller').scrollTo(gesture.left - (event.clientX - gesture.x), gesture.top - (event.clientY - gesture.y));
    } else if (gesture.kind === 'pen') {
      // Every sample the pointer saw since the last event (coalesced), and where it is predicted to go next.
      const samples = event.getCoalescedEvents?.() ?? [];
      for (const e of (samples.length ? samples : [event])) { gesture.stroke.points.push(this.point(e)); gesture.stroke.pressures.push(this.pressure(e)); }
      gesture.predicted = (event.getPredictedEvents?.() ?? []).map((e) => [this.point(e), this.pressure(e)]);
      this.paintInk(gesture);
    } else if (gesture.kind === 'eraser') {
      if (Date.now() - gesture.last > 60) this.erase(this.point(event));
    } else if (gesture.kind === 'lasso' || gesture.kind === 'lasso-move') {
      this.lasso.move(gesture, this.point(event));
      this.draw();
    } else if (gesture.kind === 'box' || gesture.kind === 'name') {
      gesture.at = this.point(event);
      this.draw();
    } else if (gesture.kind === 'resize') {
      gesture.to = this.point(event);
      const rect = $('page-layer').querySelector(`[data-kind="box"][data-id="${gesture.box.question}"] .frame`);
      const [width, height] = resized(gesture);
      rect?.setAttribute('width', width - look.boxBorder);
      rect?.setAttribute('height', height - look.boxBorder);
    } else if (gesture.kind === 'align') {
      this.align.drag(gesture, this.point(event));
    } else if (gesture.kind === 'drag') {
      gesture.to = this.point(event);
      const node = $('page-layer').querySelector(`[data-kind="${gesture.what.split(':')[0]}"][data-id="${gesture.what.split(':')[1]}"]`);
      node?.setAttribute('transform', `translate(${gesture.to[0] - gesture.from[0]} ${gesture.to[1] - gesture.from[1]})`);
    }
  }

  // Draws what the pen added since the last frame, once a frame: only the new segments, then a
  // provisional tail to where the pen is predicted to be (replaced the next frame).
  paintInk(gesture) {
    if (gesture.frame) return;
    gesture.frame = requestAnimationFrame(() => {
      gesture.frame = null;
      if (this.gesture !== gesture || !gesture.group) return;
      const stroke = gesture.stroke;
      appendSegments(gesture.group, stroke, gesture.drawn);
      gesture.drawn = stroke.points.length;
      gesture.tail?.remove();
      gesture.tail = null;
      if (gesture.predicted?.length && stroke.kind !== 'highlighter') {
        const last = stroke.points.length - 1;
        const ahead = { ...stroke, points: [stroke.points[last], ...gesture.predicted.map(([p]) => p)],
                        pressures: [stroke.pressures[last], ...gesture.predicted.map(([, pressure]) => pressure)] };
        gesture.tail = strokeShapes(ahead, gesture.group);
      }
    });
  }

  async up(event) {
    const gesture = this.gesture;
    if (!gesture || event.pointerId !== gesture.pointerId) return;
    this.gesture = null;
    if (gesture.kind === 'align') return;   // saved with Enter or Save, not on letting go
    try {
      if (gesture.kind === 'pen' && gesture.stroke.points.length > 1) {
        const { stroke } = gesture;
        const pressures = gesture.pointerType === 'pen' && stroke.kind === 'pen' ? stroke.pressures : null;
        await api.addInk(this.student, this.page, stroke.points.map(([x, y]) => [round(x), round(y)]), pressures, stroke.width, stroke.kind);
      } else if (gesture.kind === 'box') {
        // The box is the rectangle dragged out; a click without a drag gives the standard size.
        this.draft = dragged(gesture);
        this.draw();
        const max = await this.ask([this.draft.x, this.draft.y + this.draft.height], 'Maximum points (the box appears here for every student)', '1');
        const box = this.draft;
        this.draft = null;
        if (max) { await api.addQuestion(this.page, box, max, this.student); await this.app.reloadQuestions?.(); }
      } else if (gesture.kind === 'lasso' || gesture.kind === 'lasso-move') {
        await this.lasso.end(gesture, this.student, this.page);
      } else if (gesture.kind === 'name') {
        await this.app.addNameRegion({ page: this.page, ...dragged(gesture), student: this.student });
      } else if (gesture.kind === 'resize') {
        const [width, height] = resized(gesture);
        await api.resizeQuestion(gesture.box.question, round(width), round(height));
      } else if (gesture.kind === 'drag') {
        const [dx, dy] = [gesture.to[0] - gesture.from[0], gesture.to[1] - gesture.from[1]];
        if (Math.hypot(dx, dy) > 1) {
          const [kind, id] = gesture.what.split(':');
          if (kind === 'box') await api.moveQuestion(Number(id), round(dx), round(dy), this.student);
          else await api.moveAnnotation(Number(id), round(dx), round(dy));
        }
      }
    } catch (error) { this.app.toast(error.message, true); }
    await this.load();
  }

  pressure(event) {
    // A mouse reports 0.5 while pressed; a pen its real pressure.
    return event.pointerType === 'pen' ? Math.max(Math.min(event.pressure || 0.5, 1), 0.05) : 0.5;
  }

  async erase(at) {
    const gesture = this.gesture;
    if (gesture) gesture.last = Date.now();
    try {
      const { removed, step } = await api.erase(this.student, this.page, round(at[0]), round(at[1]), gesture?.step);
      if (gesture) gesture.step = step;
      if (removed.length) await this.load();
    } catch (error) {
      if (error.status !== 400) this.app.toast(error.message, true);
    }
  }

  // An inline field over the page below page point `at`: the text typed, or null when cancelled.
  ask(at, label, value = '') {
    this.answer?.(null);
    const form = $('inline-form'), input = $('inline-input');
    $('inline-label').textContent = label;
    input.value = value;
    form.hidden = false;
    // Below the point, kept on the sheet near its right edge.
    form.style.left = `${Math.max(Math.min(at[0] * this.scale, $('sheet').clientWidth - form.offsetWidth), 0)}px`;
    form.style.top = `${at[1] * this.scale + 4}px`;
    input.focus();
    input.select();
    return new Promise((resolve) => {
      this.answer = (text) => { this.answer = null; form.hidden = true; resolve(text); };
    });
  }

  async addNote(at) {
    const text = await this.ask(at, 'Note for this student (shown on their returned page)');
    if (!text) return;
    try { await api.addNote(this.student, this.page, round(at[0]), round(at[1]), text); } catch (error) { this.app.toast(error.message, true); }
    await this.load();
  }

  async editNote(event) {
    const target = event.target.closest('[data-kind="note"]');
    if (!target) return;
    const note = this.layer.notes.find((n) => String(n.id) === target.dataset.id);
    const text = await this.ask([note.x, note.y], 'Edit the note', note.text);
    if (text == null || text === note.text) return;
    try { await api.editNote(note.id, text); } catch (error) { this.app.toast(error.message, true); }
    await this.load();
  }

  async key(event) {
    if (this.align.active && this.align.key(event)) return;
    const tools = { v: 'select', b: 'box', n: 'note', p: 'pen', i: 'highlighter', e: 'eraser', l: 'lasso', m: 'name' };
    if (tools[event.key]) { this.setTool(tools[event.key]); }
    else if (event.key === 'a') { this.align.start(); }
    else if (event.key === '+' || event.key === '=') { this.setZoom(this.zoom * 1.25); }
    else if (event.key === '-') { this.setZoom(this.zoom / 1.25); }
    else if (event.key === 'ArrowRight') { this.step(1); }
    else if (event.key === 'ArrowLeft') { this.step(-1); }
    else if (event.key === 'PageDown') { this.page = Math.min(this.page + 1, this.app.me.pages); this.load(); }
    else if (event.key === 'PageUp') { this.page = Math.max(this.page - 1, 1); this.load(); }
    else if ((event.key === 'Delete' || event.key === 'Backspace') && this.lasso.ids.length) { await this.lasso.remove(); }
    else if ((event.key === 'Delete' || event.key === 'Backspace') && this.selected) { await this.removeSelected(); }
    else return;
    event.preventDefault();
  }

  async removeSelected() {
    const [kind, id] = this.selected.split(':');
    if (kind === 'box' && !window.confirm('Remove this grade box and its scores for every student?')) return;
    try {
      if (kind === 'box') { await api.removeQuestion(Number(id)); await this.app.reloadQuestions?.(); }
      else await api.removeAnnotation(Number(id));
      this.selected = null;
    } catch (error) { this.app.toast(error.message, true); }
    await this.load();
  }
}

function round(value) { return Math.round(value * 10) / 10; }

// A box's size while its corner is dragged: never under the smallest side the server takes.
function resized({ box, from, to }) {
  return [Math.max(box.width + to[0] - from[0], look.minBoxSide), Math.max(box.height + to[1] - from[1], look.minBoxSide)];
}

// The rectangle a drag spans, in page points (rounded); a click without a drag gives the standard box.
function dragged({ from, at }) {
  const [width, height] = [Math.abs(at[0] - from[0]), Math.abs(at[1] - from[1])];
  if (width < 6 && height < 6) return { x: round(from[0]), y: round(from[1]), ...look.boxSize };
  return { x: round(Math.min(from[0], at[0])), y: round(Math.min(from[1], at[1])), width: round(width), height: round(height) };
}
