// Downloads with a sign of life: a board PNG or a kit can take many seconds to draw, and a plain
// link shows nothing meanwhile. A click fetches the file instead; past a second a progress bar and
// "rendering… N s" (no bytes yet: the service is drawing), then "downloading… x of y kB" as the
// body streams in, and the file is saved under the name the service gives it.

/** How long a download runs before it shows progress: quicker ones just arrive. */
export const SHOW_PROGRESS_AFTER_MS = 1000;

/** `inline; filename="gold-city-42.png"` → `gold-city-42.png`. */
function fileName(disposition, href) {
  const m = /filename="([^"]+)"/.exec(disposition ?? '');
  return m ? m[1] : decodeURIComponent(new URL(href).pathname.split('/').pop());
}

async function problemText(res) {
  try {
    const p = await res.json();
    return p.detail ?? p.title ?? `HTTP ${res.status}`;
  } catch {
    return `HTTP ${res.status}`;
  }
}

async function download(a) {
  const li = a.closest('li');
  const bar = document.createElement('progress');
  bar.className = 'download-progress';
  bar.setAttribute('aria-label', `${a.textContent}: progress`);
  const status = document.createElement('span');
  status.className = 'download-status';
  status.setAttribute('role', 'status');
  const started = performance.now();
  let received = 0;
  let total = 0;
  let streaming = false;
  const paint = () => {
    if (!bar.isConnected) return;
    if (total > 0) {
      bar.max = total;
      bar.value = received;
    } else bar.removeAttribute('value');
    const kb = (n) => Math.max(1, Math.round(n / 1024)).toLocaleString('en');
    status.textContent = streaming
      ? `downloading… ${kb(received)}${total ? ` of ${kb(total)}` : ''} kB`
      : `rendering… ${Math.round((performance.now() - started) / 1000)} s`;
  };
  const show = () => {
    if (!bar.isConnected) li.append(bar, status);
    paint();
  };
  const timer = setInterval(show, SHOW_PROGRESS_AFTER_MS);
  a.dataset.state = 'loading';
  a.setAttribute('aria-busy', 'true');
  li.querySelector('.download-status')?.remove();
  try {
    const res = await fetch(a.href);
    if (!res.ok) throw new Error(await problemText(res));
    total = Number(res.headers.get('content-length') ?? 0);
    streaming = true;
    paint();
    const chunks = [];
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.length;
      paint();
    }
    const name = fileName(res.headers.get('content-disposition'), a.href);
    const url = URL.createObjectURL(new Blob(chunks, { type: res.headers.get('content-type') ?? 'application/octet-stream' }));
    const save = document.createElement('a');
    save.href = url;
    save.download = name;
    document.body.append(save);
    save.click();
    save.remove();
    // The browser has the bytes once the click is handled; the URL can go a little later.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    if (bar.isConnected) status.textContent = `saved ${name}`;
    a.dataset.state = 'done';
  } catch (e) {
    li.append(status);
    status.classList.add('failed');
    status.textContent = `could not download: ${e.message}`;
    a.dataset.state = 'failed';
  } finally {
    clearInterval(timer);
    bar.remove();
    a.removeAttribute('aria-busy');
  }
}

/** Every download link in `list` (now and later) fetches with progress; a modified click (new tab, save as) is the browser's. */
export function wireDownloads(list) {
  list.addEventListener('click', (ev) => {
    const a = ev.target.closest?.('a[data-format]');
    if (!a || ev.button !== 0 || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.altKey) return;
    ev.preventDefault();
    if (a.dataset.state !== 'loading') void download(a);
  });
}
