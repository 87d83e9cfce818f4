// Grading by touch and pen: a score pad with the question's possible points (served with the card),
// a writing area for the score by pen (penscore.js), next / previous / next-ungraded, undo / redo, the question picker's steps, a swipe on the answer.
// Shown once a touch or pen is seen (or the device's main pointer is coarse); a mouse and keyboard
// keep the keyboard-first layout, whose keys never pass through here.

import { ScoreWriting } from './penscore.js';

const $ = (id) => document.getElementById(id);

// The body's `touch` class shows the touch controls: set for a coarse main pointer, or after the first touch or pen's
// tap (not at its pointerdown: the layout changing under the finger would send the tap's click to another control).
export function watchForTouch() {
  const on = () => document.body.classList.add('touch');
  if (matchMedia('(pointer: coarse)').matches) on();
  window.addEventListener('pointerdown', (event) => {
    if (event.pointerType === 'mouse' || document.body.classList.contains('touch')) return;
    window.addEventListener('click', () => setTimeout(on), { capture: true, once: true });
    window.addEventListener('pointerup', () => setTimeout(on, 500), { capture: true, once: true });   // a stroke: no click comes
  }, { capture: true });
}

export class GradePad {
  constructor(view) {
    this.view = view;
    $('score-pad').addEventListener('click', (event) => {
      const key = event.target.closest('button');
      if (key) view.tap(key.dataset.kind, key.dataset.value);
    });
    $('card-previous').addEventListener('click', () => view.move('previous'));
    $('card-next').addEventListener('click', () => view.move('next'));
    $('card-save').addEventListener('click', () => view.tap('save'));
    $('question-previous').addEventListener('click', () => view.stepQuestion(-1));
    $('question-next').addEventListener('click', () => view.stepQuestion(1));
    $('grade-undo').addEventListener('click', () => view.app.history('undo'));
    $('grade-redo').addEventListener('click', () => view.app.history('redo'));
    this.watchAnswer();
    this.writing = new ScoreWriting(view);
  }

  // The pad of the card's question: its possible points (or digits, for a large maximum), its
  // fractions, "?"; the key of the score `shown` is marked.
  render(card, shown) {
    const pad = $('score-pad'), made = `${card.question}:${card.max}`;
    if (pad.dataset.made !== made) this.build(pad, card.pad);
    pad.dataset.made = made;
    const answer = `${card.student}:${card.question}`;
    if (this.answer !== answer) this.writing.clear();   // what was written was for the answer before
    this.answer = answer;
    for (const key of pad.children) key.setAttribute('aria-pressed', key.dataset.kind !== 'type' && key.dataset.value === shown);
  }

  build(pad, { values, fractions, digits }) {
    const key = (kind, value, label = value) => {
      const button = document.createElement('button');
      Object.assign(button.dataset, { kind, value });
      button.textContent = label;
      button.title = kind === 'clear' ? 'Clear the score (?)' : `${label} points`;
      return button;
    };
    const keys = digits ? [...'0123456789'].map((d) => key('type', d)).concat(key('type', '.'), key('type', 'Backspace', '⌫'))
      : values.map((v) => key('set', v));
    pad.replaceChildren(...keys, ...fractions.map((f) => key('fraction', f)), key('clear', '?'));
  }

  // Where the grader looks first on touch: the pad, in view and marked.
  focus() {
    const pad = $('score-pad');
    pad.scrollIntoView({ block: 'nearest' });
    pad.focus({ preventScroll: true });
  }

  // A tap on the grade box focuses scoring; a finger's horizontal swipe moves to the next (left) or previous (right)
  // student (a pen's stroke is left to write: the answer may take ink).
  watchAnswer() {
    const answer = $('answer');
    let start = null;
    answer.addEventListener('pointerdown', (event) => { start = { x: event.clientX, y: event.clientY, id: event.pointerId }; });
    answer.addEventListener('pointercancel', () => { start = null; });
    answer.addEventListener('pointerup', (event) => {
      if (!start || start.id !== event.pointerId) return;
      const dx = event.clientX - start.x, dy = event.clientY - start.y;
      start = null;
      if (event.pointerType === 'touch' && Math.abs(dx) > 60 && Math.abs(dx) > 2 * Math.abs(dy)) this.view.move(dx < 0 ? 'next' : 'previous');
      else if (Math.hypot(dx, dy) < 10 && this.onBox(event)) this.view.focusScoring();
    });
  }

  // Whether a tap is on the card's grade box, taken as at least a finger's size (44 px) around its middle.
  onBox(event) {
    const box = document.querySelector(`#crop-layer [data-kind="box"][data-id="${this.view.card?.question}"]`);
    if (!box) return false;
    const r = box.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
    return Math.abs(event.clientX - x) <= Math.max(r.width, 44) / 2 && Math.abs(event.clientY - y) <= Math.max(r.height, 44) / 2;
  }
}
