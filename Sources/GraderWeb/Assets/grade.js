// Grade by question: the answer band of one student large, the score and rubric beside it, keys for everything.
import { api, imageURL } from './api.js';
import { drawLayer } from './ink.js';
import { StampTool } from './stamps.js';
import { GradePad } from './gradepad.js';

const $ = (id) => document.getElementById(id);

export class GradeView {
  constructor(app) {
    this.app = app;
    this.card = null;
    this.question = app.me.questions[0]?.id ?? null;
    this.buffer = null;     // what the grader has typed; null: showing the saved score
    this.base = null;       // the score shown when they began typing: what their save is checked against
    this.conflict = null;   // { by, score }: someone else saved this answer while they typed
    this.loading = 0;       // loads under way: a live refresh waits for them
    this.claimed = 0;       // when the answer shown was last claimed (ms)
    this.typing = false;    // with a rubric, `s` switches the digits from items to points
    this.busy = false;
    this.queued = [];
    this.loads = 0;       // keys typed while a save was on its way: replayed after it, never lost
    this.setQuestions();
    this.stamps = new StampTool(this);
    const select = $('question-select');
    select.addEventListener('change', () => { this.question = Number(select.value); this.load(null, 'here'); select.blur(); });
    $('score-input').addEventListener('focus', () => { this.typing = true; });
    $('score-input').addEventListener('keydown', (event) => { event.stopPropagation(); this.key(event); });
    $('items').addEventListener('click', (event) => {
      const item = event.target.closest('li');
      if (item && !event.target.closest('button')) this.whenFree(() => this.toggleItem(Number(item.dataset.number)));
    });
    window.addEventListener('resize', () => this.card && this.view === true && this.render());
    this.pad = new GradePad(this);
  }

  setQuestions() {
    const questions = this.app.me.questions;
    $('question-select').replaceChildren(...questions.map((q) => new Option(`${q.heading} · page ${q.page} · max ${q.max}`, q.id)));
    if (!questions.some((q) => q.id === this.question)) this.question = questions[0]?.id ?? null;
  }

  show(target) {
    this.view = true;
    $('crop').hidden = !this.question;
    $('grade-empty').hidden = !!this.question;
    if (!this.question) return;
    if (target?.question) this.question = target.question;
    this.load(target?.student ?? this.card?.student ?? null, 'here');
  }

  hide() { this.view = false; }

  // Someone changed the project: show this card again as it is now (a save or move under way shows its own result).
  refresh() { return this.card && !this.busy && !this.loading ? this.load(this.card.student, 'here', true) : Promise.resolve(); }

  // Shows the card `move` leads to; a new answer is taken (held) first. With `keepTyping` (a live
  // refresh), what the grader typed stays, and a score someone else saved meanwhile is a conflict.
  async load(student, move, keepTyping = false) {
    const ticket = ++this.loads;   // only the latest load is shown: a slow refresh never undoes a move
    this.loading++;
    try {
      let card = await api.card(this.question, student, move);
      const same = this.card && card.student === this.card.student && card.question === this.card.question;
      if (!keepTyping || !same) card = await this.take(card, student != null && move !== 'next-ungraded');
      const layer = await api.page(card.student, card.page);
      if (ticket !== this.loads) return;
      if (keepTyping && same && this.buffer != null) {
        this.conflict = card.score !== this.base ? { by: card.gradedBy, score: card.score } : null;
      } else if (!keepTyping || !same) {
        this.buffer = null; this.typing = false; this.base = null; this.conflict = null;
      }
      this.card = card;
      this.layer = layer;
      this.render();
    } catch (error) { this.app.toast(error.message, true); } finally { this.loading--; }
  }

  // Holds the answer about to be shown (the server records the grader's place with it). One that
  // another grader took first is passed over for the next ungraded, unless opened on purpose.
  async take(card, onPurpose) {
    for (let tries = 0; tries < 4; tries++) {
      try {
        const { heldBy } = await api.claim(card.question, card.student, onPurpose);
        this.claimed = Date.now();
        return { ...card, heldBy };
      } catch (error) {
        if (error.status !== 409) return card;   // not held (a read-only project): the answer is still shown
        card = await api.card(this.question, card.student, 'next-ungraded');
      }
    }
    // Every ungraded answer is open elsewhere: stay on the one this grader was on.
    if (this.card) card = await api.card(this.question, this.card.student, 'here');
    const { heldBy } = await api.claim(card.question, card.student, true);
    this.claimed = Date.now();
    return { ...card, heldBy };
  }

