// The Capture view: a phone's camera pointed at a bubble sheet. A cheap check on a small copy of
// each frame (the largest bright region against a darker background, Otsu's threshold) outlines
// the sheet; when it has held still for a second (or on a tap) the frame is sent, and the server's
// reading is drawn over the photo: right, wrong, flagged, the score and the student (when the
// written student number is not sure, its likeliest students to pick with one tap).
import { api } from './api.js';

const $ = (id) => document.getElementById(id);
const SMALL = 96;            // the check's frame width, pixels
const STEADY_MS = 1000;      // how long the sheet must hold still
const EMPTY_MS = 400;        // how long the view must be without a sheet before the next one is taken by itself

// The sheet on a small grey frame: its bounding box (shares of the frame) when a bright region of at
// least a fifth of the frame stands against a darker rest, or the sheet fills the frame and has ink on it.
export function findSheet(grey, width, height) {
  const histogram = new Array(256).fill(0);
  for (const value of grey) histogram[value] += 1;
  let total = grey.length, sum = 0;
  for (let level = 0; level < 256; level++) sum += level * histogram[level];
  let below = 0, belowSum = 0, best = -1, threshold = 128;
  for (let level = 0; level < 256; level++) {
    below += histogram[level]; belowSum += level * histogram[level];
    const above = total - below;
    if (!below || !above) continue;
    const between = below * above * (belowSum / below - (sum - belowSum) / above) ** 2;
    if (between > best) { best = between; threshold = level; }
  }
  // Rows and columns mostly bright belong to the sheet.
  const rows = new Array(height).fill(0), columns = new Array(width).fill(0);
  let bright = 0, brightSum = 0, darkSum = 0;
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
    const value = grey[y * width + x];
    if (value > threshold) { rows[y]++; columns[x]++; bright++; brightSum += value; } else darkSum += value;
  }
  const span = (counts, length, other) => {
    const inside = counts.map((count) => count > other * 0.5);
    const first = inside.indexOf(true), last = inside.lastIndexOf(true);
    return first < 0 ? null : [first / length, (last + 1) / length];
  };
  const across = span(columns, width, height), down = span(rows, height, width);
  if (!across || !down || bright < total / 5) return null;
  const contrast = bright < total ? (darkSum / (total - bright)) / (brightSum / bright) : 0;
  const box = { x: across[0], y: down[0], width: across[1] - across[0], height: down[1] - down[0] };
  const fills = box.width > 0.9 && box.height > 0.9;
  if (box.width * box.height < 0.2 || (!fills && contrast > 0.75)) return null;
  return box;
}

export class CaptureView {
  constructor(app) {
    this.app = app;
    this.video = $('capture-video');
    this.small = document.createElement('canvas');
    $('capture-take').addEventListener('click', () => this.take('tap'));
    $('capture-next').addEventListener('click', () => this.resume(false));
    $('capture-file').addEventListener('change', (event) => this.fromFile(event.target.files[0]));
    $('capture-replace').addEventListener('click', () => this.send({ replace: true }));
    $('capture-keep').addEventListener('click', () => this.resume(false));
    $('capture-who').addEventListener('submit', (event) => { event.preventDefault(); this.send({ student: $('capture-name').value }); });
  }

  async show() {
    this.resume(true);
    if (this.stream || !navigator.mediaDevices?.getUserMedia) { this.status(this.stream ? '' : 'No camera here: choose a photo.'); return; }
    try {
      this.stream = await navigator.mediaDevices.getUserMedia({
        audio: false, video: { facingMode: { ideal: 'environment' }, width: { ideal: 1920 }, height: { ideal: 1920 } },
      });
      this.video.srcObject = this.stream;
      await this.video.play();
      this.watch();
    } catch (error) {
      this.status(`The camera did not open (${error.name}): choose a photo instead.`);
    }
  }

  hide() {
    cancelAnimationFrame(this.frame);
    clearTimeout(this.timer);
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    this.stream = null;
  }

  refresh() {}

  status(text) { $('capture-status').textContent = text; }

