// Seeded bot games on the map on show, played by the service on request (`…/playtest`): what
// they measured in the game's own words, each seat's share of the wins beside the score's.
import { drawChart, factItems } from './summary-view.js';

const $ = (id) => document.getElementById(id);
let url = null; // the playtest URL of the map on show, without `games` or `kind`
let asked = 0; // counts requests, so an answer that comes after another map was shown is dropped
let inFlight = null; // the request under way, aborted when its map goes
let ticking = null;

/** Takes the last answer away: another map, another kind, or a count that cannot be played. */
function clearAnswer() {
  $('bot-headline').textContent = '';
  $('bot-facts').innerHTML = '';
  $('bot-status').textContent = '';
  $('bot-facts-box').hidden = true;
  drawChart('bot-chart', undefined);
}

/** The answer on show, or on its way, no longer stands: drop it. */
function forget() {
  asked++;
  stopWaiting();
  clearAnswer();
}

function stopWaiting() {
  clearInterval(ticking);
  ticking = null;
  inFlight?.abort();
  inFlight = null;
  $('bot-play').disabled = false;
}

/** Offers bot games for the map on show, if its game has bots, with the kinds of player it seats. */
export function showBotGames(game, playtestUrl) {
  forget();
  const offered = game?.playerKinds ?? [];
  url = offered.length > 0 ? playtestUrl : null;
  const select = $('bot-kind');
  const was = select.value;
  select.replaceChildren(...offered.map((k) => new Option(k.label, k.id)));
  // The same game's next map keeps the kind chosen; another game's starts at its default.
  if (offered.some((k) => k.id === was)) select.value = was;
  $('bot-games').hidden = url === null;
}

export function hideBotGames() {
  showBotGames(undefined, null);
}

/** "samplers" of "samplers (Monte Carlo turns)". */
const kindName = () => ($('bot-kind').selectedOptions[0]?.text ?? 'bots').replace(/\s*\(.*$/, '');

async function play() {
  const count = $('bot-count');
  const games = Number(count.value);
  $('error-bot-count').textContent = '';
  count.removeAttribute('aria-invalid');
  if (count.value.trim() === '' || !Number.isInteger(games) || games < 1 || games > 400) {
    forget();
    $('error-bot-count').textContent = 'games must be a whole number from 1 to 400.';
    count.setAttribute('aria-invalid', 'true');
    return;
  }
  forget();
  const mine = asked;
  $('bot-play').disabled = true;
  const started = performance.now();
  const waiting = `Playing ${games === 1 ? 'one game' : `${games} games`} of ${kindName()}…`;
  $('bot-status').textContent = waiting;
  // Samplers take 20–30 s for 400 games: the seconds say it is still at work.
  ticking = setInterval(() => ($('bot-status').textContent = `${waiting} ${Math.round((performance.now() - started) / 1000)} s`), 1000);
  inFlight = new AbortController();
  try {
    const res = await fetch(`${url}${url.includes('?') ? '&' : '?'}games=${games}&kind=${encodeURIComponent($('bot-kind').value)}`, {
      signal: inFlight.signal,
    });
    const type = res.headers.get('content-type') ?? '';
    const body = type.includes('json') ? await res.json() : null;
    if (mine !== asked) return;
    stopWaiting();
    if (!res.ok) {
      const wait = res.headers.get('retry-after');
      $('bot-status').textContent =
        `${body?.detail ?? body?.title ?? `${res.status} ${res.statusText}`}${wait ? ` Try again in ${wait} s.` : ''}`;
      return;
    }
    const summary = body.summary;
    $('bot-headline').textContent = summary?.headline ?? '';
    drawChart('bot-chart', summary?.chart);
    $('bot-facts').innerHTML = factItems(summary?.facts);
    $('bot-facts-box').hidden = !summary?.facts?.length;
    $('bot-status').textContent =
      `${body.games === 1 ? '1 game' : `${body.games} games`} played; answered in ${((performance.now() - started) / 1000).toFixed(1)} s.`;
  } catch (error) {
    if (mine !== asked) return;
    stopWaiting();
    $('bot-status').textContent = `The games could not be fetched: ${error.message}`;
  }
}

export function wireBotGames() {
  $('bot-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    void play();
  });
  // The answer on show is one kind's: choosing another takes it away rather than mislabel it.
  $('bot-kind').addEventListener('change', forget);
}
