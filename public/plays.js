// Games people played on the map on show: the summary, the leaderboard and a form to report one.
// Written over the API alone: the game's report schema says which results a seat can give.
const $ = (id) => document.getElementById(id);
const KEY = 'goldmaps.writerKey';
let shown = null; // { base, query, size, info }
let reportId = null; // kept while one game's report is being sent, so a retry is the same report
let showing = 0; // counts maps shown, so plays that arrive for a map no longer on show are dropped

async function json(url, init) {
  const res = await fetch(url, init);
  const type = res.headers.get('content-type') ?? '';
  const body = type.includes('json') ? await res.json() : null;
  if (!res.ok)
    throw Object.assign(new Error(body?.title ?? `${res.status}`), {
      problem: body ?? { title: `${res.status} ${res.statusText}` },
      status: res.status,
    });
  return body;
}

const infos = new Map();
async function gameInfo(gameId) {
  if (!infos.has(gameId))
    infos.set(
      gameId,
      json(`/api/v1/games/${encodeURIComponent(gameId)}/plays`).catch(() => null),
    );
  return infos.get(gameId);
}

/** The results a seat may give, from the game's report schema: every seat field but its number and handle. */
function seatFields(info) {
  const props = info.reportSchema.properties?.seats?.items?.properties ?? {};
  return Object.entries(props).map(([name, schema]) => ({ name, schema }));
}

function words(name) {
  return name.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);
}

function buildSeats(size, info) {
  const box = $('report-seats');
  box.replaceChildren();
  for (let seat = 1; seat <= size; seat++) {
    const row = document.createElement('fieldset');
    row.className = 'seat';
    const legend = document.createElement('legend');
    legend.textContent = `Seat ${seat}`;
    row.append(legend);
    const fields = [
      { name: 'handle', schema: { type: 'string', maxLength: 40, description: 'name on the leaderboard' } },
      ...seatFields(info),
    ];
    for (const { name, schema } of fields) {
      const label = document.createElement('label');
      label.textContent = words(name);
      const input = document.createElement('input');
      input.id = `seat-${seat}-${name}`;
      input.dataset.seat = String(seat);
      input.dataset.field = name;
      input.type = schema.type === 'string' ? 'text' : 'number';
      if (schema.maxLength) input.maxLength = schema.maxLength;
      if (schema.minimum !== undefined) input.min = String(schema.minimum);
      if (schema.maximum !== undefined) input.max = String(schema.maximum);
      if (schema.description) input.title = schema.description;
      label.htmlFor = input.id;
      row.append(label, input);
    }
    box.append(row);
  }
}

/** The input a problem's field names: the form's own fields, or a seat's (seats[i] is seat i + 1, as readReport lists them). */
function inputFor(field) {
  const base = field.replace(/\[\d+\]$/, '');
  const own = {
    key: 'report-key',
    rounds: 'report-rounds',
    winners: 'report-winners',
    playedOn: 'report-date',
    perceived: 'report-perceived',
  }[base];
  if (own) return $(own);
  const seat = /^seats\[(\d+)\]\.(\w+)$/.exec(field);
  if (seat) return $(`seat-${Number(seat[1]) + 1}-${seat[2]}`) ?? $('report-seats');
  if (field.startsWith('seats')) return $('report-seats');
  return null;
}

/** Takes every error shown beside a field away. */
function clearFieldErrors() {
  for (const el of document.querySelectorAll('#report-form .field-error')) el.remove();
  for (const el of document.querySelectorAll('#report-form [aria-invalid]')) {
    el.removeAttribute('aria-invalid');
    el.removeAttribute('aria-describedby');
  }
}

/**
 * Shows each problem beside the field it names (an error under Send would leave the reader to
 * find the field); what names no field of the form goes to the status line. Answers what is left.
 */
function showFieldErrors(errors) {
  clearFieldErrors();
  const left = [];
  for (const e of errors) {
    const input = inputFor(e.field);
    if (!input) {
      left.push(`${e.field || 'report'} ${e.message}`);
      continue;
    }
    const id = `${input.id}-error`;
    let note = $(id);
    if (!note) {
      note = document.createElement('p');
      note.id = id;
      note.className = 'field-error';
      // Text only: a message may quote what was typed.
      input.insertAdjacentElement(input.id === 'report-seats' ? 'afterbegin' : 'afterend', note);
    }
    note.textContent = note.textContent ? `${note.textContent}; ${e.message}` : e.message;
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', id);
  }
  return left;
}

