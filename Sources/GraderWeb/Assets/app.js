// The grading page: who is grading, the three views, keys that work anywhere, live updates.
import { api, loadLook } from './api.js';
import { GradeView } from './grade.js';
import { PageView } from './pageview.js';
import { ClassView } from './overview.js';
import { CourseView } from './course.js';
import { CaptureView } from './capture.js';
import { IDReviewView } from './idreview.js';
import { ReturnView } from './return.js';
import { GroupsView } from './groups.js';
import { watchForTouch } from './gradepad.js';

const $ = (id) => document.getElementById(id);

export const app = {
  me: null,
  view: null,
  views: {},
  toast(message, isError = false) {
    const toast = $('toast');
    toast.textContent = message;
    toast.className = 'toast' + (isError ? ' error' : '');
    toast.hidden = false;
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => { toast.hidden = true; }, isError ? 6000 : 2500);
  },
  show(name, target) {
    for (const [key, view] of Object.entries(this.views)) {
      $(`view-${key}`).hidden = key !== name;
      $(`tab-${key}`).classList.toggle('active', key === name);
      if (key !== name) view.hide?.();
    }
    this.view = name;
    this.views[name].show(target);
    // The tab shown kept in sight where the tabs scroll (a phone's width).
    const tab = $(`tab-${name}`), tabs = tab.parentElement, left = tab.offsetLeft - tabs.offsetLeft;
    if (left < tabs.scrollLeft || left + tab.offsetWidth > tabs.scrollLeft + tabs.clientWidth) tabs.scrollLeft = left + tab.offsetWidth - tabs.clientWidth;
  },
  // Where the grader is in the grade view, for the page view to open there.
  here() {
    const card = this.view === 'grade' ? this.views.grade.card : null;
    return card ? { student: card.student, page: card.page } : undefined;
  },
  async refresh() { await this.views[this.view]?.refresh(); },
  // After a grade box is added or removed: the question list everywhere.
  async reloadQuestions() {
    this.me = { ...this.me, ...(await api.me()), grader: this.me.grader };
    this.views.grade.setQuestions();
    this.views.groups.setQuestions();
  },
  // A name region dragged out on a page: covered from now on, with anonymous grading on.
  async addNameRegion(region) {
    await api.setAnonymity(true, [...this.me.nameRegions, region]);
    await this.reloadQuestions();
    this.toast('Name covered: anonymous grading is on.');
  },
  // Undo or redo; an undo that would take another grader's work is offered in place, to confirm.
  async history(action, force = false) {
    try {
      const { step } = await (action === 'undo' ? api.undo(force) : api.redo());
      this.toast(step ? `${action === 'undo' ? 'Undid' : 'Redid'}: ${step}` : `Nothing of yours to ${action}.`);
    } catch (error) {
      if (action === 'undo' && error.status === 409 && !force) this.offerForcedUndo(error.message, error.data?.grader);
      else this.toast(error.message, true);
    }
    await this.refresh();
  },
  offerForcedUndo(message, grader) {
    this.toast(message, true);
    const button = document.createElement('button');
    button.id = 'undo-anyway';
    button.textContent = grader ? `Undo anyway, with ${grader}'s work` : 'Undo anyway, with their work';
    button.addEventListener('click', () => { $('toast').hidden = true; this.history('undo', true); });
    $('toast').append(' ', button);
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => { $('toast').hidden = true; }, 15000);
  },
};

async function start() {
  [app.me] = await Promise.all([api.me(), loadLook()]);
  $('project').textContent = app.me.project;
  watchForTouch();
  app.views = { grade: new GradeView(app), page: new PageView(app), class: new ClassView(app), course: new CourseView(app), capture: new CaptureView(app), ids: new IDReviewView(app), return: new ReturnView(app), groups: new GroupsView(app) };
  for (const button of document.querySelectorAll('.tabs button')) button.addEventListener('click', () => app.show(button.dataset.view, app.here()));
  showAllowed(app.me);
  $('who').addEventListener('click', () => askName(true));
  $('help-button').addEventListener('click', () => $('help-dialog').showModal());
  document.addEventListener('keydown', globalKeys);
  if (!app.me.grader) await askName(false);
  $('who').textContent = app.me.grader;
  listen();
  window.addEventListener('pagehide', () => { api.release(); });   // the answer this grader had open is free for the others
  app.show(app.me.questions.length ? 'grade' : 'page');
}

// What this grader's role allows, as the server says: controls for anything else are hidden. A
// grader signed in by their personal link keeps the name it gives.
function showAllowed(me) {
  for (const control of document.querySelectorAll('[data-needs]')) control.hidden = !me.may.includes(control.dataset.needs);
  // Views only some projects have: photos of one-page bubble sheets, handwritten student numbers.
  if (!me.views.includes('capture')) $('tab-capture').hidden = true;
  if (!me.views.includes('ids')) $('tab-ids').hidden = true;
  if (!me.views.includes('return')) $('tab-return').hidden = true;
  $('who').disabled = me.nameFixed;
  $('role').hidden = !me.nameFixed;
  $('role').textContent = me.role;
}

function askName(changing) {
  return new Promise((resolve) => {
    const dialog = $('name-dialog'), input = $('name-input');
    input.value = changing ? app.me.grader : '';
    // The project's graders are one tap each; the field (and a touch keyboard) only for a new name.
    $('name-graders').replaceChildren(...app.me.graders.map((name) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = name;
      button.addEventListener('click', () => choose(name));
      return button;
    }));
    input.autofocus = !document.body.classList.contains('touch');
    dialog.showModal();
    $('name-form').onsubmit = (event) => { event.preventDefault(); choose(input.value); };
    const choose = async (name) => {
      try {
        const { grader } = await api.sayWho(name);
        app.me.grader = grader;
        $('who').textContent = grader;
        dialog.close();
        resolve();
      } catch (error) { app.toast(error.message, true); }
    };
    if (!changing) dialog.addEventListener('cancel', (event) => event.preventDefault(), { once: true });
  });
}

function globalKeys(event) {
  if (document.querySelector('dialog[open]')) return;
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
    event.preventDefault();
    app.history(event.shiftKey ? 'redo' : 'undo');
    return;
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target.matches('input:not(#score-input), textarea, select')) return;
  if (event.key === 'h') { $('help-dialog').showModal(); event.preventDefault(); return; }
  if (event.key === 'g' && app.view !== 'grade') { app.show('grade'); event.preventDefault(); return; }
  if (event.key === 'c' && app.view !== 'class') { app.show('class'); event.preventDefault(); return; }
  if (event.key === 'G' && app.view !== 'groups') { app.show('groups'); event.preventDefault(); return; }
  app.views[app.view]?.key?.(event);
}

// Server-sent events: any change by anyone refreshes what is on screen (once per burst).
function listen() {
  const live = $('live');
  const source = new EventSource('/api/events');
  let pending = null;
  source.onopen = () => { live.classList.add('on'); live.title = 'Live: changes by others appear here'; };
  source.onerror = () => { live.classList.remove('on'); live.title = 'Reconnecting…'; };
  source.addEventListener('change', () => {
    clearTimeout(pending);
    pending = setTimeout(() => app.refresh().catch((error) => app.toast(error.message, true)), 60);
  });
}

start().catch((error) => {
  document.body.textContent = `EZ Grader could not start: ${error.message}`;
});
