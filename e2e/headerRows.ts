// The header on one row, measured the same way in Chromium and Firefox.

/** Whether every direct child of the header sits on one row (their boxes overlap vertically), and fits the width. Plain JavaScript, for any browser's evaluate. */
export const HEADER_ROWS = `(() => {
  const header = document.querySelector('[data-testid="header"]');
  const boxes = [...header.children].map((c) => c.getBoundingClientRect()).filter((b) => b.width > 0);
  const top = Math.max(...boxes.map((b) => b.top));
  const bottom = Math.min(...boxes.map((b) => b.bottom));
  return { oneRow: top < bottom, height: header.getBoundingClientRect().height, right: Math.max(...boxes.map((b) => b.right)), width: innerWidth };
})()`;

export type Rows = { oneRow: boolean; height: number; right: number; width: number };

/** One row, under 80 px high, inside the window. */
export const fits = (r: Rows) => r.oneRow && r.height < 80 && r.right <= r.width;