/** A bound in a few words: "at least 11", "at most 54", "exactly 20". */
function range(b) {
  if (b.minimum !== undefined && b.minimum === b.maximum) return `exactly ${b.minimum}`;
  return [b.minimum !== undefined ? `at least ${b.minimum}` : '', b.maximum !== undefined ? `at most ${b.maximum}` : '']
    .filter(Boolean)
    .join(', ');
}

/** The map's bounds, shown before sending: each one beside its field, and all of them, with why, above Send. */
function showBounds(b) {
  const list = $('report-bounds');
  list.replaceChildren();
  if (!b) return;
  const item = (what, text) => {
    const li = document.createElement('li');
    const name = document.createElement('strong');
    name.textContent = what;
    li.append(name, ` ${text}`);
    list.append(li);
  };
  const rounds = $('report-rounds');
  if (b.rounds.minimum !== undefined) rounds.min = String(b.rounds.minimum);
  if (b.rounds.maximum !== undefined) rounds.max = String(b.rounds.maximum);
  $('report-rounds-bound').textContent = range(b.rounds);
  item('Rounds', `${range(b.rounds)}: ${b.rounds.why}.`);
  for (const [field, bound] of Object.entries(b.seat)) {
    for (const input of document.querySelectorAll(`#report-seats input[data-field="${field}"]`)) {
      if (bound.minimum !== undefined) input.min = String(bound.minimum);
      if (bound.maximum !== undefined) input.max = String(bound.maximum);
      input.placeholder = range(bound);
    }
    item(`Each seat's ${words(field)}`, `${range(bound)}: ${bound.why}.`);
  }
  if (b.measure.why) item(`The table's ${b.measure.label}`, `${range(b.measure)}: ${b.measure.why}.`);
  const date = $('report-date');
  date.min = b.playedOn.earliest ?? '';
  date.max = b.playedOn.latest ?? '';
  if (b.playedOn.earliest || b.playedOn.latest)
    item(
      'Played on',
      `${[b.playedOn.earliest && `from ${b.playedOn.earliest}`, b.playedOn.latest && `to ${b.playedOn.latest}`].filter(Boolean).join(' ')}: ${b.playedOn.why}.`,
    );
  for (const rule of b.rules) item('Rule', rule);
}

function readReport(size) {
  const seats = [];
  for (let seat = 1; seat <= size; seat++) {
    const entry = { seat };
    for (const input of document.querySelectorAll(`#report-seats input[data-seat="${seat}"]`)) {
      if (input.value === '') continue;
      entry[input.dataset.field] = input.type === 'number' ? Number(input.value) : input.value;
    }
    seats.push(entry);
  }
  const winners = $('report-winners')
    .value.split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
  reportId ??= crypto.randomUUID();
  const body = { reportId, players: size, rounds: Number($('report-rounds').value), winners, seats };
  if ($('report-perceived').value) body.perceived = Number($('report-perceived').value);
  if ($('report-date').value) body.playedOn = $('report-date').value;
  return body;
}

function showKeyField() {
  const has = Boolean(localStorage.getItem(KEY));
  $('report-key-field').hidden = has;
  $('report-forget').hidden = !has;
}

function leaderboardRow(entry) {
  const li = document.createElement('li');
  // Text only, never markup; <bdi> keeps a right-to-left handle from reordering the result after it.
  const who = document.createElement('bdi');
  who.className = 'who';
  who.textContent = entry.handle ?? `seat ${entry.seat}`;
  const what = document.createElement('span');
  what.className = 'what';
  what.textContent = `${entry.result} ${entry.unit}${entry.playedOn ? ` · ${entry.playedOn}` : ''}`;
  li.append(who, ' ', what);
  return li;
}

