// The goldmaps page: every control talks to the same HTTP API a game client would use.
import { attachZoom } from './zoom.js';
import { hidePlays, showPlays, wirePlays } from './plays.js';
import { wireDownloads } from './downloads.js';
import { drawChart, factItems } from './summary-view.js';
import { hideBotGames, showBotGames, wireBotGames } from './bot-games.js';

const $ = (id) => document.getElementById(id);
const api = '/api/v1';
let games = [];
let formats = [];
let current = null; // { game, seed, options, map }
let zoom = null; // the map panel's zoom, once a map is shown
/** Height over width beyond which a board is read by scrolling the page rather than in a screen-high panel. */
const TALL_SHEET = 3;
/** The lowest a map panel is made for a wide board, in CSS pixels: room left to zoom into. */
const MIN_PANEL = 240;

function fieldId(field) {
  // API field names → control ids: "options.x" → "opt-x", "target.min" → "min".
  if (field.startsWith('options.')) return `opt-${field.slice(8)}`;
  if (field === 'options') return 'options';
  if (field.startsWith('target')) return field.endsWith('min') ? 'min' : field.endsWith('max') ? 'max' : 'band';
  if (field === 'maxAttempts') return 'attempts';
  return field;
}

function clearErrors() {
  for (const el of document.querySelectorAll('.error')) el.textContent = '';
  for (const el of document.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
}

/** Shows an API problem in words, next to each control it names. */
function showProblem(problem) {
  const errors = problem.errors ?? [];
  if (errors.length === 0) {
    $('error-general').textContent = problem.detail ?? problem.title ?? 'Something went wrong.';
    return;
  }
  for (const e of errors) {
    const id = fieldId(e.field);
    const control = $(id);
    const slot = $(`error-${id}`) ?? $(`error-${e.field.split('.')[0]}`) ?? $('error-general');
    const name = e.field.replace(/^options\./, '');
    slot.textContent = `${name} ${e.message}.`;
    if (control) control.setAttribute('aria-invalid', 'true');
  }
}

async function call(url, init) {
  return (await answer(url, init)).body;
}

/** The download ids a map's JSON answer links to (its `Link` header): what this very map can answer. */
const linkedDownloads = (res) => new Set([...(res.headers.get('link') ?? '').matchAll(/;\s*id="([^"]+)"/g)].map((m) => m[1]));

async function answer(url, init) {
  const res = await fetch(url, init);
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok) {
    const problem = type.includes('json') ? await res.json() : { title: `${res.status} ${res.statusText}` };
    throw Object.assign(new Error(problem.title), { problem });
  }
  return { res, body: await (type.includes('json') ? res.json() : res.text()) };
}

function optionControl(name, schema) {
  const wrap = document.createElement('div');
  const id = `opt-${name}`;
  const label = document.createElement('label');
  label.htmlFor = id;
  label.textContent = name;
  let input;
  if (schema.type === 'boolean') {
    wrap.className = 'field check';
    input = document.createElement('input');
    input.type = 'checkbox';
    input.checked = schema.default === true;
    wrap.append(input, label);
  } else {
    wrap.className = 'field';
    if (schema.enum) {
      input = document.createElement('select');
      for (const v of schema.enum) input.append(new Option(String(v), String(v), false, v === schema.default));
    } else if (schema.type === 'string') {
      input = document.createElement('input');
      input.type = 'text';
      input.spellcheck = false;
      input.autocomplete = 'off';
      if (schema.pattern) input.pattern = schema.pattern.replace(/^\^|\$$/g, '');
      if (schema.default !== undefined) input.value = schema.default;
    } else {
      input = document.createElement('input');
      input.type = 'number';
      if (schema.minimum !== undefined) input.min = schema.minimum;
      if (schema.maximum !== undefined) input.max = schema.maximum;
      input.step = schema.type === 'integer' ? '1' : 'any';
      if (schema.default !== undefined) input.value = schema.default;
    }
    wrap.append(label, input);
  }
  input.id = id;
  input.name = name;
  input.dataset.kind = schema.type ?? 'enum';
  const error = document.createElement('p');
  error.className = 'error';
  error.id = `error-${id}`;
  error.setAttribute('role', 'alert');
  const describedBy = [`error-${id}`];
  if (schema.description) {
    const hint = document.createElement('p');
    hint.className = 'hint';
    hint.id = `hint-${id}`;
    hint.textContent = schema.description;
    wrap.append(hint);
    describedBy.unshift(hint.id);
  }
  input.setAttribute('aria-describedby', describedBy.join(' '));
  wrap.append(error);
  return wrap;
}

function renderOptions(game, values = {}) {
  const box = $('options');
  for (const el of [...box.children]) if (el.tagName !== 'LEGEND') el.remove();
  for (const [name, schema] of Object.entries(game.optionsSchema.properties ?? {})) box.append(optionControl(name, schema));
  setOptions(values);
}

function setOptions(values) {
  for (const [name, value] of Object.entries(values)) {
    const input = $(`opt-${name}`);
    if (!input) continue;
    if (input.type === 'checkbox') input.checked = Boolean(value);
    else input.value = String(value);
  }
  noteFolds();
}

/** The line each folded box shows: what is set in it, so nothing hides behind the fold. */
function noteFolds() {
  const game = selectedGame();
  if (game) {
    const changed = Object.entries(readOptions(game)).map(([k, v]) => `${k} ${v}`);
    $('options-note').textContent = changed.length ? `— ${changed.join(', ')}` : '— the defaults';
  }
  const aim = $('target-kind').value === 'band' ? `band ${$('band').value}` : `${$('min').value}–${$('max').value}`;
  $('target-note').textContent = `— ${aim}${$('agree').checked ? ', every kind agrees' : ''}`;
}

/** Opens every folded box that holds an error, so the error can be seen. */
function unfoldErrors() {
  for (const el of document.querySelectorAll('.error')) if (el.textContent) el.closest('details')?.setAttribute('open', '');
}

/** Only what differs from the defaults, so share links stay short and readable. */
function readOptions(game) {
  const out = {};
  for (const [name, schema] of Object.entries(game.optionsSchema.properties ?? {})) {
    const input = $(`opt-${name}`);
    let value;
    if (input.type === 'checkbox') value = input.checked;
    else if (input.dataset.kind === 'integer' || input.dataset.kind === 'number')
      value = input.value === '' ? undefined : Number(input.value);
    else value = input.value;
    if (value !== undefined && value !== schema.default) out[name] = value;
  }
  return out;
}

function selectedGame() {
  return games.find((g) => g.id === $('game').value);
}

function mapUrl(gameId, seed, options, ext = '', query = '') {
  const opts = Object.keys(options).length ? `options=${encodeURIComponent(JSON.stringify(options))}` : '';
  const q = [opts, query].filter(Boolean).join('&');
  return `${api}/games/${gameId}/maps/${encodeURIComponent(seed)}${ext}${q ? `?${q}` : ''}`;
}

function shareUrl(gameId, seed, options) {
  const params = new URLSearchParams({ game: gameId, seed });
  if (Object.keys(options).length) params.set('options', JSON.stringify(options));
  return `${location.origin}/?${params}`;
}

function showScore(score) {
  $('difficulty').textContent = score ? String(score.difficulty) : '–';
  const badge = $('band-badge');
  badge.textContent = score?.band ?? 'not scored';
  badge.className = `badge ${score?.band ?? ''}`;
  const summary = score?.summary;
  $('score-summary').textContent = summary?.headline ?? '';
  drawChart('chart', summary?.chart);
  $('reasons').innerHTML = factItems(summary?.facts);
}

function wireTooltips() {
  const tip = $('tooltip');
  const svg = $('map').querySelector('svg');
  if (!svg) return;
  const describe = (g) => g.querySelector('title')?.textContent ?? '';
  svg.addEventListener('mousemove', (ev) => {
    const g = ev.target.closest('g.hover');
    if (!g) return void (tip.hidden = true);
    tip.textContent = describe(g);
    tip.hidden = false;
    tip.style.left = `${ev.clientX + 14}px`;
    tip.style.top = `${ev.clientY + 14}px`;
    $('hover-info').textContent = tip.textContent;
  });
  svg.addEventListener('mouseleave', () => (tip.hidden = true));
  // From the keyboard: focus the map, then arrows walk the board's stops in document order.
  const stops = [...svg.querySelectorAll('g.stop')];
  let cursor = -1;
  const map = $('map');
  map.onkeydown = (ev) => {
    const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    const pans = { ArrowRight: [-60, 0], ArrowLeft: [60, 0], ArrowDown: [0, -60], ArrowUp: [0, 60] };
    if (ev.key === '+' || ev.key === '=') return void (ev.preventDefault(), zoom?.zoomBy(1.25));
    if (ev.key === '-' || ev.key === '_') return void (ev.preventDefault(), zoom?.zoomBy(0.8));
    if (ev.key === '0') return void (ev.preventDefault(), zoom?.fit());
    if (ev.shiftKey && ev.key in pans) return void (ev.preventDefault(), zoom?.panBy(...pans[ev.key]));
    if (ev.key === 'Home') cursor = 0;
    else if (ev.key === 'End') cursor = stops.length - 1;
    else if (ev.key in moves) cursor = Math.min(stops.length - 1, Math.max(0, cursor + moves[ev.key]));
    else if (ev.key === 'Escape') {
      tip.hidden = true;
      return;
    } else return;
    ev.preventDefault();
    for (const g of svg.querySelectorAll('.current')) g.classList.remove('current');
    const g = stops[cursor];
    g.classList.add('current');
    zoom?.reveal(g);
    const box = g.getBoundingClientRect();
    tip.textContent = describe(g);
    tip.hidden = false;
    tip.style.left = `${box.right + 6}px`;
    tip.style.top = `${box.top}px`;
    $('hover-info').textContent = `${cursor + 1} of ${stops.length}: ${tip.textContent}`;
  };
  // Titles would double as native tooltips; the styled one replaces them.
  for (const t of svg.querySelectorAll('g > title')) {
    t.parentElement.dataset.title = t.textContent;
  }
}

/**
 * One link per download the service offers of this game's maps. A preset dpi is lowered to the highest
 * the format's pixel limit allows for this board (the PDF is vector and always prints sharp).
 */
function showDownloads(gameId, seed, options, offered) {
  // The board's print size, recorded before the zoom took over the SVG's width and height.
  const inches = (key) => parseFloat($('map').dataset[key] ?? '0') / 25.4;
  const area = inches('widthMm') * inches('heightMm');
  const list = $('download-links');
  list.innerHTML = '';
  const game = games.find((g) => g.id === gameId);
  for (const d of game.downloads) {
    // A setup sheet only for a course laid from the box, say: the map's answer links what it can give.
    if (offered.size > 0 && !offered.has(d.id)) continue;
    const format = formats.find((f) => f.id === d.format);
    const params = { ...d.params };
    // A saved object names its pictures by absolute URL: this page's origin is the service as its visitor reaches it.
    if (d.origin) params[d.origin] = location.origin;
    let label = d.label;
    if (params.dpi && format.limits.maxPixels && area > 0) {
      params.dpi = Math.min(params.dpi, Math.floor(Math.sqrt(format.limits.maxPixels / area)));
      label = `${label} (${params.dpi} dpi)`;
    }
    const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
    const a = document.createElement('a');
    a.href = mapUrl(gameId, seed, options, `.${format.extension ?? format.id}`, query);
    a.download = '';
    a.textContent = label;
    a.dataset.format = format.id;
    const li = document.createElement('li');
    li.append(a);
    list.append(li);
  }
}

async function show(gameId, seed, options) {
  const { res, body: map } = await answer(mapUrl(gameId, seed, options));
  const svg = await call(mapUrl(gameId, seed, options, '.svg', 'theme=print'));
  current = { game: gameId, seed, options, map };
  $('map').innerHTML = svg;
  $('tooltip').hidden = true;
  $('hover-info').textContent = '';
  const el = $('map').querySelector('svg');
  el?.setAttribute('aria-label', `Map for seed ${seed}`);
  $('result').hidden = false;
  if (el) {
    $('map').dataset.widthMm = parseFloat(el.getAttribute('width'));
    $('map').dataset.heightMm = parseFloat(el.getAttribute('height'));
    // A sheet far taller than wide (a trail sheet, say) would shrink to unreadable in a screen-high
    // panel: the panel grows to the sheet's height at full width, and the page scrolls instead.
    const aspect = parseFloat($('map').dataset.heightMm) / parseFloat($('map').dataset.widthMm);
    const tall = aspect > TALL_SHEET;
    $('map').style.height = '';
    const fitted = Math.round($('map').clientWidth * aspect);
    // A board wider than the panel is shaped leaves no empty band above and below it: on a phone
    // that band would push the controls off the first screen.
    if (tall || fitted < $('map').clientHeight) $('map').style.height = `${tall ? fitted : Math.max(fitted, MIN_PANEL)}px`;
    // A finger on so tall a panel must still scroll the page; the buttons and keys zoom.
    $('map').style.touchAction = tall ? 'pan-y' : '';
    // Fitted to the panel: the whole board shows at once, the start and the finish together.
    zoom = attachZoom($('map'), el, {
      onChange: (scale) => ($('zoom-level').textContent = scale <= 1.001 ? 'whole board' : `${Math.round(scale * 100)}%`),
    });
  }
  wireTooltips();
  showScore(map.score);
  showDownloads(gameId, seed, options, linkedDownloads(res));
  void showPlays(gameId, seed, options);
  showBotGames(
    games.find((g) => g.id === gameId),
    mapUrl(gameId, seed, options, '/playtest'),
  );
  const share = shareUrl(gameId, seed, options);
  $('share').value = share;
  history.replaceState(null, '', share);
  $('result').hidden = false;
  $('about-map').hidden = false;
  $('no-map').hidden = true;
  $('result').dataset.digest = map.digest;
  $('seed').value = seed;
}

/**
 * Takes the map, its score, downloads and share link away: after an error, or on switching game,
 * what is on show would otherwise pass for the answer to what was just asked.
 */
function clearResult() {
  current = null;
  zoom = null;
  $('result').hidden = true;
  $('about-map').hidden = true;
  $('no-map').hidden = false;
  delete $('result').dataset.digest;
  $('map').innerHTML = '';
  $('share').value = '';
  $('download-links').innerHTML = '';
  $('tooltip').hidden = true;
  $('hover-info').textContent = '';
  showScore(undefined);
  hidePlays();
  hideBotGames();
  history.replaceState(null, '', location.pathname);
}

/** Brings the map into view unless all of it is already on screen (a taller sheet: its top). */
function revealMap() {
  const box = $('result').getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) $('result').scrollIntoView({ block: 'start' });
}

