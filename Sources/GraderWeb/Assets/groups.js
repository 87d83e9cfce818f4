// Answer groups: a question's answers grouped (confirmed groups, then suggestions), largest first,
// each a grid of answer crops with its confidence. The grader confirms a group, takes answers out,
// merges groups, moves an answer, and grades a whole group with one action (typed points, a rubric
// item, a stamp) — each one undoable step under their name. Keys for everything, every control a tap.
import { api, imageURL } from './api.js';

const $ = (id) => document.getElementById(id);
const tileWidths = [360, 540, 720];   // CSS pixels of one answer crop (+ and − choose; − only while no points are typed): three side by side on a laptop, two on a tablet upright

export class GroupsView {
  constructor(app) {
    this.app = app;
    this.question = app.me.questions[0]?.id ?? null;
    this.data = null;
    this.at = 0;            // the group selected
    this.answer = 0;        // the answer selected in it
    this.buffer = null;     // points typed for the selected group
    this.mode = null;       // { kind: 'merge', group } or { kind: 'move', student, name }: waiting for the target group
    this.stamp = null;      // a rubric item armed to stamp: the next tap on a crop places it for the whole group
    this.left = new Map();  // suggestion key → students taken out of it before confirming
    this.busy = false;
    this.loads = 0;
    this.zoom = 0;          // which of tileWidths the crops are
    this.setQuestions();
    $('groups-question').addEventListener('change', () => {
      this.question = Number($('groups-question').value);
      this.data = null; this.at = 0; this.answer = 0; this.buffer = null; this.mode = null; this.stamp = null;
      $('groups-list').replaceChildren();
      this.refresh();
      $('groups-question').blur();
    });
    $('groups-list').addEventListener('click', (event) => this.tap(event));
  }

  setQuestions() {
    const questions = this.app.me.questions;
    $('groups-question').replaceChildren(...questions.map((q) => new Option(`${q.heading} · page ${q.page} · max ${q.max}`, q.id)));
    if (!questions.some((q) => q.id === this.question)) this.question = questions[0]?.id ?? null;
    if (this.question != null) $('groups-question').value = String(this.question);
  }

  show() { this.refresh(); }

  // The groups as the server has them now (after any grader's change); the selection stays on the same group and answer.
  async refresh() {
    if (this.question == null) { $('groups-summary').textContent = 'No questions yet: draw grade boxes in the Page view.'; return; }
    const before = this.groups()[this.at], student = before?.answers[this.answer]?.student;
    $('groups-summary').textContent = this.data ? $('groups-summary').textContent : 'Grouping the answers…';
    let data;
    const ticket = ++this.loads;   // only the latest read is shown: an older one answering late never undoes a change
    try { data = await api.groups(this.question); } catch (error) { $('groups-summary').textContent = error.message; return; }
    if (ticket !== this.loads || data.question !== this.question) return;
    this.data = data;
    const groups = this.groups();
    const found = groups.findIndex((group) => before && key(group) === key(before));
    const holding = groups.findIndex((group) => group.answers.some((answer) => answer.student === student));
    this.at = Math.min(Math.max(found >= 0 ? found : holding, 0), Math.max(groups.length - 1, 0));
    this.answer = Math.max(groups[this.at]?.answers.findIndex((answer) => answer.student === student) ?? 0, 0);
    this.render();
  }

  // Confirmed groups first, then suggestions (each largest first), without the answers taken out of a suggestion.
  groups() {
    if (!this.data) return [];
    const suggested = this.data.suggested.map((group) => {
      const out = this.left.get(key(group)) ?? new Set();
      return { ...group, answers: group.answers.filter((answer) => !out.has(answer.student)) };
    }).filter((group) => group.answers.length);
    return [...this.data.confirmed, ...suggested];
  }

