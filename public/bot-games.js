// Seeded bot games on the map on show, played by the service on request (`…/playtest`): what
// they measured in the game's own words, each seat's share of the wins beside the score's.
import { drawChart, escapeHtml } from './chart.js';

const $ = (id) => document.getElementById(id);
let url = null; // the playtest URL of the map on show, without `games`
let asked = 0; // counts requests, so an answer that comes after another map was shown is dropped

function clearAnswer() {
  $('bot-headline').textContent = '';
  $('bot-facts').innerHTML = '';
  $('bot-status').textContent = '';
  $('bot-facts-box').hidden = true;
  drawChart('bot-chart', undefined);
}

/** Offers bot games for the map on show, if its game has bots, with the kinds of player it seats. */
export function showBotGames(game, playtestUrl) {
  asked++;
  const offered = game?.playerKinds ?? [];
  url = offered.length > 0 ? playtestUrl : null;
  const select = $('bot-kind');
  const was = select.value;
  select.replaceChildren(...offered.map((k) => new Option(k.label, k.id)));
  // The same game's next map keeps the kind chosen; another game's starts at its default.
  if (offered.some((k) => k.id === was)) select.value = was;
  $('bot-games').hidden = url === null;
  $('bot-play').disabled = false;
  clearAnswer();
}

export function hideBotGames() {
  showBotGames(undefined, null);
}

async function play() {
  const count = $('bot-count');
  const games = Number(count.value);
  $('error-bot-count').textContent = '';
  count.removeAttribute('aria-invalid');
  if (!Number.isInteger(games) || games < 1 || games > 400) {
    $('error-bot-count').textContent = 'games must be a whole number from 1 to 400.';
    count.setAttribute('aria-invalid', 'true');
    return;
  }
  const mine = ++asked;
  clearAnswer();
  $('bot-play').disabled = true;
  $('bot-status').textContent = `Playing ${games} games (${$('bot-kind').selectedOptions[0]?.text ?? 'bots'})…`;
  const started = performance.now();
  try {
    const kind = $('bot-kind').value;
    const res = await fetch(`${url}${url.includes('?') ? '&' : '?'}games=${games}&kind=${encodeURIComponent(kind)}`);
    const type = res.headers.get('content-type') ?? '';
    const body = type.includes('json') ? await res.json() : null;
    if (mine !== asked) return;
    if (!res.ok) {
      const wait = res.headers.get('retry-after');
      $('bot-status').textContent = `${body?.detail ?? body?.title ?? `${res.status} ${res.statusText}`}${wait ? ` Try again in ${wait} s.` : ''}`;
      return;
    }
    const summary = body.summary;
    $('bot-headline').textContent = summary?.headline ?? '';
    drawChart('bot-chart', summary?.chart);
    $('bot-facts').innerHTML = (summary?.facts ?? []).map((f) => `<dt>${escapeHtml(f.label)}</dt><dd>${escapeHtml(f.value)}</dd>`).join('');
    $('bot-facts-box').hidden = !summary?.facts?.length;
    $('bot-status').textContent = `${body.games} games played in ${((performance.now() - started) / 1000).toFixed(1)} s.`;
  } catch (error) {
    if (mine === asked) $('bot-status').textContent = `The games could not be fetched: ${error.message}`;
  } finally {
    if (mine === asked) $('bot-play').disabled = false;
  }
}

export function wireBotGames() {
  $('bot-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    void play();
  });
}