/** Runs a request; `reveal` brings the answer into view (after Generate, Reroll or Today's map, on any screen). */
async function run(task, message, reveal = false) {
  clearErrors();
  $('status').textContent = message;
  for (const b of document.querySelectorAll('button')) b.disabled = true;
  try {
    await task();
    if (reveal) revealMap();
  } catch (e) {
    const had = current !== null;
    if (e.problem) showProblem(e.problem);
    else $('error-general').textContent = `The service could not be reached (${e.message}).`;
    failed(had);
    return;
  } finally {
    for (const b of document.querySelectorAll('button')) b.disabled = false;
  }
}

/** After any error, the page's own or the API's: the old answer goes, and the first error comes into view. */
function failed(had = current !== null) {
  clearResult();
  $('status').textContent = had ? 'The previous map was taken away: it does not answer what was asked.' : '';
  unfoldErrors();
  [...document.querySelectorAll('.error')]
    .find((el) => el.textContent)
    ?.closest('.field, fieldset, p')
    ?.scrollIntoView({ block: 'center' });
}

function randomSeed() {
  const words = [
    'amber',
    'bramble',
    'canyon',
    'delta',
    'ember',
    'fjord',
    'gulch',
    'harbor',
    'isle',
    'jungle',
    'kestrel',
    'lagoon',
    'mesa',
    'nugget',
    'oasis',
    'pampas',
  ];
  const n = crypto.getRandomValues(new Uint32Array(2));
  return `${words[n[0] % words.length]}-${n[1] % 100000}`;
}

