// Grade by question: the answer band of one student large, the score and rubric beside it, keys for everything.
import { api, imageURL } from './api.js';
import { drawLayer } from './ink.js';

const $ = (id) => document.getElementById(id);

export class GradeView {
  constructor(app) {
    this.app = app;
    this.card = null;
    this.question = app.me.questions[0]?.id ?? null;
    this.buffer = null;     // what the grader has typed; null: showing the saved score
    this.typing = false;    // with a rubric, `s` switches the digits from items to points
    this.busy = false;
    this.setQuestions();
    const select = $('question-select');
    select.addEventListener('change', () => { this.question = Number(select.value); this.load(null, 'here'); select.blur(); });
    $('score-input').addEventListener('focus', () => { this.typing = true; });
    $('score-input').addEventListener('keydown', (event) => { event.stopPropagation(); this.key(event); });
    $('items').addEventListener('click', (event) => {
      const item = event.target.closest('li');
      if (item) this.toggleItem(Number(item.dataset.number));
    });
    window.addEventListener('resize', () => this.card && this.view === true && this.render());
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

  refresh() { return this.card ? this.load(this.card.student, 'here', true) : Promise.resolve(); }

  async load(student, move, keepTyping = false) {
    try {
      const card = await api.card(this.question, student, move);
      const [layer] = await Promise.all([api.page(card.student, card.page)]);
      this.card = card;
      this.layer = layer;
      if (!keepTyping) { this.buffer = null; this.typing = false; }
      this.render();
    } catch (error) { this.app.toast(error.message, true); }
  }

  render() {
    const card = this.card;
    $('question-select').value = String(card.question);
    $('card-name').textContent = card.name;
    $('card-progress').textContent = `${card.position} of ${card.count} · ${card.ungraded} ungraded`;
    $('card-max').textContent = card.max;
    const input = $('score-input');
    input.value = this.buffer ?? (card.score === '?' ? '' : card.score);
    input.placeholder = '?';
    input.classList.toggle('ungraded', this.buffer == null && card.score === '?');
    $('card-graded').textContent = card.gradedBy ? `Graded by ${card.gradedBy}` : 'Not graded yet';
    $('items').replaceChildren(...card.items.map((item) => {
      const li = document.createElement('li');
      li.dataset.number = item.number;
      li.className = item.applied ? 'applied' : '';
      li.innerHTML = '<span class="key"></span><span class="points"></span><span class="text"></span>';
      li.querySelector('.key').textContent = item.number <= 9 ? item.number : '';
      li.querySelector('.points').textContent = item.points;
      li.querySelector('.text').textContent = item.text + (item.group ? ` (${item.group})` : '');
      return li;
    }));
    this.drawCrop();
    for (const next of card.upcoming) new Image().src = imageURL(next, card.page, this.imageWidth);
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
    image.src = imageURL(card.student, card.page, this.imageWidth);
    image.style.width = `${card.pageWidth * scale}px`;
    image.style.left = `${-region.x * scale}px`;
    image.style.top = `${-region.y * scale}px`;
    layer.setAttribute('viewBox', `${region.x} ${region.y} ${region.width} ${region.height}`);
    layer.setAttribute('width', region.width * scale);
    layer.setAttribute('height', region.height * scale);
    drawLayer(layer, this.layer, { selected: `box:${card.question}` });
  }

  key(event) {
    if (!this.card || this.busy) return;
    const key = event.key, hasItems = this.card.items.length > 0;
    if (/^[0-9]$/.test(key) && hasItems && !this.typing) {
      if (key !== '0') this.toggleItem(Number(key));
    } else if (/^[0-9.?]$/.test(key)) {
      this.buffer = key === '?' ? '?' : (this.buffer === '?' ? '' : (this.buffer ?? '')) + key;
      this.render();
    } else if (key === 's' && hasItems) {
      this.typing = true; this.buffer = this.buffer ?? '';
      this.render();
    } else if (key === 'Backspace') {
      this.buffer = (this.buffer ?? (this.card.score === '?' ? '' : this.card.score)).slice(0, -1);
      this.render();
    } else if (key === 'Escape') {
      this.buffer = null; this.typing = false; $('score-input').blur(); this.render();
    } else if (key === 'Enter') {
      this.save();
    } else if (key === 'ArrowRight') {
      this.load(this.card.student, 'next');
    } else if (key === 'ArrowLeft') {
      this.load(this.card.student, 'previous');
    } else if (key === 'ArrowDown' || key === 'ArrowUp') {
      const questions = this.app.me.questions, at = questions.findIndex((q) => q.id === this.card.question);
      const next = questions[Math.min(Math.max(at + (key === 'ArrowDown' ? 1 : -1), 0), questions.length - 1)];
      this.question = next.id;
      this.load(this.card.student, 'here');
    } else if (key === 'f') {
      this.app.show('page', { student: this.card.student, page: this.card.page });
    } else {
      return;
    }
    event.preventDefault();
  }

  async save() {
    const card = this.card;
    this.busy = true;
    try {
      if (this.buffer != null && this.buffer !== '') {
        const { score } = await api.setScore(card.student, card.question, this.buffer, card.score);
        this.app.toast(`${card.name}: ${score} / ${card.max}`);
      }
      await this.load(card.student, 'next-ungraded');
      if (this.card.ungraded === 0) this.app.toast(`Every student has a score on ${card.heading}.`);
    } catch (error) {
      this.app.toast(error.message, true);
      await this.load(card.student, 'here');
    } finally { this.busy = false; }
  }

  async toggleItem(number) {
    const card = this.card, item = card.items.find((i) => i.number === number);
    if (!item) return;
    try {
      await api.applyItems(card.student, card.question, item.applied ? [] : [number], item.applied ? [number] : [], card.score);
      await this.load(card.student, 'here');
    } catch (error) {
      this.app.toast(error.message, true);
      await this.load(card.student, 'here');
    }
  }
}
