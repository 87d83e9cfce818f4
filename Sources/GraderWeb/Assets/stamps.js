// Rubric stamps in the Grade view: pick an item in the stamp bar, tap the answer where it applies; drag a
// stamp to move it; tap one to select it, then remove it. Pointer events, so pen, touch and mouse alike.
// Once a pen has been seen, a touch (a resting palm) neither places nor drags a stamp. What a stamp does to
// the score is the server's: every change reloads the card.
import { api } from './api.js';

const $ = (id) => document.getElementById(id);
const TAP = 6;   // screen pixels a tap may wander before it is a drag

export class StampTool {
  constructor(view) {
    this.view = view;
    this.picked = null;     // the item id to stamp at the next tap
    this.selected = null;   // the stamp id tapped
    this.gesture = null;
    this.penSeen = false;
    const layer = $('crop-layer');
    layer.addEventListener('pointerdown', (event) => this.down(event));
    layer.addEventListener('pointermove', (event) => this.move(event));
    layer.addEventListener('pointerup', (event) => this.up(event));
    layer.addEventListener('pointercancel', () => { this.gesture = null; this.view.drawCrop(); });
    $('stamp-bar').addEventListener('click', (event) => {
      const button = event.target.closest('button');
      if (!button) return;
      if (button.dataset.remove) this.remove();
      else this.pick(Number(button.dataset.item));
    });
  }

  // The bar: one button per item of the question, the one picked pressed; a remove button while a stamp is selected.
  render() {
    const card = this.view.card, stamps = this.stamps();
    if (!card.items.some((item) => item.id === this.picked)) this.picked = null;
    if (!stamps.some((stamp) => stamp.id === this.selected)) this.selected = null;
    const bar = $('stamp-bar');
    bar.hidden = card.items.length === 0;
    const label = document.createElement('span');
    label.className = 'stamp-hint';
    label.textContent = this.picked ? 'Tap the answer where it applies' : 'Stamp on the answer:';
    const buttons = card.items.map((item) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.item = item.id;
      button.setAttribute('aria-pressed', String(item.id === this.picked));
      button.textContent = `${item.points} ${item.text}`;
      return button;
    });
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.dataset.remove = 'true';
    remove.className = 'remove-stamp';
    remove.textContent = 'Remove stamp';
    remove.hidden = this.selected == null;
    bar.replaceChildren(label, ...buttons, remove);
    $('crop-layer').classList.toggle('stamping', this.picked != null);
  }

  // The stamps of this answer's question shown on the crop.
  stamps() { return (this.view.layer?.stamps ?? []).filter((stamp) => stamp.question === this.view.card.question); }

  pick(item) {
    this.picked = this.picked === item ? null : item;
    this.selected = null;
    this.render();
    this.view.drawCrop();
  }

  // Page points under a pointer event: the crop's viewBox is the answer's band of the page.
  point(event) {
    const rect = $('crop-layer').getBoundingClientRect(), region = this.view.card.region;
    return [region.x + (event.clientX - rect.left) / rect.width * region.width,
            region.y + (event.clientY - rect.top) / rect.height * region.height];
  }

  down(event) {
    if (!this.view.card || this.view.busy) return;
    if (event.pointerType === 'pen') this.penSeen = true;
    if (event.pointerType === 'touch' && this.penSeen) return;
    const target = event.target.closest('[data-kind="stamp"]');
    if (!target && this.picked == null) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    this.gesture = { stamp: target ? Number(target.dataset.id) : null, node: target, from: this.point(event), x: event.clientX, y: event.clientY };
    event.preventDefault();
    event.stopPropagation();
  }

  move(event) {
    const gesture = this.gesture;
    if (!gesture?.node) return;
    const at = this.point(event);
    gesture.node.setAttribute('transform', `translate(${at[0] - gesture.from[0]} ${at[1] - gesture.from[1]})`);
    event.stopPropagation();
  }

  up(event) {
    const gesture = this.gesture;
    this.gesture = null;
    if (!gesture) return;
    event.stopPropagation();
    const card = this.view.card, at = this.point(event);
    const tapped = Math.hypot(event.clientX - gesture.x, event.clientY - gesture.y) < TAP;
    if (gesture.stamp != null && tapped) {
      this.selected = this.selected === gesture.stamp ? null : gesture.stamp;
      this.render();
      this.view.drawCrop();
    } else if (gesture.stamp != null) {
      const [dx, dy] = [at[0] - gesture.from[0], at[1] - gesture.from[1]];
      this.change(() => api.moveAnnotation(gesture.stamp, round(dx), round(dy)));
    } else if (tapped) {
      const item = this.picked;
      this.picked = null;
      this.change(() => api.placeStamp(card.student, card.page, round(at[0]), round(at[1]), card.question, item));
    }
  }

  remove() {
    const id = this.selected;
    this.selected = null;
    if (id != null) this.change(() => api.removeAnnotation(id));
  }

  // One change, then the card as the server has it now (the score follows the stamps).
  change(work) {
    const card = this.view.card;
    return this.view.busyWith(async () => { await work(); await this.view.load(card.student, 'here'); });
  }
}

function round(value) { return Math.round(value * 10) / 10; }
