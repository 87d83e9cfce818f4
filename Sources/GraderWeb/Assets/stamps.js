// Rubric stamps in the Grade view: each rubric item's Stamp button picks it, a tap on the answer places it; drag a
// stamp to move it; tap one to select it, then its item's button removes it. One list for applying items and
// stamping them, so an item never shows twice. Pointer events, so pen, touch and mouse alike. Once a pen has
// been seen, a touch (a resting palm) neither places nor drags a stamp. What a stamp does to the score is the
// server's: every change reloads the card.
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
    $('items').addEventListener('click', (event) => {
      const button = event.target.closest('button.stamp-pick');
      if (!button) return;
      button.blur();   // Enter stays the Grade view's save
      if (button.classList.contains('remove-stamp')) this.remove();
      else this.pick(Number(button.dataset.item));
    });
  }

  // The items' Stamp buttons (grade.js draws the rows): the one picked pressed; the item of the selected stamp
  // offers to remove it. The hint above the list says what a tap on the answer does.
  render() {
    const card = this.view.card, stamps = this.stamps();
    if (!card.items.some((item) => item.id === this.picked)) this.picked = null;
    const selected = stamps.find((stamp) => stamp.id === this.selected);
    if (!selected) this.selected = null;
    const rows = $('items').children;
    card.items.forEach((item, index) => {
      const button = rows[index].querySelector('.stamp-pick'), removes = selected?.item === item.id;
      rows[index].toggleAttribute('data-stamped', stamps.some((stamp) => stamp.item === item.id));
      button.dataset.item = item.id;
      button.classList.toggle('remove-stamp', removes);
      button.setAttribute('aria-pressed', String(item.id === this.picked));
      button.textContent = removes ? 'Remove' : 'Stamp';
      button.title = removes ? 'Remove the selected stamp (the item comes off)' : `Stamp “${item.points} ${item.text}” on the answer`;
    });
    const picked = card.items.find((item) => item.id === this.picked);
    const hint = $('stamp-hint');
    hint.hidden = !picked && !selected;
    hint.textContent = picked ? `Tap the answer to stamp “${picked.points} ${picked.text}”`
      : selected ? 'Drag the stamp to move it, or Remove it below' : '';
    $('crop-layer').classList.toggle('stamping', picked != null);
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
