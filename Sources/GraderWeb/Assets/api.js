// The HTTP API, as small async functions. Errors carry the server's message and status.
export class APIError extends Error {
  constructor(message, status, data) { super(message); this.status = status; this.data = data; }
}

async function call(method, path, body) {
  const init = { method, headers: {}, credentials: 'same-origin' };
  // The server takes a change only as JSON, with or without a body (another site's page cannot send that).
  if (method !== 'GET') init.headers['Content-Type'] = 'application/json';
  if (body !== undefined) init.body = JSON.stringify(body);
  const response = await fetch(path, init);
  const text = await response.text();
  const data = text ? JSON.parse(text) : null;
  if (!response.ok) throw new APIError((data && data.error) || `${response.status} ${response.statusText}`, response.status, data);
  return data;
}

export const api = {
  me: () => call('GET', '/api/me'),
  look: () => call('GET', '/api/look'),
  sayWho: (name) => call('POST', '/api/me', { name }),
  overview: () => call('GET', '/api/overview'),
  card: (question, student, move) =>
    call('GET', `/api/questions/${question}/card?move=${move}` + (student == null ? '' : `&student=${student}`)),
  claim: (question, student, onPurpose) => call('PUT', '/api/claim', { question, student, onPurpose }),
  // Lets go of the answer held; sent as the page closes, so it must outlive the page.
  release: () => fetch('/api/claim', { method: 'DELETE', credentials: 'same-origin', keepalive: true }),
  setScore: (student, question, score, expected, overwrite = false) =>
    call('PUT', `/api/scores/${student}/${question}`, { score, expected, overwrite }),
  applyItems: (student, question, add, remove, expected) =>
    call('POST', `/api/scores/${student}/${question}/items`, { add, remove, expected }),
  // Strokes written in the score pad ([[x, y], …] each): what they read, and the score offered for one tap (nothing is recorded).
  readWrittenScore: (question, strokes) => call('POST', `/api/questions/${question}/written-score`, { strokes }),
  page: (student, page) => call('GET', `/api/pages/${student}/${page}`),
  addNote: (student, page, x, y, text) => call('POST', `/api/pages/${student}/${page}/notes`, { x, y, text }),
  // `kind`: 'pen' or 'highlighter'.
  addInk: (student, page, points, pressures, width, kind) => call('POST', `/api/pages/${student}/${page}/ink`, { points, pressures, width, kind }),
  // `step`: what the drag's previous erase answered, so one drag is one undo step.
  erase: (student, page, x, y, step) => call('POST', `/api/pages/${student}/${page}/erase`, { x, y, step }),
  editNote: (id, text) => call('PATCH', `/api/annotations/${id}`, { text }),
  moveAnnotation: (id, dx, dy) => call('PATCH', `/api/annotations/${id}`, { dx, dy }),
  removeAnnotation: (id) => call('DELETE', `/api/annotations/${id}`),
  // A lasso: the ids of the strokes and notes a loop through `points` takes; moved or removed together.
  lasso: (student, page, points) => call('POST', `/api/pages/${student}/${page}/lasso`, { points }),
  moveAnnotations: (ids, dx, dy) => call('PATCH', '/api/annotations', { ids, dx, dy }),
  removeAnnotations: (ids) => call('DELETE', `/api/annotations?ids=${ids.join(',')}`),
  // `item`: the rubric item's id; `question`: the answer being graded. Answers { id, score }.
  placeStamp: (student, page, x, y, question, item) => call('POST', `/api/pages/${student}/${page}/stamps`, { x, y, question, item }),
  addQuestion: (page, box, max, student) => call('POST', '/api/questions', { page, ...box, max, student }),
  editQuestion: (id, edit) => call('PATCH', `/api/questions/${id}`, edit),
  moveQuestion: (id, dx, dy, student) => call('PATCH', `/api/questions/${id}`, { dx, dy, student }),
  resizeQuestion: (id, width, height) => call('PATCH', `/api/questions/${id}`, { width, height }),
  removeQuestion: (id) => call('DELETE', `/api/questions/${id}`),
  rubric: (question) => call('GET', `/api/questions/${question}/rubric`),
  addItem: (question, text, points) => call('POST', `/api/questions/${question}/rubric`, { text, points }),
  editItem: (question, number, edit) => call('PATCH', `/api/questions/${question}/rubric/${number}`, edit),
  removeItem: (question, number) => call('DELETE', `/api/questions/${question}/rubric/${number}`),
  setAnonymity: (on, regions) => call('PUT', '/api/anonymity', { on, regions }),
  setRoster: (csv) => call('POST', '/api/roster', { csv }),
  // A photo of a bubble sheet (base64 JPEG): the student, score and marks; kept as the student's sheet once known.
  capture: (photo, student, replace) => call('POST', '/api/capture', { photo, student, replace }),
  // A page lined up by hand: its boxes moved dx, dy points and turned `degrees` clockwise about the page's centre.
  alignPage: (student, page, dx, dy, degrees) => call('POST', `/api/pages/${student}/${page}/alignment`, { dx, dy, degrees }),
  // Copies whose handwritten student number is left to confirm; confirming one names the roster id of the student it is.
  idReviews: () => call('GET', '/api/id-reviews'),
  confirmID: (student, rosterID) => call('POST', `/api/id-reviews/${student}`, { rosterID }),
  // Returning graded work: each student's state, one student's message, a run sending to all, its progress, its stop.
  returnPlan: () => call('GET', '/api/return'),
  previewReturn: (student, letter) => call('POST', `/api/return/preview/${student}`, letter),
  sendAll: (settings) => call('POST', '/api/return/send', settings),
  returnRun: () => call('GET', '/api/return/run'),
  stopReturn: () => call('POST', '/api/return/stop'),
  // Answer groups of a question: the confirmed ones and the suggestions; confirming, changing ({ remove | add | merge }),
  // removing one, and grading all its answers ({ score } | { add, remove } | { stamp: { item, page, x, y } }).
  groups: (question) => call('GET', `/api/questions/${question}/groups`),
  confirmGroup: (question, kind, students, grade) => call('POST', `/api/questions/${question}/groups`, grade ? { kind, students, grade } : { kind, students }),
  changeGroup: (id, change) => call('PATCH', `/api/groups/${id}`, change),
  removeGroup: (id) => call('DELETE', `/api/groups/${id}`),
  gradeGroup: (id, grade) => call('POST', `/api/groups/${id}/grade`, grade),
  undo: (force = false) => call('POST', '/api/undo', force ? { force } : undefined),
  redo: () => call('POST', '/api/redo'),
};

// How the grade layer looks (GET /api/look): the colours, sizes and rules the PDF draws with, so
// the screen draws the same. Filled once at start-up, before any view draws.
export const look = {};
export async function loadLook() { Object.assign(look, await api.look()); }

// The page image URL at one of the widths the server renders; the browser caches it. `images` is the
// server's stamp of what the images cover (anonymity), so a cached image never shows a name.
export function imageURL(student, page, width, images) {
  return `/api/pages/${student}/${page}/image?width=${snappedWidth(width)}&v=${encodeURIComponent(images ?? '')}`;
}

// The reference page's image (what a flagged page is lined up with), likewise.
export function referenceImageURL(page, width, images) {
  return `/api/reference/${page}/image?width=${snappedWidth(width)}&v=${encodeURIComponent(images ?? '')}`;
}

function snappedWidth(width) {
  const sizes = look.imageWidths;
  return sizes.find((size) => size >= width) || sizes[sizes.length - 1];
}