  // Back to the live camera; `armed`: a sheet already in view is taken (else only once the view was empty).
  resume(armed) {
    this.result = null;
    this.photo = null;
    this.armed = armed;
    this.steadySince = null;
    this.emptySince = null;
    $('capture-stage').classList.remove('taken');
    for (const id of ['capture-result', 'capture-ask', 'capture-likely', 'capture-who', 'capture-next', 'capture-badge']) $(id).hidden = true;
    $('capture-marks').replaceChildren();
    this.status('Point the camera at an answer sheet.');
  }

  // Every 150 ms: the sheet's outline on a small copy of the frame; taken once it holds still for a second.
  watch() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.watch(), 150);
    if (this.photo || !this.video.videoWidth) return;
    const width = SMALL, height = Math.round(SMALL * this.video.videoHeight / this.video.videoWidth);
    this.small.width = width; this.small.height = height;
    const context = this.small.getContext('2d', { willReadFrequently: true });
    context.drawImage(this.video, 0, 0, width, height);
    const rgba = context.getImageData(0, 0, width, height).data, grey = new Uint8Array(width * height);
    for (let i = 0; i < grey.length; i++) grey[i] = (rgba[4 * i] * 77 + rgba[4 * i + 1] * 150 + rgba[4 * i + 2] * 29) >> 8;
    const box = findSheet(grey, width, height), now = performance.now();
    this.drawOutline(box);
    if (!box) {
      this.steadySince = null;
      this.emptySince ??= now;
      // A sheet taken is not taken again until it has left the view.
      if (now - this.emptySince >= EMPTY_MS) this.armed = true;
      this.status(this.armed ? 'Point the camera at an answer sheet.' : 'Take the sheet away, then show the next one.');
      return;
    }
    this.emptySince = null;
    const moved = !this.lastBox || ['x', 'y', 'width', 'height'].some((key) => Math.abs(box[key] - this.lastBox[key]) > 0.03);
    this.lastBox = box;
    if (moved) this.steadySince = now;
    if (this.armed && now - this.steadySince >= STEADY_MS) this.take('steady');
    else this.status(this.armed ? 'Hold still…' : 'Tap Take photo, or show the next sheet.');
  }

  drawOutline(box) {
    const outline = $('capture-outline');
    outline.hidden = !box;
    if (!box) return;
    Object.assign(outline.style, { left: `${box.x * 100}%`, top: `${box.y * 100}%`, width: `${box.width * 100}%`, height: `${box.height * 100}%` });
  }

  // The frame as it is now, at the camera's full size, sent as a JPEG.
  take(how) {
    if (this.photo || !this.video.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = this.video.videoWidth; canvas.height = this.video.videoHeight;
    canvas.getContext('2d').drawImage(this.video, 0, 0);
    this.photo = canvas.toDataURL('image/jpeg', 0.92);
    this.took = how;
    this.send({});
  }

  // A photo chosen or taken by the phone's own camera app (drawn upright by the browser first).
  async fromFile(file) {
    if (!file) return;
    const bitmap = await createImageBitmap(file);
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width; canvas.height = bitmap.height;
    canvas.getContext('2d').drawImage(bitmap, 0, 0);
    this.photo = canvas.toDataURL('image/jpeg', 0.92);
    this.took = 'file';
    $('capture-file').value = '';
    this.send({});
  }

  async send({ student, replace }) {
    $('capture-stage').classList.add('taken');
    $('capture-photo').src = this.photo;
    $('capture-outline').hidden = true;
    this.status('Reading the sheet…');
    for (const id of ['capture-ask', 'capture-likely', 'capture-who']) $(id).hidden = true;
    try {
      const started = performance.now();
      this.result = await api.capture(this.photo.slice(this.photo.indexOf(',') + 1), student, replace);
      this.seconds = (performance.now() - started) / 1000;
      this.showResult(this.result);
    } catch (error) {
      this.status(error.message);
      $('capture-next').hidden = false;
    }
  }

  showResult(sheet) {
    const counts = { right: 0, wrong: 0, flagged: 0, noKey: 0 };
    for (const question of sheet.questions) counts[question.mark]++;
    $('capture-score').textContent = `${sheet.score} / ${sheet.maxPoints}`;
    $('capture-student').textContent = sheet.student ?? 'Who is this?';
    $('capture-counts').textContent = `${counts.right} right · ${counts.wrong} wrong · ${counts.flagged} flagged`
      + (counts.noKey ? ` · ${counts.noKey} without a key` : '');
    $('capture-result').dataset.outcome = sheet.outcome;
    $('capture-result').dataset.id = sheet.idRead ?? '';
    $('capture-result').dataset.handwritten = sheet.handwrittenRead ?? '';
    $('capture-problems').textContent = sheet.problems.join(' · ');
    $('capture-list').replaceChildren(...sheet.questions.map((question) => {
      const item = document.createElement('li');
      item.className = `mark ${question.mark}`;
      item.dataset.label = question.label;
      item.dataset.points = question.points ?? '?';
      item.textContent = `${question.label} ${question.read}`;
      item.title = question.mark === 'flagged' ? `Left "?" for you to look at: ${question.read}` : `${question.points ?? '?'} / ${question.maxPoints}`;
      return item;
    }));
    this.drawMarks(sheet);
    $('capture-badge').textContent = `${sheet.student ?? '?'} · ${sheet.score} / ${sheet.maxPoints}`;
    $('capture-badge').hidden = false;
    $('view-capture').scrollTop = 0;
    $('capture-result').hidden = false;
    $('capture-next').hidden = false;
    const saved = { added: 'Saved', replaced: 'Replaced' }[sheet.outcome];
    const written = sheet.handwrittenRead && /[0-9]/.test(sheet.handwrittenRead) ? sheet.handwrittenRead.replaceAll('_', '') : null;
    if (saved) this.status(`${saved}: ${sheet.student}'s sheet (${this.seconds.toFixed(1)} s).`);
    if (sheet.outcome === 'alreadyHasSheet') {
      $('capture-ask-text').textContent = `${sheet.student} already has a sheet. Replace it with this photo?`;
      $('capture-ask').hidden = false;
      this.status(written ? `Found by the written number ${written}. Not saved yet.` : 'Not saved yet.');
    }
    if (sheet.outcome === 'needsStudent') {
      $('capture-candidates').replaceChildren(...sheet.candidates.map((name) => {
        const option = document.createElement('option');
        option.value = name;
        return option;
      }));
      $('capture-name').value = '';
      $('capture-who').hidden = false;
      // The likeliest students by the written number, one tap each; the chooser below for anyone else.
      $('capture-likely').replaceChildren(...sheet.likely.map((candidate) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.dataset.student = candidate.name;
        const name = document.createElement('span'), chance = document.createElement('span');
        name.textContent = candidate.rosterID ? `${candidate.name} · ${candidate.rosterID}` : candidate.name;
        chance.className = 'chance';
        chance.textContent = `${Math.round(candidate.probability * 100)} %`;
        button.append(name, chance);
        button.addEventListener('click', () => this.send({ student: candidate.rosterID ?? candidate.name }));
        return button;
      }));
      $('capture-likely').hidden = !sheet.likely.length;
      this.status(sheet.likely.length ? `The written number reads ${sheet.handwrittenRead.replaceAll('_', '')}: not sure whose. Is it one of these?`
        : sheet.idRead && /[0-9]/.test(sheet.idRead) ? `The ID grid reads ${sheet.idRead}: nobody on the roster. Who is this?`
        : 'Who is this? Choose or type the student.');
    }
  }

  // A tick, cross or question mark over each question's row on the photo.
  drawMarks(sheet) {
    const layer = $('capture-marks'), symbols = { right: '✓', wrong: '✗', flagged: '?', noKey: '·' };
    layer.replaceChildren(...sheet.questions.filter((question) => question.x != null).map((question) => {
      const mark = document.createElement('span');
      mark.className = `photo-mark ${question.mark}`;
      mark.style.left = `${question.x * 100}%`;
      mark.style.top = `${question.y * 100}%`;
      mark.textContent = symbols[question.mark];
      return mark;
    }));
  }
}