  render() {
    const card = this.card;
    $('question-select').value = String(card.question);
    $('card-name').textContent = card.name;
    $('card-name').dataset.student = card.student;
    Object.assign($('card-name').dataset, { question: card.question, score: card.score });
    $('card-progress').textContent = `${card.position} of ${card.count} · ${card.ungraded} ungraded`;
    $('card-max').textContent = card.max;
    const input = $('score-input');
    input.value = this.buffer ?? (card.score === '?' ? '' : card.score);
    input.placeholder = '?';
    input.classList.toggle('ungraded', this.buffer == null && card.score === '?');
    this.pad.render(card, this.buffer ?? card.score);
    $('card-graded').textContent = card.gradedBy ? `Graded by ${card.gradedBy}` : 'Not graded yet';
    const held = card.heldBy ?? [];
    $('card-held').hidden = held.length === 0;
    $('card-held').textContent = `${held.join(' and ')} ${held.length > 1 ? 'are' : 'is'} grading this answer`;
    this.renderConflict();
    // The items are drawn again in place: a list replaced under a finger mid-tap (a live update) would lose the tap.
    const list = $('items');
    if (list.children.length !== card.items.length) {
      list.replaceChildren(...card.items.map(() => {
        const li = document.createElement('li');
        li.innerHTML = '<span class="key"></span><span class="points"></span><span class="text"></span><button type="button" class="stamp-pick"></button>';
        return li;
      }));
    }
    card.items.forEach((item, index) => {
      const li = list.children[index];
      li.dataset.number = item.number;
      li.className = item.applied ? 'applied' : '';
      li.querySelector('.key').textContent = item.number <= 9 ? item.number : '';
      li.querySelector('.points').textContent = item.points;
      li.querySelector('.text').textContent = item.text + (item.group ? ` (${item.group})` : '');
    });
    this.stamps.render();
    this.drawCrop();
    for (const next of card.upcoming) new Image().src = imageURL(next.student, next.page, this.imageWidth, card.images);
  }

  // "Ann gave 4 while you typed 2": nothing is saved until the grader chooses.
  renderConflict() {
    const box = $('card-conflict'), conflict = this.conflict;
    box.hidden = !conflict;
    if (!conflict) return;
    const who = conflict.by ?? 'Someone else';
    const what = conflict.score === '?' ? `${who} cleared this score` : `${who} gave ${conflict.score}`;
    const line = document.createElement('strong');
    line.textContent = `${what} while you typed ${this.buffer || '…'}.`;
    const choice = document.createElement('div');
    choice.innerHTML = '<kbd>Enter</kbd> keeps yours · <kbd>Esc</kbd> takes theirs';
    const touch = document.createElement('div');
    touch.className = 'conflict-choice touch-only';
    touch.innerHTML = '<button data-key="Enter">Keep mine</button><button data-key="Escape">Take theirs</button>';
    touch.addEventListener('click', (event) => { const key = event.target.dataset.key; if (key) this.key({ key, preventDefault() {} }); });
    box.replaceChildren(line, choice, touch);
  }

  // The grader starts changing the score: remember what they saw, so a save never overwrites a score they did not see.
  // Typing is activity: a claim older than a minute is renewed, so it does not lapse under a slow grader.
  begin() {
    if (this.buffer == null) this.base = this.card.score;
    if (Date.now() - this.claimed > 60000) this.renew();
  }

  renew() {
    this.claimed = Date.now();
    api.claim(this.card.question, this.card.student, true).catch(() => {});
  }

  drawCrop() {
    const card = this.card, region = card.region;
    const available = Math.max($('answer').clientWidth - 32, 320);
    const scale = Math.min(available / region.width, 2.5);
    this.imageWidth = Math.round(card.pageWidth * scale * (window.devicePixelRatio || 1));
    const crop = $('crop'), image = $('crop-image'), layer = $('crop-layer');
    crop.style.width = `${region.width * scale}px`;
    crop.style.height = `${region.height * scale}px`;
    crop.style.margin = '16px auto';
    image.src = imageURL(card.student, card.page, this.imageWidth, card.images);
    image.style.width = `${card.pageWidth * scale}px`;
    image.style.left = `${-region.x * scale}px`;
    image.style.top = `${-region.y * scale}px`;
    layer.setAttribute('viewBox', `${region.x} ${region.y} ${region.width} ${region.height}`);
    layer.setAttribute('width', region.width * scale);
    layer.setAttribute('height', region.height * scale);
    drawLayer(layer, this.layer, { selected: this.stamps.selected != null ? `stamp:${this.stamps.selected}` : `box:${card.question}` });
  }