  render() {
    const groups = this.groups(), data = this.data;
    const confirmed = data.confirmed.reduce((sum, group) => sum + group.answers.length, 0);
    const suggested = groups.length - data.confirmed.length;
    $('groups-summary').textContent = `${confirmed} answer${confirmed === 1 ? '' : 's'} in ${data.confirmed.length} confirmed group${data.confirmed.length === 1 ? '' : 's'} · ${suggested} suggestion${suggested === 1 ? '' : 's'} to check`;
    const hint = $('groups-mode');
    hint.hidden = !this.mode && !this.stamp;
    if (this.mode?.kind === 'merge') hint.textContent = `Merging group ${this.mode.group} (${this.mode.size} answers): choose the group to merge it into, then m or Merge here · Esc cancels`;
    else if (this.mode?.kind === 'move') hint.textContent = `Moving ${this.mode.name}'s answer: choose a confirmed group, then v or Move here · Esc cancels`;
    else if (this.stamp) hint.textContent = `Stamp ${this.stamp.number} (${this.stamp.points} ${this.stamp.text}): tap where it goes on an answer of the group · Esc cancels`;
    $('groups-list').replaceChildren(...groups.map((group, index) => this.groupCard(group, index)));
    $('groups-list').querySelector('.group.selected')?.scrollIntoView({ block: 'nearest' });
    $('groups-list').querySelector('.group.selected .tile.selected')?.scrollIntoView({ block: 'nearest' });
  }

  groupCard(group, index) {
    const card = element('section', 'group' + (index === this.at ? ' selected' : '') + (group.id == null ? ' suggestion' : ' confirmed')
      + (group.confident === false ? ' unsure' : ''));
    card.dataset.index = index;
    card.setAttribute('aria-label', `${describe(group)}, ${group.answers.length} answers`);
    const head = element('header', 'group-head');
    const title = element('strong', 'group-title', `${describe(group)} · ${group.answers.length} answer${group.answers.length === 1 ? '' : 's'}`);
    const state = group.id == null
      ? element('span', 'group-state ' + (group.confident ? 'sure' : 'check'), `${group.confident ? 'suggested' : 'check each answer'} · ${percent(group.confidence)} sure`)
      : element('span', 'group-state confirmed', `confirmed by ${group.confirmedBy}`);
    head.append(title, state, element('span', 'group-scores', scores(group, this.data.max)));
    const actions = element('div', 'group-actions');
    const selected = index === this.at;
    if (group.id == null) {
      if (selected && this.buffer != null) actions.append(element('span', 'group-points typing', `${this.buffer || '…'} / ${this.data.max}`));
      actions.append(button('confirm', 'Confirm (Enter)', 'Confirm: the answers are alike (points typed first grade them too)', 'save'));
    } else {
      const typed = element('span', 'group-points', selected && this.buffer != null ? `${this.buffer || '…'} / ${this.data.max}` : `points / ${this.data.max}`);
      if (selected && this.buffer != null) typed.classList.add('typing');
      actions.append(typed, button('grade', 'Grade all (Enter)', 'Give every answer the points typed'));
      for (const item of this.data.items) {
        const apply = button('item', `${item.number <= 9 ? item.number + ' ' : ''}${item.points} ${item.text}`, `Apply item ${item.number} to every answer (${item.number <= 9 ? item.number : 'tap'}; Shift+${item.number} takes it off)`);
        apply.dataset.number = item.number;
        const stamp = button('stamp', '⊕', `Stamp item ${item.number} where you tap on an answer`);
        stamp.dataset.number = item.number;
        stamp.setAttribute('aria-pressed', this.stamp?.number === item.number && selected);
        actions.append(element('span', 'item-pair', '', apply, stamp));
      }
      if (this.mode?.kind === 'merge' && this.mode.group !== group.id) actions.append(button('merge-here', 'Merge here (m)', 'Merge the chosen group into this one', 'save'));
      else if (this.mode?.kind === 'move') actions.append(button('move-here', 'Move here (v)', 'Move the chosen answer into this group', 'save'));
      else actions.append(button('merge', 'Merge… (m)', 'Merge this group into another'));
      actions.append(button('ungroup', 'Ungroup (Shift+X)', 'Remove the group: its answers are in no group again (scores stay)'));
    }
    head.append(actions);
    const grid = element('div', 'tiles');
    grid.append(...group.answers.map((answer, place) => this.tile(group, answer, selected && place === this.answer)));
    card.append(head, grid);
    return card;
  }