/** A path cannot carry an empty seed, so the page says what the API would. */
function seedMissing() {
  if ($('seed').value !== '') return false;
  clearErrors();
  showProblem({ errors: [{ field: 'seed', message: 'must not be empty' }] });
  failed();
  return true;
}

async function generate() {
  const game = selectedGame();
  const options = readOptions(game);
  if (seedMissing()) return;
  await run(
    async () => {
      await show(game.id, $('seed').value, options);
      $('status').textContent = `Seed ${$('seed').value}.`;
    },
    'Building the map…',
    true,
  );
}

async function doReroll() {
  const game = selectedGame();
  const options = readOptions(game);
  const target =
    $('target-kind').value === 'band' ? { band: $('band').value } : { min: Number($('min').value), max: Number($('max').value) };
  const body = { seed: $('seed').value, options, target, maxAttempts: Number($('attempts').value), agree: $('agree').checked };
  if (seedMissing()) return;
  await run(
    async () => {
      const r = await call(`${api}/games/${game.id}/reroll`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      // The reroll may have chosen options left at their defaults: show them, and the map they built.
      setOptions(r.options);
      const chosen = readOptions(game);
      await show(game.id, r.seed, chosen);
      const changed = Object.keys(chosen).filter((k) => !(k in options));
      const note = changed.length ? ` The reroll chose ${changed.map((k) => `${k} ${chosen[k]}`).join(', ')}.` : '';
      const { difficulty, band, interval } = r.map.score;
      const readings = interval ? `, its kinds of player reading ${interval[0]}–${interval[1]}` : '';
      // A plain hit whose kinds do not all read it in the target says so, and how to ask for one.
      const parted =
        r.hit && !r.agreed
          ? ' Not every kind of player reads it in the target: tick “Every kind of player agrees” to ask for one that each does.'
          : '';
      $('status').textContent = r.hit
        ? `Found at attempt ${r.attempts}: seed ${r.seed}, difficulty ${difficulty} (${band})${readings}.${parted}${note}`
        : r.message;
      $('status').classList.toggle('missed', !r.hit);
    },
    'Rerolling…',
    true,
  );
}

/** Today's map for duplicate play: the same seed everywhere today, a pure function of the date. */
async function today() {
  const game = selectedGame();
  await run(
    async () => {
      const chosen = readOptions(game);
      const query = Object.keys(chosen).length ? `?options=${encodeURIComponent(JSON.stringify(chosen))}` : '';
      const d = await call(`${api}/games/${game.id}/daily${query}`);
      setOptions(d.options);
      await show(game.id, d.seed, readOptions(game));
      $('status').textContent = `Today's map (${d.date}): seed ${d.seed}. Every table playing it today shares its leaderboard.`;
    },
    "Fetching today's map…",
    true,
  );
}

async function start() {
  const body = await call(`${api}/games`);
  games = body.games;
  formats = body.formats;
  for (const g of games) $('game').append(new Option(g.title, g.id));
  const params = new URLSearchParams(location.search);
  // A share link that cannot be read says so, rather than quietly showing some other map.
  const unreadable = [];
  const named = params.get('game');
  const wanted = named === null ? games[0] : games.find((g) => g.id === named);
  if (!wanted) unreadable.push(`names no game "${named}" (the games are ${games.map((g) => g.title).join(', ')})`);
  const game = wanted ?? games[0];
  $('game').value = game.id;
  let options = {};
  try {
    options = params.get('options') ? JSON.parse(params.get('options')) : {};
    if (typeof options !== 'object' || options === null || Array.isArray(options)) throw new Error('not an object');
  } catch {
    options = {};
    unreadable.push('has options that are not a JSON object');
  }
  renderOptions(game, options);
  // The first visit shows a map at once: seed 42 of the first game, or the link's own.
  $('seed').value = params.get('seed') ?? (params.size === 0 ? '42' : randomSeed());
  // A wide screen has room for the options beside the map; a phone keeps them folded under it.
  $('options-fold').open = window.matchMedia('(min-width: 761px)').matches;
  for (const box of ['options', 'target']) {
    $(box).addEventListener('input', noteFolds);
    $(box).addEventListener('change', noteFolds);
  }
  noteFolds();
  $('game').addEventListener('change', () => {
    renderOptions(selectedGame());
    // The map on show belongs to the other game: take it away rather than leave it as if current.
    clearResult();
  });
  $('roll').addEventListener('click', () => {
    $('seed').value = randomSeed();
    generate();
  });
  $('controls').addEventListener('submit', (ev) => {
    ev.preventDefault();
    generate();
  });
  $('reroll').addEventListener('click', doReroll);
  $('today').addEventListener('click', today);
  wirePlays();
  wireBotGames();
  $('zoom-in').addEventListener('click', () => zoom?.zoomBy(1.5));
  $('zoom-out').addEventListener('click', () => zoom?.zoomBy(1 / 1.5));
  $('zoom-fit').addEventListener('click', () => zoom?.fit());
  $('target-kind').addEventListener('change', () => {
    const band = $('target-kind').value === 'band';
    $('band-field').hidden = !band;
    $('range-field').hidden = band;
  });
  wireDownloads($('download-links'));
  $('copy').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText($('share').value);
      $('status').textContent = 'Link copied.';
    } catch {
      $('share').select();
      $('status').textContent = 'Select the link and copy it.';
    }
  });
  if (unreadable.length > 0) {
    $('error-general').textContent = `This link ${unreadable.join(' and ')}, so no map is shown for it; choose one and press Generate.`;
    clearResult();
  } else {
    await run(async () => {
      await show(game.id, $('seed').value, options);
      $('status').textContent = `Seed ${$('seed').value}.`;
    }, 'Building the map…');
  }
  document.body.dataset.ready = 'true';
}

start().catch((e) => {
  $('error-general').textContent = `The page could not start: ${e.message}`;
});
