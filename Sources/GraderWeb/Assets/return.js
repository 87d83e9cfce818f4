// Returning graded work by e-mail: each student's state, one student's message as it will be sent,
// the mail settings (the password typed here is sent with "Send all" only, never kept), and a run
// sending to all with its progress, which Esc or Stop ends after the message in flight.
import { api } from './api.js';

const $ = (id) => document.getElementById(id);
const kept = 'ezgrader-return';   // the settings but the password, in this browser
const fields = ['host', 'port', 'security', 'user', 'from', 'replyTo', 'subjectTemplate', 'perMinute', 'template'];
const states = {
  new: 'not sent', changed: 'changed since sent: will resend', sent: 'sent', noAddress: 'no e-mail address', noPDF: 'PDF missing',
};

export class ReturnView {
  constructor(app) {
    this.app = app;
    this.students = [];
    this.at = 0;
    this.run = null;
    const saved = JSON.parse(localStorage.getItem(kept) || '{}');
    for (const name of fields) if (saved[name] != null) this.field(name).value = saved[name];
    $('return-form').addEventListener('input', (event) => {
      if (event.target === $('return-password')) return;
      localStorage.setItem(kept, JSON.stringify(Object.fromEntries(fields.map((name) => [name, this.field(name).value]))));
      clearTimeout(this.previewTimer);
      this.previewTimer = setTimeout(() => this.preview(), 400);
    });
    $('return-security').addEventListener('change', () => {
      const port = this.field('port');
      if (['', '465', '587'].includes(port.value)) port.value = $('return-security').value === 'tls' ? '465' : '587';
    });
    $('return-form').addEventListener('submit', (event) => { event.preventDefault(); this.confirmSend(); });
    $('return-students').addEventListener('click', (event) => {
      const row = event.target.closest('li[data-index]');
      if (row) this.choose(Number(row.dataset.index));
    });
    $('return-send').addEventListener('click', () => this.confirmSend());
    $('return-confirm-yes').addEventListener('click', () => this.send());
    $('return-confirm-no').addEventListener('click', () => { $('return-confirm').hidden = true; });
    $('return-stop').addEventListener('click', () => this.stop());
  }

  field(name) { return $(`return-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`); }

  async show() { this.visible = true; await this.refresh(); }

  hide() { this.visible = false; }

  // The list as the server finds it now (read without writing a PDF); not while a run sends, whose
  // every message is a change: the list is read again when it ends.
  async refresh() {
    if (this.run && isRunning(this.run)) return;
    $('return-summary').textContent = 'Reading each student\'s state…';
    let overview;
    try { overview = await api.returnPlan(); } catch (error) { $('return-summary').textContent = error.message; return; }
    const shown = this.students[this.at]?.student;
    this.students = overview.students;
    this.serverPassword = overview.serverPassword;
    $('return-password').placeholder = overview.serverPassword ? "the server's EZGRADER_SMTP_PASSWORD" : 'typed for this run only';
    const index = this.students.findIndex((line) => line.student === shown);
    this.at = index >= 0 ? index : 0;
    this.render();
    this.showRun(overview.run);
    if (isRunning(overview.run)) this.follow();
    await this.preview();
  }

  render() {
    const due = this.students.filter((line) => line.state === 'new' || line.state === 'changed');
    const count = (state) => this.students.filter((line) => line.state === state).length;
    const parts = [`${due.length} to send`];
    if (count('changed')) parts.push(`${count('changed')} of them again`);
    if (count('sent')) parts.push(`${count('sent')} sent and unchanged`);
    if (count('noAddress') + count('noPDF')) parts.push(`${count('noAddress') + count('noPDF')} left out`);
    $('return-summary').textContent = parts.join(' · ');
    $('return-send').textContent = `Send all (${due.length})`;
    $('return-send').disabled = isRunning(this.run);
    $('return-students').replaceChildren(...this.students.map((line, index) => {
      const row = document.createElement('li'), name = document.createElement('span'), address = document.createElement('span'),
        state = document.createElement('span');
      row.dataset.index = index;
      row.dataset.state = line.state;
      row.setAttribute('role', 'option');
      row.setAttribute('aria-selected', index === this.at);
      row.className = index === this.at ? 'chosen' : '';
      name.className = 'return-name'; name.textContent = line.name;
      address.className = 'return-address'; address.textContent = line.address ?? '';
      state.className = `return-state ${line.state}`;
      state.textContent = line.state === 'sent' ? `sent ${when(line.sentAt)}` : states[line.state];
      if (line.reason) state.title = line.reason;
      row.append(name, state, address);
      return row;
    }));
    $('return-students').querySelector('.chosen')?.scrollIntoView({ block: 'nearest' });
  }

  choose(index) {
    if (index < 0 || index >= this.students.length) return;
    this.at = index;
    this.render();
    this.preview();
  }

  letter() {
    const value = (name) => this.field(name).value.trim();
    return { from: value('from'), replyTo: value('replyTo'), subject: value('subjectTemplate'), template: this.field('template').value };
  }