  tile(group, answer, selected) {
    const tile = element('figure', 'tile' + (selected ? ' selected' : '') + (answer.confidence != null && answer.confidence < 0.9 ? ' doubtful' : ''));
    tile.dataset.student = answer.student;
    const tileWidth = tileWidths[this.zoom], region = answer.region, scale = tileWidth / region.width;
    const crop = element('div', 'crop tile-crop');
    crop.style.width = `${tileWidth}px`;
    crop.style.height = `${Math.min(region.height * scale, 260)}px`;
    const image = element('img');
    image.loading = 'lazy';
    image.alt = `${answer.name}'s answer`;
    image.src = imageURL(answer.student, this.data.page, answer.pageWidth * scale * (window.devicePixelRatio || 1), this.data.images);
    image.style.width = `${answer.pageWidth * scale}px`;
    image.style.left = `${-region.x * scale}px`;
    image.style.top = `${-region.y * scale}px`;
    crop.append(image);
    const caption = element('figcaption', '', '', element('span', 'tile-name', answer.name),
      element('span', 'tile-score' + (answer.score === '?' ? ' ungraded' : ''), answer.score === '?' ? '—' : `${answer.score}`));
    if (answer.confidence != null) caption.append(element('span', 'tile-sure', percent(answer.confidence)));
    const out = button(group.id == null ? 'leave' : 'out', '✕', group.id == null ? 'Not alike: leave this answer out (x)' : 'Take this answer out of the group (x)', 'tile-out');
    const move = group.id == null ? null : button('move', '⇄', 'Move this answer to another group (v)', 'tile-move');
    tile.append(crop, caption, out);
    if (move) tile.append(move);
    return tile;
  }

  // A tap or click: select what was tapped, and do what its button says.
  tap(event) {
    const card = event.target.closest('.group');
    if (!card) return;
    const tile = event.target.closest('.tile');
    this.select(Number(card.dataset.index), tile ? Number(tile.dataset.student) : null);
    const action = event.target.closest('button')?.dataset.action;
    if (!action && tile && this.stamp) this.placeStamp(event, tile);
    else if (action) this.act(action, event.target.closest('button'));
  }

  select(index, student) {
    const changed = index !== this.at;
    this.at = index;
    const group = this.groups()[index];
    this.answer = student == null ? (changed ? 0 : this.answer) : Math.max(group.answers.findIndex((answer) => answer.student === student), 0);
    if (changed) { this.buffer = null; this.stamp = null; }
    this.render();
  }

  act(action, control) {
    const number = Number(control?.dataset.number);
    const actions = {
      confirm: () => this.confirm(), grade: () => this.gradeTyped(false), item: () => this.applyItem(number, false),
      stamp: () => this.armStamp(number), leave: () => this.takeOut(), out: () => this.takeOut(), move: () => this.startMove(),
      merge: () => this.startMerge(), 'merge-here': () => this.mergeHere(), 'move-here': () => this.moveHere(), ungroup: () => this.ungroup(),
    };
    actions[action]?.();
  }

  selected() { return this.groups()[this.at]; }

  // Runs a change one at a time; the live refresh (or this one) shows its result.
  async change(work, done) {
    if (this.busy) return;
    this.busy = true;
    try {
      const result = await work();
      if (done) this.app.toast(done(result));
    } catch (error) { this.app.toast(error.message, true); }
    this.busy = false;
    await this.refresh();
  }

