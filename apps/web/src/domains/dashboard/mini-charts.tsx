import './mini-charts.css';

// The home page's two small charts, drawn with HTML and SVG. The dashboard is the first screen after
// logging in, and ECharts (about 160 KB compressed) would be a third of what reaching it costs; the
// analysis screens, which draw much more, keep ECharts (decision 47).

export interface Series {
  name: string;
  color: string;
}

// The smallest 1, 2, 4, 6 or 8 × 10^k at or above `n` (at least 1): the top of the value axis, whose
// half is then a whole number too from 2 up.
export function niceCeiling(n: number): number {
  if (n <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(n));
  for (const step of [1, 2, 4, 6, 8, 10]) if (step * power >= n) return step * power;
  return 10 * power;
}

function Legend({ items }: { items: { name: string; color: string; value?: number }[] }) {
  return (
    <ul className="mini-legend" aria-hidden>
      {items.map((s) => (
        <li key={s.name}>
          <span className="mini-swatch" style={{ background: s.color }} />
          {s.name}
          {s.value === undefined ? null : <span className="mini-legend-value">{s.value}</span>}
        </li>
      ))}
    </ul>
  );
}

// Columns of stacked values (one column a day, one segment a series), with the value axis on the
// left and every few labels below; each column names its figures when hovered.
export function StackedBars({
  columns,
  series,
  label,
  height = 220,
}: {
  columns: { label: string; values: number[] }[];
  series: Series[];
  label: string;
  height?: number;
}) {
  // At least 2, so that the middle of the axis is a whole number too.
  const top = niceCeiling(Math.max(2, ...columns.map((c) => c.values.reduce((s, v) => s + v, 0))));
  const every = Math.max(1, Math.ceil(columns.length / 8));
  return (
    <figure className="mini-chart" role="img" aria-label={label}>
      <div className="mini-bars" style={{ height }}>
        <div className="mini-axis">
          {[top, top / 2, 0].map((v) => (
            <span key={v}>{v}</span>
          ))}
        </div>
        <div className="mini-plot">
          <div className="mini-grid" />
          {columns.map((c) => (
            <div
              key={c.label}
              className="mini-col"
              title={`${c.label} · ${series.map((s, i) => `${s.name} ${c.values[i] ?? 0}`).join(' · ')}`}
            >
              {series.map((s, i) => {
                const v = c.values[i] ?? 0;
                return v > 0 ? (
                  <div key={s.name} style={{ height: `${(100 * v) / top}%`, background: s.color }} />
                ) : null;
              })}
            </div>
          ))}
        </div>
      </div>
      <div className="mini-xlabels">
        {columns.map((c, i) => (
          <span key={c.label}>{i % every === 0 ? c.label : ''}</span>
        ))}
      </div>
      <Legend items={series} />
    </figure>
  );
}

// A ring of slices (share of the whole) with a legend that gives each count.
export function Donut({
  slices,
  label,
  size = 168,
}: {
  slices: { name: string; value: number; color: string }[];
  label: string;
  size?: number;
}) {
  const total = slices.reduce((s, x) => s + x.value, 0);
  // A circle of circumference 100: a slice's dash length is its percentage.
  const r = 100 / (2 * Math.PI);
  let before = 0;
  return (
    <figure className="mini-chart mini-donut" role="img" aria-label={label}>
      <svg viewBox="0 0 40 40" width={size} height={size} aria-hidden>
        <circle cx="20" cy="20" r={r} fill="none" stroke="#f0f0f0" strokeWidth="6" />
        {total > 0 &&
          slices.map((s) => {
            const share = (100 * s.value) / total;
            const offset = 25 - before;
            before += share;
            return (
              <circle
                key={s.name}
                cx="20"
                cy="20"
                r={r}
                fill="none"
                stroke={s.color}
                strokeWidth="6"
                strokeDasharray={`${share} ${100 - share}`}
                strokeDashoffset={offset}
              >
                <title>{`${s.name}: ${s.value} (${Math.round(share)}%)`}</title>
              </circle>
            );
          })}
        <text x="20" y="21.5" textAnchor="middle" className="mini-donut-total">
          {total}
        </text>
      </svg>
      <Legend items={slices} />
    </figure>
  );
}