  // The chosen student's message as it will be sent, or why there is none.
  // The message shown stays while the same student's is made again (their PDF is written first).
  async preview() {
    const line = this.students[this.at];
    const note = $('return-preview-note');
    const say = (text) => { $('return-message').hidden = true; note.hidden = false; note.textContent = text; this.previewed = null; };
    if (!line) { say('No students.'); return; }
    if (line.reason) { say(`${line.name}: ${line.reason}. Nothing will be sent to them.`); return; }
    if (!this.field('from').value.trim()) { say('Give the sender (From) to see the message.'); return; }
    const asked = line.student;
    if (this.previewed !== asked) say(`Writing ${line.name}'s PDF…`);
    try {
      const message = await api.previewReturn(asked, this.letter());
      if (this.students[this.at]?.student !== asked) return;
      $('return-to').textContent = message.to;
      $('return-subject').textContent = message.subject;
      $('return-from-shown').textContent = message.from + (message.replyTo ? ` (replies to ${message.replyTo})` : '');
      $('return-attachment').textContent = `${message.attachment} (${size(message.attachmentBytes)})`;
      $('return-text').textContent = message.text;
      note.hidden = true;
      $('return-message').hidden = false;
      this.previewed = asked;
    } catch (error) {
      if (this.students[this.at]?.student === asked) say(error.message);
    }
  }

  settings() {
    const values = { ...this.letter(), host: this.field('host').value.trim(), security: $('return-security').value,
      user: this.field('user').value.trim(), password: $('return-password').value };
    const port = Number(this.field('port').value), perMinute = Number(this.field('perMinute').value);
    if (port) values.port = port;
    if (perMinute) values.perMinute = perMinute;
    return values;
  }

  confirmSend() {
    const due = this.students.filter((line) => line.state === 'new' || line.state === 'changed').length;
    if (isRunning(this.run)) return;
    const server = this.field('host').value.trim() || '(no server given)';
    // With nothing due by this list, a run still sends whatever changed since it was read.
    $('return-confirm-text').textContent = due ? `Send ${due} message${due === 1 ? '' : 's'} through ${server}?`
      : `Nothing is due by this list. Send anything changed since through ${server}?`;
    $('return-confirm').hidden = false;
    $('return-confirm-yes').focus();
  }

  async send() {
    $('return-confirm').hidden = true;
    try {
      this.showRun(await api.sendAll(this.settings()));
    } catch (error) { this.app.toast(error.message, true); return; }
    $('return-password').value = '';
    this.follow();
  }

  async stop() {
    try { this.showRun(await api.stopReturn()); } catch (error) { this.app.toast(error.message, true); }
  }

  // Reads the run's status until it ends, then the list again.
  async follow() {
    if (this.following) return;
    this.following = true;
    try {
      while (true) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        const status = await api.returnRun();
        this.showRun(status);
        if (!isRunning(status)) break;
      }
    } catch (error) { this.app.toast(error.message, true); }
    this.following = false;
    if (this.visible) await this.refresh();
  }

  showRun(status) {
    this.run = status;
    const running = isRunning(status), bar = $('return-progress');
    $('return-stop').hidden = !running;
    $('return-stop').disabled = status.stopping;
    $('return-send').disabled = running;
    bar.hidden = status.phase === 'idle';
    bar.max = Math.max(status.total, 1);
    bar.value = status.done;
    const report = status.report;
    let text = '';
    if (status.phase === 'preparing') text = `Preparing the PDFs: ${status.done} of ${status.total}`;
    else if (status.phase === 'sending') text = `Sending: ${status.done} of ${status.total}${status.stopping ? ' (stopping after this message)' : ''}`;
    else if (status.failure) text = `Nothing was sent: ${status.failure}`;
    else if (report) {
      text = `Sent ${report.sent.length} of ${report.sent.length + report.refused.length + report.notSent.length}.`;
      if (report.unchanged.length) text += ` ${report.unchanged.length} already sent and unchanged.`;
      if (report.stopped) text += ` Stopped: ${report.stopped}. ${report.notSent.length} not sent: Send all again sends them.`;
    }
    $('return-progress-text').textContent = text;
    $('return-failures').replaceChildren(...(report?.refused ?? status.refused).map((missed) => {
      const item = document.createElement('li');
      item.textContent = `${missed.student}: ${missed.reason}`;
      return item;
    }));
  }

  key(event) {
    if (!$('return-confirm').hidden) {
      if (event.key === 'Enter') this.send();
      else if (event.key === 'Escape') $('return-confirm').hidden = true;
      else return;
    } else if (event.key === 'ArrowDown' || event.key === 'j') this.choose(this.at + 1);
    else if (event.key === 'ArrowUp' || event.key === 'k') this.choose(this.at - 1);
    else if (event.key === 'Home') this.choose(0);
    else if (event.key === 'End') this.choose(this.students.length - 1);
    else if (event.shiftKey && event.key.toLowerCase() === 's') this.confirmSend();
    else if (event.key === 'Escape' && isRunning(this.run)) this.stop();
    else return;
    event.preventDefault();
  }
}

function isRunning(status) { return status?.phase === 'preparing' || status?.phase === 'sending'; }

function size(bytes) { return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1048576).toFixed(1)} MB`; }

function when(iso) { return iso ? iso.replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, ' UTC') : ''; }