  async confirm() {
    const group = this.selected();
    if (!group || group.id != null) return;
    // Points typed on a suggestion grade it as it is confirmed: one undoable step.
    const typed = this.buffer || null;
    this.buffer = null;
    await this.change(async () => {
      const { id } = await api.confirmGroup(this.question, group.kind, group.answers.map((answer) => answer.student), typed ? { score: typed } : null);
      this.left.delete(key(group));
      return id;
    }, () => `Confirmed ${group.answers.length} answers (${group.kind})${typed ? (typed === '?' ? ', score cleared' : `, gave ${typed}`) : ''}.`);
  }

  async grade(body, what) {
    const group = this.selected();
    if (!group || group.id == null) { this.app.toast('Confirm the group first (Enter): only a confirmed group is graded.', true); return; }
    await this.change(() => api.gradeGroup(group.id, body), ({ scores }) => `${what} for ${scores.length} answers.`);
  }

  async gradeTyped(overwrite) {
    if (this.buffer == null || this.buffer === '') { this.app.toast('Type the points first, then Enter.', true); return; }
    const score = this.buffer;
    this.buffer = null;
    await this.grade({ score, overwrite }, score === '?' ? 'Cleared the score' : `Gave ${score}`);
  }

  applyItem(number, remove) {
    if (!this.data.items.some((item) => item.number === number)) return;
    return this.grade(remove ? { remove: [number] } : { add: [number] }, `${remove ? 'Took off' : 'Applied'} item ${number}`);
  }

  armStamp(number) {
    const item = this.data.items.find((one) => one.number === number);
    this.stamp = this.stamp?.number === number ? null : item;
    this.render();
  }

  // The spot tapped on one answer's crop, as the same spot of the reference page: each member's stamp lands there through its alignment.
  placeStamp(event, tile) {
    const box = tile.querySelector('.tile-crop').getBoundingClientRect(), reference = this.data.reference;
    const x = reference.x + (event.clientX - box.left) / box.width * reference.width;
    const y = reference.y + (event.clientY - box.top) / box.width * reference.width;
    const item = this.stamp;
    this.stamp = null;
    return this.grade({ stamp: { item: item.id, page: this.data.page, x, y } }, `Stamped item ${item.number}`);
  }

  async takeOut() {
    const group = this.selected(), answer = group?.answers[this.answer];
    if (!answer) return;
    if (group.id == null) {
      const out = this.left.get(key(group)) ?? new Set();
      this.left.set(key(group), out.add(answer.student));
      this.answer = Math.min(this.answer, group.answers.length - 2);
      if (group.answers.length === 1) this.at = Math.min(this.at, this.groups().length - 1);
      this.render();
      return;
    }
    await this.change(() => api.changeGroup(group.id, { remove: answer.student }), () => `Took ${answer.name} out of the group.`);
  }

  startMerge() {
    const group = this.selected();
    if (group?.id == null) return;
    this.mode = { kind: 'merge', group: group.id, size: group.answers.length };
    this.render();
  }

  async mergeHere() {
    const group = this.selected(), mode = this.mode;
    if (mode?.kind !== 'merge' || group?.id == null || group.id === mode.group) return;
    this.mode = null;
    await this.change(() => api.changeGroup(group.id, { merge: mode.group }), () => `Merged ${mode.size} answers into this group.`);
  }

  startMove() {
    const group = this.selected(), answer = group?.answers[this.answer];
    if (!answer || group.id == null) return;
    this.mode = { kind: 'move', student: answer.student, name: answer.name };
    this.render();
  }

  async moveHere() {
    const group = this.selected(), mode = this.mode;
    if (mode?.kind !== 'move' || group?.id == null) return;
    this.mode = null;
    await this.change(() => api.changeGroup(group.id, { add: mode.student }), () => `Moved ${mode.name}'s answer.`);
  }

  async ungroup() {
    const group = this.selected();
    if (group?.id == null) return;
    await this.change(() => api.removeGroup(group.id), () => `Ungrouped ${group.answers.length} answers; their scores stay.`);
  }

