// Section `charts`: drawing a year of hourly samples on a canvas, as the chart
// benchmark (scripts/bench-charts.sh, run by scripts/bench.sh) measured it and
// handed it over in CHART_LINE.

import { figures, record } from './shared.mjs';

export const name = 'charts';

export const FIGURES = figures({
  draw: { name: 'charts: 2 × 8,760 points on a canvas', unit: 'ms', budget: 16, better: 'lower' },
});

export async function run() {
  const line = process.env.CHART_LINE || '';
  const m = line.match(/median ([\d.]+) ms, min ([\d.]+) ms, max ([\d.]+) ms \((\d+) draws\)/);
  if (!m) {
    record(FIGURES.draw, 'not run', { note: '(no chart benchmark output)' });
    return;
  }
  const figure = { median: Number(m[1]), min: Number(m[2]), max: Number(m[3]) };
  record(FIGURES.draw, figure, { note: `(${m[4]} draws)` });
}
