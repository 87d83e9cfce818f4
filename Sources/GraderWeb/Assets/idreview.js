// Copies whose handwritten student number was not read surely enough: the number as written, the
// three likeliest students, one key or tap confirms; the next copy shows at once.
import { api, imageURL } from './api.js';

const $ = (id) => document.getElementById(id);

export class IDReviewView {
  constructor(app) {
    this.app = app;
    this.copies = [];     // what the server last listed, less what was confirmed here since
    this.at = 0;          // the copy shown
    this.confirmed = new Set();   // students confirmed here whose change the list may not show yet
    $('ids-choices').addEventListener('click', (event) => {
      const button = event.target.closest('button[data-roster]');
      if (button) this.confirm(Number(button.dataset.choice));
    });
    $('ids-previous').addEventListener('click', () => this.move(-1));
    $('ids-next').addEventListener('click', () => this.move(1));
    window.addEventListener('resize', () => this.visible && this.render());
  }

  async show() { this.visible = true; await this.refresh(); }

  hide() { this.visible = false; }

  // The list as the server has it now (another grader's confirmations gone); the copy shown stays when it is still waiting.
  async refresh() {
    const shown = this.copies[this.at]?.student;
    try {
      this.copies = (await api.idReviews()).filter((copy) => !this.confirmed.has(copy.student));
    } catch (error) { this.app.toast(error.message, true); return; }
    const index = this.copies.findIndex((copy) => copy.student === shown);
    this.at = index >= 0 ? index : Math.min(this.at, Math.max(this.copies.length - 1, 0));
    this.render();
  }

  move(step) {
    if (!this.copies.length) return;
    this.at = (this.at + step + this.copies.length) % this.copies.length;
    this.render();
  }

  // Confirms choice `number` (1-based) for the copy shown, and shows the next copy before the server answers.
  async confirm(number) {
    const copy = this.copies[this.at], choice = copy?.candidates[number - 1];
    if (!choice) return;
    this.confirmed.add(copy.student);
    this.copies.splice(this.at, 1);
    if (this.at >= this.copies.length) this.at = 0;
    this.render();
    try {
      const { name } = await api.confirmID(copy.student, choice.rosterID);
      this.app.toast(`${copy.copy != null ? `Copy ${copy.copy}` : copy.name} is ${name}.`);
    } catch (error) {
      this.app.toast(error.message, true);
    }
    this.confirmed.delete(copy.student);
    await this.refresh();
  }

  key(event) {
    if (/^[1-3]$/.test(event.key)) this.confirm(Number(event.key));
    else if (event.key === 'Enter') this.confirm(1);
    else if (event.key === 'ArrowRight' || event.key === 'ArrowDown') this.move(1);
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') this.move(-1);
    else return;
    event.preventDefault();
  }

  render() {
    const copy = this.copies[this.at];
    $('ids-empty').hidden = !!copy;
    $('ids-card').hidden = !copy;
    if (!copy) return;
    $('ids-copy').textContent = copy.copy != null ? `Copy ${copy.copy}` : copy.name;
    $('ids-progress').textContent = `${this.at + 1} of ${this.copies.length} to confirm`;
    $('ids-read').textContent = copy.read;
    this.drawCrop(copy);
    // What is left of the likelihood is "someone not on the roster".
    $('ids-off-roster').hidden = copy.candidates.reduce((sum, candidate) => sum + candidate.probability, 0) >= 0.5;
    $('ids-choices').replaceChildren(...copy.candidates.map((candidate, index) => {
      const item = document.createElement('li'), button = document.createElement('button');
      button.dataset.choice = index + 1;
      button.dataset.roster = candidate.rosterID ?? '';
      button.title = `This is ${candidate.name} (${index + 1}${index === 0 ? ' or Enter' : ''})`;
      const key = document.createElement('kbd'), name = document.createElement('span'), id = document.createElement('span'), share = document.createElement('span');
      key.textContent = index + 1;
      name.className = 'id-name'; name.textContent = candidate.name;
      id.className = 'id-number'; id.textContent = candidate.rosterID ?? '';
      share.className = 'id-share'; share.textContent = percent(candidate.probability);
      button.append(key, name, id, share);
      item.append(button);
      return item;
    }));
    // The next copy's crop, fetched now so it shows at once after a confirmation.
    const next = this.copies[(this.at + 1) % this.copies.length];
    if (next && next !== copy) new Image().src = this.cropURL(next, this.scale(next));
  }

  // Legible and whole: the card's width (less its padding and the crop's border), the students and buttons still in view below.
  scale(copy) {
    const available = Math.max(Math.min($('ids-card').clientWidth || 640, 900) - 34, 240);
    return Math.min(available / copy.width, Math.max(window.innerHeight * 0.3, 120) / copy.height, 4);
  }

  cropURL(copy, scale) {
    return imageURL(copy.student, copy.page, Math.round(copy.pageWidth * scale * (window.devicePixelRatio || 1)), this.app.me.images);
  }

  drawCrop(copy) {
    const scale = this.scale(copy), crop = $('ids-crop'), image = $('ids-image');
    crop.style.width = `${copy.width * scale}px`;
    crop.style.height = `${copy.height * scale}px`;
    image.src = this.cropURL(copy, scale);
    image.style.width = `${copy.pageWidth * scale}px`;
    image.style.left = `${-copy.x * scale}px`;
    image.style.top = `${-copy.y * scale}px`;
  }
}

function percent(probability) {
  return probability > 0 && probability < 0.005 ? '< 1 %' : `${Math.round(probability * 100)} %`;
}
