// The class at a glance: students × questions, "?" where a score is missing, who has each answer open; a click grades that cell.
import { api } from './api.js';

const $ = (id) => document.getElementById(id);

export class ClassView {
  constructor(app) {
    this.app = app;
    $('only-ungraded').addEventListener('change', () => this.render());
    $('class-question').addEventListener('change', () => this.render());
    $('class-table').addEventListener('click', (event) => {
      const cell = event.target.closest('td.cell');
      if (cell) app.show('grade', { question: Number(cell.dataset.question), student: Number(cell.dataset.student) });
    });
  }

  async show() { await this.refresh(); }

  async refresh() {
    try {
      this.data = await api.overview();
      const select = $('class-question'), chosen = select.value;
      select.replaceChildren(new Option('All', ''), ...this.data.questions.map((q) => new Option(q.name, q.id)));
      select.value = chosen;
      this.render();
    } catch (error) { this.app.toast(error.message, true); }
  }

  render() {
    const { questions, students } = this.data;
    const only = $('only-ungraded').checked, chosen = $('class-question').value;
    const columns = questions.map((q, i) => ({ ...q, index: i })).filter((q) => !chosen || String(q.id) === chosen);
    const rows = students.filter((row) => !only || columns.some((q) => row.scores[q.index] === '?'));
    const table = $('class-table');
    const head = document.createElement('thead'), headRow = head.insertRow();
    headRow.appendChild(cell('th', 'Student'));
    for (const q of columns) {
      // Each question's progress: how many of the class have a score.
      const graded = students.filter((row) => row.scores[q.index] !== '?').length;
      const th = headRow.appendChild(cell('th', `${q.name} (${q.max})`, `Page ${q.page}`));
      th.dataset.question = q.id;
      th.appendChild(cell('span', `${graded}/${students.length} graded`)).className = 'question-progress' + (graded === students.length ? ' complete' : '');
    }
    headRow.appendChild(cell('th', 'Total'));
    const body = document.createElement('tbody');
    for (const row of rows) {
      const tr = body.insertRow();
      const name = tr.appendChild(document.createElement('td'));
      name.className = 'name';
      name.appendChild(cell('div', row.name, row.name));
      for (const q of columns) {
        const score = row.scores[q.index], grader = row.graders[q.index], holder = row.holders[q.index];
        const td = cell('td', score, holder ? `${holder} ${holder.includes(', ') ? 'are' : 'is'} grading this answer` : grader ? `Graded by ${grader}` : 'Not graded yet — click to grade');
        td.className = 'cell' + (score === '?' ? ' ungraded' : '') + (holder ? ' held' : '');
        if (holder) td.appendChild(cell('span', holder)).className = 'holder';
        td.dataset.question = q.id;
        td.dataset.student = row.student;
        tr.appendChild(td);
      }
      tr.appendChild(cell('td', row.total));
    }
    table.replaceChildren(head, body);
    const missing = students.reduce((n, row) => n + columns.filter((q) => row.scores[q.index] === '?').length, 0);
    $('class-summary').textContent = `${students.length} students · ${missing} scores still "?"`;
  }
}

function cell(tag, text, title) {
  const node = document.createElement(tag);
  node.textContent = text;
  if (title) node.title = title;
  return node;
}