  move(groups, answers) {
    const all = this.groups();
    if (!all.length) return;
    if (groups) { this.at = Math.min(Math.max(this.at + groups, 0), all.length - 1); this.answer = 0; this.buffer = null; this.stamp = null; }
    if (answers) this.answer = Math.min(Math.max(this.answer + answers, 0), all[this.at].answers.length - 1);
    this.render();
  }

  key(event) {
    if (!this.data || this.busy) return;
    const key = event.key, group = this.selected(), digit = /^Digit([1-9])$/.exec(event.code);
    if (key === 'ArrowDown' || key === 'j') this.move(1, 0);
    else if (key === 'ArrowUp' || key === 'k') this.move(-1, 0);
    else if (key === 'ArrowRight') this.move(0, 1);
    else if (key === 'ArrowLeft') this.move(0, -1);
    else if ((key === '-' || key === '−') && this.typing()) { this.buffer += '-'; this.render(); }   // a minus typed with points, refused as a score
    else if (key === '+' || key === '=' || key === '-' || key === '−') { this.zoom = Math.min(Math.max(this.zoom + (key === '+' || key === '=' ? 1 : -1), 0), tileWidths.length - 1); this.render(); }
    else if (digit && event.shiftKey && this.data.items.length) this.applyItem(Number(digit[1]), true);
    else if (/^[1-9]$/.test(key) && this.data.items.length && !this.typing() && group?.id != null) this.applyItem(Number(key), false);
    else if (/^[0-9.,?]$/.test(key) || (key === 's' && this.data.items.length)) {
      this.buffer = key === 's' ? (this.buffer ?? '') : key === '?' ? '?' : (this.buffer === '?' ? '' : (this.buffer ?? '')) + key;
      this.render();
    } else if (key === 'Backspace' && this.buffer != null) { this.buffer = this.buffer.slice(0, -1); this.render(); }
    else if (key === 'Enter') {
      if (this.mode?.kind === 'merge') this.mergeHere();
      else if (this.mode?.kind === 'move') this.moveHere();
      else if (group?.id == null) this.confirm();
      else this.gradeTyped(event.shiftKey);
    } else if (key === 'x') this.takeOut();
    else if (key === 'X') this.ungroup();
    else if (key === 'm') this.mode?.kind === 'merge' ? this.mergeHere() : this.startMerge();
    else if (key === 'v') this.mode?.kind === 'move' ? this.moveHere() : this.startMove();
    else if (key === 'o' && group) this.app.show('grade', { question: this.question, student: group.answers[this.answer]?.student });
    else if (key === 'Escape') { this.mode = null; this.stamp = null; this.buffer = null; this.render(); }
    else return;
    event.preventDefault();
  }

  // With a rubric, digits apply items unless the grader began typing points (s, or a dot/0 first).
  typing() { return this.buffer != null; }
}

// A group's identity across refreshes: its id, or a suggestion's kind and first answer.
function key(group) { return group.id != null ? `g${group.id}` : `s${group.kind}:${group.answers[0]?.student}`; }

// "Alike", "Blank", "Number 42" (the value read in the answer box).
function describe(group) { return group.value != null ? `Number ${group.value}` : group.kind[0].toUpperCase() + group.kind.slice(1); }

function percent(value) { return `${Math.round(value * 100)}%`; }

// "all 3 / 4", "2 graded, 5 not", "mixed: 3, 4".
function scores(group, max) {
  const given = group.answers.map((answer) => answer.score);
  const graded = given.filter((score) => score !== '?');
  const distinct = [...new Set(graded)];
  if (!graded.length) return 'not graded';
  if (graded.length === given.length && distinct.length === 1) return `all ${distinct[0]} / ${max}`;
  return `${graded.length} of ${given.length} graded: ${distinct.slice(0, 4).join(', ')}${distinct.length > 4 ? '…' : ''}`;
}

function element(tag, className = '', text = '', ...children) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  node.append(...children);
  return node;
}

function button(action, text, title, className = '') {
  const node = element('button', className, text);
  node.type = 'button';
  node.dataset.action = action;
  node.title = title;
  node.setAttribute('aria-label', title);
  return node;
}
