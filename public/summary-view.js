// A game's summary drawn (the score's, or its bot games'): its chart as SVG bars with their words, its facts as a list.
const $ = (id) => document.getElementById(id);

export const escapeHtml = (text) =>
  String(text).replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]);

/** Draws `chart` into the figure `${id}-figure` (its caption `${id}-title`, its bars `${id}`); none hides it. */
export function drawChart(id, chart) {
  const empty = !chart || chart.bars.length === 0;
  $(`${id}-figure`).hidden = empty;
  if (empty) {
    $(id).innerHTML = '';
    $(`${id}-title`).textContent = '';
    return;
  }
  $(`${id}-title`).textContent = chart.title;
  // Drawn at the width it is shown at, so its words keep their size on a phone: where that is
  // too narrow for label, bar and words on one line, the words go above their bar.
  const w = Math.max(240, Math.min(640, $(id).clientWidth || 640));
  const wide = w >= 480;
  const labelW = wide ? Math.min(200, 16 + 7 * Math.max(...chart.bars.map((b) => b.label.length))) : 0;
  const barH = wide ? 22 : 14;
  const rowH = wide ? barH + 6 : barH + 26;
  // A share's full bar is 100%, so two runs compare at a glance; other charts fill to their largest bar.
  const max = chart.max ?? Math.max(...chart.bars.map((b) => b.value), 1);
  const rows = chart.bars
    .map((b, i) => {
      const y = i * rowH;
      if (wide) {
        const len = Math.max(1, Math.round(((w - labelW - 300) * b.value) / max));
        return `<g><text x="0" y="${y + 16}" font-size="13">${escapeHtml(b.label)}</text><rect x="${labelW}" y="${y}" width="${len}" height="${barH}" fill="#b36b00" rx="3"></rect><text x="${labelW + 6 + len}" y="${y + 16}" font-size="12">${escapeHtml(b.text)}</text></g>`;
      }
      const len = Math.max(1, Math.round(((w - 4) * b.value) / max));
      const words = `${b.label} · ${b.text}`;
      // A long line shrinks to fit the width rather than run out of the picture (about 0.58 em a character).
      const size = Math.max(9, Math.min(13, Math.floor(w / (0.58 * words.length))));
      return `<g><text x="0" y="${y + 14}" font-size="${size}">${escapeHtml(words)}</text><rect x="0" y="${y + 19}" width="${len}" height="${barH}" fill="#b36b00" rx="3"></rect></g>`;
    })
    .join('');
  $(id).innerHTML = `<svg viewBox="0 0 ${w} ${chart.bars.length * rowH}" role="img" aria-label="${escapeHtml(chart.title)}">${rows}</svg>`;
}

/** A summary's facts as the items of a <dl>: each label and its value, escaped. */
export const factItems = (facts = []) => facts.map((f) => `<dt>${escapeHtml(f.label)}</dt><dd>${escapeHtml(f.value)}</dd>`).join('');