  key(event) {
    if (!this.card) return;
    if (this.busy) { this.queued.push(event.key); event.preventDefault(); return; }
    const key = event.key, hasItems = this.card.items.length > 0;
    if (/^[0-9]$/.test(key) && hasItems && !this.typing) {
      if (key !== '0') this.toggleItem(Number(key));
    } else if (/^[0-9.,?-]$/.test(key)) {  // a decimal comma and a minus reach the server, which reads or refuses them by name
      this.begin();
      this.buffer = key === '?' ? '?' : (this.buffer === '?' ? '' : (this.buffer ?? '')) + key;
      this.render();
    } else if (key === 's' && hasItems) {
      this.begin();
      this.typing = true; this.buffer = this.buffer ?? '';
      this.render();
    } else if (key === 'Backspace') {
      this.begin();
      this.buffer = (this.buffer ?? (this.card.score === '?' ? '' : this.card.score)).slice(0, -1);
      this.render();
    } else if (key === 'Escape') {
      if (this.conflict) this.app.toast(`Kept ${this.conflict.by ?? 'their'} ${this.conflict.score}.`);
      this.buffer = null; this.typing = false; this.base = null; this.conflict = null; $('score-input').blur(); this.render();
    } else if (key === 'Enter') {
      this.save();
    } else if (key === 'ArrowRight') {
      this.load(this.card.student, 'next');
    } else if (key === 'ArrowLeft') {
      this.load(this.card.student, 'previous');
    } else if (key === 'ArrowDown' || key === 'ArrowUp') {
      this.stepQuestion(key === 'ArrowDown' ? 1 : -1);
    } else if (key === 'f') {
      this.app.show('page', { student: this.card.student, page: this.card.page });
    } else {
      return;
    }
    event.preventDefault();
  }

  // Runs a change; keys typed meanwhile wait for it and are replayed, so typing ahead loses nothing.
  async busyWith(work) {
    this.busy = true;
    try {
      await work();
    } catch (error) {
      if (error.status === 409 && this.buffer != null) {
        await this.load(this.card.student, 'here', true);   // someone saved meanwhile: the conflict shows, the typing stays
        if (!this.conflict) this.app.toast(error.message, true);
      } else {
        this.app.toast(error.message, true);
        await this.load(this.card.student, 'here');
      }
    } finally {
      this.busy = false;
      for (const key of this.queued.splice(0)) {
        if (typeof key === 'function') key(); else this.key({ key, preventDefault() {} });
      }
    }
  }

  // A tap on the score pad: a possible score, a fraction after the whole points, "?", a digit, or
  // save (Enter). One that comes while a save is on its way waits for it, as a key does.
  tap(kind, value) {
    if (!this.card) return;
    if (this.busy) { this.whenFree(() => this.tap(kind, value)); return; }
    if (kind === 'save') { this.save(); return; }
    this.typing = true;
    if (kind === 'type') { this.key({ key: value, preventDefault() {} }); return; }
    this.begin();
    const whole = (this.buffer ?? this.card.score).split('.')[0];
    this.buffer = kind === 'clear' ? '?' : kind === 'set' ? value : (whole === '?' || whole === '' ? '0' : whole) + value;
    this.render();
  }

  // The score written by pen and read, given by the grader's tap on the offer: saved as if typed, then the next ungraded.
  give(score) {
    this.whenFree(() => {
      if (!this.card) return;
      this.begin();
      this.buffer = score;
      this.save();
    });
  }

  // Previous or next student, by a button or a swipe.
  move(move) {
    if (this.card) this.whenFree(() => this.load(this.card.student, move));
  }

  // Runs `work` now, or once the change on its way is done (as a key typed meanwhile is).
  whenFree(work) {
    if (this.busy) this.queued.push(work); else work();
  }

  // The question before (-1) or after (1) this one, for the same student.
  stepQuestion(delta) {
    if (!this.card) return;
    const questions = this.app.me.questions, at = questions.findIndex((q) => q.id === this.question);
    this.question = questions[Math.min(Math.max(at + delta, 0), questions.length - 1)].id;
    this.load(this.card.student, 'here');
  }

  // A tap on the grade box: scoring takes the keys (laptop) or the pad comes into view (touch).
  focusScoring() {
    if (document.body.classList.contains('touch')) this.pad.focus(); else $('score-input').focus();
  }

  // Saves what was typed, checked against the score seen when typing began; in a conflict, Enter
  // overwrites the other grader's score knowingly.
  save() {
    const card = this.card, expected = this.conflict ? card.score : (this.base ?? card.score);
    return this.busyWith(async () => {
      if (this.buffer != null && this.buffer !== '') {
        const { score } = await api.setScore(card.student, card.question, this.buffer, expected, !!this.conflict);
        this.app.toast(`${card.name}: ${score} / ${card.max}`);
      }
      await this.load(card.student, 'next-ungraded');
      if (this.card.ungraded === 0) this.app.toast(`Every student has a score on ${card.heading}.`);
    });
  }

  toggleItem(number) {
    const card = this.card, item = card.items.find((i) => i.number === number);
    if (!item) return;
    return this.busyWith(async () => {
      await api.applyItems(card.student, card.question, item.applied ? [] : [number], item.applied ? [number] : [], card.score);
      await this.load(card.student, 'here');
    });
  }
}
