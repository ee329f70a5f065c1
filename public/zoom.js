// Zoom and pan for the map panel, by changing the SVG's viewBox: the board stays vector-sharp at
// any zoom, and "fit" is simply the board's own viewBox in a panel sized to the screen.

const MIN_SCALE = 1; // the whole board: never smaller than fits
const MAX_SCALE = 12;

/**
 * Wires the zoom controls to `panel`'s SVG. Returns { fit, zoomBy, panBy, reveal, scale } for
 * the page (keyboard walking reveals the current stop) and tests.
 */
export function attachZoom(panel, svg, { onChange = () => {} } = {}) {
  const [x0, y0, w0, h0] = svg.getAttribute('viewBox').split(/\s+/).map(Number);
  let view = { x: x0, y: y0, w: w0, h: h0 };
  svg.setAttribute('width', '100%');
  svg.setAttribute('height', '100%');
  svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');

  const apply = () => {
    svg.setAttribute('viewBox', `${view.x} ${view.y} ${view.w} ${view.h}`);
    onChange(w0 / view.w);
  };
  // Keeps the view on the board: a zoomed view never wanders off into empty page.
  const clamp = () => {
    view.x = view.w >= w0 ? x0 + (w0 - view.w) / 2 : Math.min(Math.max(view.x, x0), x0 + w0 - view.w);
    view.y = view.h >= h0 ? y0 + (h0 - view.h) / 2 : Math.min(Math.max(view.y, y0), y0 + h0 - view.h);
  };
  /** Client pixels → board units, through the SVG's own transform (it handles the letterboxing). */
  const toBoard = (cx, cy) => {
    const m = svg.getScreenCTM();
    if (!m) return { x: view.x + view.w / 2, y: view.y + view.h / 2 };
    const p = new DOMPoint(cx, cy).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  };
  const centreClient = () => {
    const r = svg.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  };

  function zoomBy(factor, cx, cy) {
    const c = cx === undefined ? centreClient() : { x: cx, y: cy };
    const at = toBoard(c.x, c.y);
    const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, (w0 / view.w) * factor));
    const w = w0 / scale;
    const h = h0 / scale;
    // The board point under the pointer stays under it.
    view = { x: at.x - ((at.x - view.x) * w) / view.w, y: at.y - ((at.y - view.y) * h) / view.h, w, h };
    clamp();
    apply();
  }
  /** Pans by client pixels (drag direction: the board follows the pointer). */
  function panBy(dx, dy) {
    const m = svg.getScreenCTM();
    const unit = m ? 1 / m.a : 1;
    view.x -= dx * unit;
    view.y -= dy * unit;
    clamp();
    apply();
  }
  function fit() {
    view = { x: x0, y: y0, w: w0, h: h0 };
    apply();
  }
  /** Brings an element of the board into view (keyboard walking), keeping the zoom. */
  function reveal(el) {
    const b = el.getBBox();
    if (b.x >= view.x && b.y >= view.y && b.x + b.width <= view.x + view.w && b.y + b.height <= view.y + view.h) return;
    view.x = b.x + b.width / 2 - view.w / 2;
    view.y = b.y + b.height / 2 - view.h / 2;
    clamp();
    apply();
  }

  panel.addEventListener(
    'wheel',
    (ev) => {
      ev.preventDefault();
      const lines = ev.deltaMode === 1 ? 16 : ev.deltaMode === 2 ? 400 : 1;
      zoomBy(Math.exp((-ev.deltaY * lines) / 500), ev.clientX, ev.clientY);
    },
    { passive: false },
  );

  // Drag to pan with one pointer, pinch to zoom with two.
  const pointers = new Map();
  let pinch = 0;
  panel.addEventListener('pointerdown', (ev) => {
    pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    try {
      panel.setPointerCapture(ev.pointerId);
    } catch {
      // A pointer the browser does not track (a synthetic one) cannot be captured; moves still arrive.
    }
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = Math.hypot(a.x - b.x, a.y - b.y);
    }
  });
  panel.addEventListener('pointermove', (ev) => {
    const last = pointers.get(ev.pointerId);
    if (!last) return;
    const now = { x: ev.clientX, y: ev.clientY };
    pointers.set(ev.pointerId, now);
    if (pointers.size === 1) {
      panBy(now.x - last.x, now.y - last.y);
      if (Math.abs(now.x - last.x) + Math.abs(now.y - last.y) > 0) panel.classList.add('dragging');
    } else if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      if (pinch > 0 && d > 0) zoomBy(d / pinch, (a.x + b.x) / 2, (a.y + b.y) / 2);
      pinch = d;
    }
  });
  const lift = (ev) => {
    pointers.delete(ev.pointerId);
    if (pointers.size < 2) pinch = 0;
    if (pointers.size === 0) panel.classList.remove('dragging');
  };
  panel.addEventListener('pointerup', lift);
  panel.addEventListener('pointercancel', lift);

  apply();
  return { fit, zoomBy, panBy, reveal, scale: () => w0 / view.w };
}
