// Setting the course up: each question's name, maximum and rubric items; the roster; anonymous grading.
// Every change is one API call; the server checks it and the view shows what it answers.
import { api } from './api.js';

const $ = (id) => document.getElementById(id);

export class CourseView {
  constructor(app) {
    this.app = app;
    $('roster-upload').addEventListener('click', () => this.uploadRoster());
    $('anon-on').addEventListener('change', (event) => this.setAnonymity(event.target.checked, this.app.me.nameRegions));
    $('anon-clear').addEventListener('click', () => this.setAnonymity($('anon-on').checked, []));
    $('download-student').addEventListener('change', () => this.pointDownload());
  }

  // The graded-PDF link follows the student chosen.
  pointDownload() {
    const student = $('download-student').value;
    $('download-pdf').href = student ? `/api/downloads/graded/${student}` : '';
  }

  async show() { await this.refresh(); }

  // A live update re-draws, except while someone is typing here; a change of one's own always does.
  async refresh(always = false) {
    if (!always && $('view-course').contains(document.activeElement) && document.activeElement.matches('input:not([type]), input[type=text]')) return;
    try {
      await this.app.reloadQuestions();
      const rubrics = await Promise.all(this.app.me.questions.map((q) => api.rubric(q.id)));
      $('course-questions').replaceChildren(...this.app.me.questions.map((q, i) => this.question(q, rubrics[i])));
      if (!this.app.me.questions.length) $('course-questions').textContent = 'No questions yet.';
      $('anon-on').checked = this.app.me.anonymous;
      const { students } = await api.overview();
      const chosen = $('download-student').value;
      $('download-student').replaceChildren(...students.map((s) => new Option(s.name, s.student)));
      if (chosen) $('download-student').value = chosen;
      this.pointDownload();
      const count = this.app.me.nameRegions.length;
      $('anon-regions').textContent = `${count} name region${count === 1 ? '' : 's'} marked.`;
    } catch (error) { this.app.toast(error.message, true); }
  }

  // One question: name, maximum, remove; its rubric items and a line to add one.
  question(q, items) {
    const card = node('div', 'course-question');
    card.dataset.question = q.id;
    const line = node('div', 'q-line');
    line.append(
      this.field('q-name', q.name, 'Question name', (name) => api.editQuestion(q.id, { label: name })),
      node('span', 'q-page', `page ${q.page} · max`),
      this.field('q-max', q.max, 'Maximum points', (max) => api.editQuestion(q.id, { max })),
      this.confirmButton('q-remove', 'Remove', `Remove ${q.name} and its scores?`, () => api.removeQuestion(q.id)));
    const list = node('ol', 'q-items');
    for (const item of items) {
      const row = node('li', 'item-line');
      row.dataset.number = item.number;
      row.append(
        this.field('item-text', item.text, 'Rubric item text', (text) => api.editItem(q.id, item.number, { text })),
        this.field('item-points', item.points, 'Points', (points) => api.editItem(q.id, item.number, { points })),
        node('span', 'item-used', `${item.students} student${item.students === 1 ? '' : 's'}`),
        this.moveButton('item-up', '↑', `Move item ${item.number} up`, q.id, item.number, item.number - 1, items.length),
        this.moveButton('item-down', '↓', `Move item ${item.number} down`, q.id, item.number, item.number + 1, items.length),
        this.confirmButton('item-remove', 'Remove', 'Remove?', () => api.removeItem(q.id, item.number)));
      list.append(row);
    }
    const add = node('li', 'item-line item-new');
    const text = input('item-text', '', 'New rubric item'), points = input('item-points', '', 'Points (-1)');
    text.placeholder = 'New rubric item, e.g. Sign error';
    points.placeholder = '-1';
    const button = node('button', 'item-add', 'Add item');
    const submit = () => this.change(() => api.addItem(q.id, text.value, points.value));
    button.addEventListener('click', submit);
    points.addEventListener('keydown', (event) => { if (event.key === 'Enter') submit(); });
    add.append(text, points, button);
    list.append(add);
    card.append(line, list);
    return card;
  }

  // Sends one change, then shows the course (and everything else) as the server has it now.
  async change(send) {
    try { await send(); } catch (error) { this.app.toast(error.message, true); }
    await this.refresh(true);
  }

  // A field that sends `save(value)` when its value is changed (Enter or leaving it); Escape puts it back.
  field(className, value, label, save) {
    const element = input(className, value, label);
    element.addEventListener('change', () => this.change(() => save(element.value)));
    element.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') element.blur();
      if (event.key === 'Escape') { element.value = value; element.blur(); }
    });
    return element;
  }

  // A button that asks once in place ("Remove Q1 and its scores?") and acts on the second click.
  confirmButton(className, text, question, act) {
    const button = node('button', className, text);
    button.addEventListener('click', () => {
      if (!button.classList.contains('confirming')) {
        button.classList.add('confirming');
        button.textContent = question;
        setTimeout(() => { button.classList.remove('confirming'); button.textContent = text; }, 4000);
        return;
      }
      this.change(act);
    });
    return button;
  }

  // ↑ / ↓: the item moves one place (the list is renumbered for everyone; no score changes).
  moveButton(className, label, title, question, number, position, count) {
    const button = node('button', className, label);
    button.title = title;
    button.setAttribute('aria-label', title);
    button.disabled = position < 1 || position > count;
    button.addEventListener('click', () => this.change(() => api.editItem(question, number, { position })));
    return button;
  }

  async uploadRoster() {
    const file = $('roster-file').files[0], result = $('roster-result');
    if (!file) { result.textContent = 'Choose a CSV file first.'; result.className = 'result error'; return; }
    try {
      const { students } = await api.setRoster(await file.text());
      result.textContent = `${students} students named from ${file.name}.`;
      result.className = 'result';
      this.app.views.page.students = [];
    } catch (error) { result.textContent = error.message; result.className = 'result error'; }
  }

  async setAnonymity(on, regions) {
    await this.change(() => api.setAnonymity(on, regions));
  }
}

function node(tag, className, text) {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text != null) element.textContent = text;
  return element;
}

function input(className, value, label) {
  const element = node('input', className);
  element.value = value;
  element.setAttribute('aria-label', label);
  element.autocomplete = 'off';
  return element;
}
