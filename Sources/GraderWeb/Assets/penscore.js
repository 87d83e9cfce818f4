// A score written by pen or finger in the score pad's writing area: the strokes go to the server's digit reader and
// its reading comes back as one button ("7 — tap to give 7/10"); only that tap gives the score. A reading that is not
// sure, or not a score the question takes, says so, and the next stroke starts the writing again.
import { api } from './api.js';

const $ = (id) => document.getElementById(id);
const READ_AFTER_MS = 600;   // the pen lifted this long: the score is written (a pause between digits is shorter)

export class ScoreWriting {
  constructor(view) {
    this.view = view;
    this.strokes = [];
    this.stroke = null;     // the stroke being written: { id, points }
    this.timer = 0;
    this.asked = 0;         // readings asked for: only the latest is shown
    this.fresh = false;     // a reading was refused: the next stroke clears the old ones
    const canvas = $('score-ink');
    canvas.addEventListener('pointerdown', (event) => this.down(event));
    canvas.addEventListener('pointermove', (event) => this.move(event));
    canvas.addEventListener('pointerup', (event) => this.up(event));
    canvas.addEventListener('pointercancel', (event) => this.up(event));
    $('score-ink-clear').addEventListener('click', () => this.clear());
    $('score-offer').addEventListener('click', () => this.give());
    new ResizeObserver(() => this.draw()).observe(canvas);
  }

  down(event) {
    if (this.stroke) return;   // one pointer writes at a time: a palm beside the pen is not ink
    event.preventDefault();
    $('score-ink').setPointerCapture(event.pointerId);
    if (this.fresh) this.clear();
    clearTimeout(this.timer);
    this.asked++;
    this.showReading(null);
    this.stroke = { id: event.pointerId, points: [this.at(event)] };
    this.strokes.push(this.stroke.points);
    this.draw();
  }

  move(event) {
    if (this.stroke?.id !== event.pointerId) return;
    for (const sample of event.getCoalescedEvents?.() ?? [event]) this.stroke.points.push(this.at(sample));
    this.draw();
  }

  up(event) {
    if (this.stroke?.id !== event.pointerId) return;
    this.stroke = null;
    this.timer = setTimeout(() => this.read(), READ_AFTER_MS);
  }

  // A pointer's place in the writing area, in CSS pixels from its top-left corner.
  at(event) {
    const r = $('score-ink').getBoundingClientRect();
    return [Math.round((event.clientX - r.left) * 10) / 10, Math.round((event.clientY - r.top) * 10) / 10];
  }

  async read() {
    const card = this.view.card, ticket = ++this.asked;
    if (!card || this.strokes.length === 0) return;
    try {
      const reading = await api.readWrittenScore(card.question, this.strokes);
      if (ticket !== this.asked || this.view.card?.student !== card.student || this.view.card?.question !== card.question) return;
      this.showReading(reading, card);
    } catch (error) { this.view.app.toast(error.message, true); }
  }

  // The offer as a button for the card it was read for, or what is wrong (the next stroke writes afresh); null: neither.
  showReading(reading, card) {
    const offer = $('score-offer'), status = $('score-reading');
    offer.hidden = !reading?.score;
    status.hidden = !reading || !!reading.score;
    if (reading?.score) {
      offer.textContent = reading.message;
      Object.assign(offer.dataset, { score: reading.score, student: card.student, question: card.question });
    } else if (reading) {
      status.textContent = reading.message;
    }
    this.fresh = !!reading && !reading.score;
  }

  give() {
    const { score, student, question } = $('score-offer').dataset, card = this.view.card;
    if (!card || String(card.student) !== student || String(card.question) !== question) return;
    this.clear();
    this.view.give(score);
  }

  // Another answer, or the grader's ✕: the writing area empty again.
  clear() {
    clearTimeout(this.timer);
    this.asked++;
    this.strokes = [];
    this.stroke = null;
    this.showReading(null);
    this.draw();
  }

  draw() {
    const canvas = $('score-ink'), ratio = devicePixelRatio || 1;
    const width = Math.round(canvas.clientWidth * ratio), height = Math.round(canvas.clientHeight * ratio);
    if (canvas.width !== width || canvas.height !== height) Object.assign(canvas, { width, height });
    const g = canvas.getContext('2d');
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.clearRect(0, 0, canvas.clientWidth, canvas.clientHeight);
    Object.assign(g, { lineWidth: 3, lineCap: 'round', lineJoin: 'round', strokeStyle: '#1b1f24' });
    for (const points of this.strokes) {
      g.beginPath();
      points.forEach(([x, y], i) => (i ? g.lineTo(x, y) : g.moveTo(x, y)));
      if (points.length === 1) g.lineTo(points[0][0] + 0.1, points[0][1]);
      g.stroke();
    }
    $('score-writing').classList.toggle('written', this.strokes.length > 0);
  }
}