async function refresh() {
  const at = shown;
  if (!at) return;
  // Revalidated every time (its ETag makes that cheap): a report just sent must show at once.
  const s = await json(`${at.base}/plays?${new URLSearchParams({ ...at.query, order: 'best' })}`, { cache: 'no-cache' });
  // Another map came on show meanwhile: these are not its plays.
  if (shown !== at) return;
  // `rounds` is the summary's own field (every game's reports have it), not a map's.
  const { difficulty: d, rounds: lasted } = s;
  const times = s.reports === 1 ? 'once' : `${s.reports} times`;
  $('plays-headline').textContent =
    s.reports === 0
      ? `Not played yet; as played it would be ${d.band} (bots: ${d.botBand}) until tables say otherwise.`
      : `Played ${times}, as played: ${d.band} (bots: ${d.botBand})`;
  $('plays-facts').textContent =
    s.reports === 0
      ? `Difficulty as played ${d.asPlayed}, likely ${d.interval[0]}–${d.interval[1]}.`
      : `Difficulty as played ${d.asPlayed} (likely ${d.interval[0]}–${d.interval[1]}), bots ${d.bot}. ${d.measure.label}: tables ${d.measure.asPlayed}, bots ${d.measure.bot}.${lasted.mean !== null ? ` Rounds ${lasted.mean} on average.` : ''}`;
  const list = $('leaderboard');
  list.replaceChildren(...(s.best ?? []).slice(0, 10).map(leaderboardRow));
  $('leaderboard-empty').hidden = (s.best ?? []).length > 0;
  $('plays').dataset.reports = String(s.reports);
}

/**
 * Takes the last map's plays away at once: while the next map's load, its headline and
 * leaderboard would otherwise pass for the new map's.
 */
function clearPlays() {
  $('plays-headline').textContent = 'Loading the play reports…';
  $('plays-facts').textContent = '';
  $('leaderboard').replaceChildren();
  $('leaderboard-empty').hidden = true;
  delete $('plays').dataset.reports;
}

/** Shows the plays of a map (or hides the panel for a game that takes none). */
export async function showPlays(gameId, seed, options) {
  const mine = ++showing;
  shown = null;
  clearPlays();
  const info = await gameInfo(gameId);
  if (mine !== showing) return;
  if (!info) {
    shown = null;
    $('plays').hidden = true;
    return;
  }
  const query = Object.keys(options).length ? { options: JSON.stringify(options) } : {};
  const base = `/api/v1/games/${encodeURIComponent(gameId)}/maps/${encodeURIComponent(seed)}`;
  let size;
  try {
    size = (await json(`${base}/plays?${new URLSearchParams(query)}`)).tableSize;
  } catch (e) {
    if (mine !== showing) return;
    $('plays').hidden = false;
    $('plays-headline').textContent = `Play reports are not available (${e.message}).`;
    return;
  }
  if (mine !== showing) return;
  shown = { base, query, size, info };
  reportId = null;
  buildSeats(size, info);
  clearFieldErrors();
  showBounds(null);
  $('report-rounds-bound').textContent = '';
  // The bounds are shown when they come; a report can be sent without them (the service checks).
  json(`${base}/plays/bounds?${new URLSearchParams(query)}`)
    .then((b) => {
      if (mine === showing) showBounds(b);
    })
    .catch(() => {});
  $('report-rounds').value = '';
  $('report-winners').value = '';
  $('report-status').textContent = '';
  showKeyField();
  $('plays').hidden = false;
  try {
    await refresh();
  } catch (e) {
    if (mine === showing) $('plays-headline').textContent = `Play reports are not available (${e.message}).`;
  }
}

export function hidePlays() {
  showing++;
  shown = null;
  $('plays').hidden = true;
}

async function submit(ev) {
  ev.preventDefault();
  if (!shown) return;
  const typed = $('report-key').value.trim();
  if (typed) localStorage.setItem(KEY, typed);
  const key = localStorage.getItem(KEY);
  if (!key) {
    showFieldErrors([{ field: 'key', message: "is needed first: your club's writer key (where one comes from is said below)" }]);
    $('report-status').textContent = '';
    return;
  }
  clearFieldErrors();
  $('report-status').textContent = 'Sending…';
  try {
    await json(`${shown.base}/plays?${new URLSearchParams(shown.query)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify(readReport(shown.size)),
    });
    reportId = null;
    $('report-key').value = '';
    showKeyField();
    $('report-status').textContent = 'Thank you: the game is recorded.';
    await refresh();
  } catch (e) {
    if (e.status === 401) {
      localStorage.removeItem(KEY);
      showKeyField();
    }
    const errors = e.problem?.errors ?? [];
    const left = showFieldErrors(errors);
    $('report-status').textContent = errors.length
      ? left.length
        ? left.join('; ')
        : `Not recorded: ${errors.length === 1 ? 'one field needs' : `${errors.length} fields need`} a look (marked above).`
      : (e.problem?.detail ?? e.message);
  }
}

export function wirePlays() {
  $('report-form').addEventListener('submit', submit);
  $('report-forget').addEventListener('click', () => {
    localStorage.removeItem(KEY);
    showKeyField();
  });
}
