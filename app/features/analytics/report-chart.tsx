import { useId } from "react";

// Charts drawn on the server as SVG (the console has no browser code, decision 014): a picture with a title and a
// description that say what it shows, and the numbers in a table beside it (./report-table.tsx), so a screen reader
// reads the table, not the drawing.

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { top: 12, right: 12, bottom: 28, left: 48 };

const count = (value: number) => value.toLocaleString("en-US");
/** The axis labels, in the drawing's units: on a phone the drawing is shrunk to half, so they are drawn twice as large. */
const AXIS_LABEL = "max-sm:[font-size:20px]";

/** A nice top for the axis: 1, 2 or 5 times a power of ten, at or above the highest value. */
function ceiling(max: number) {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return ([1, 2, 5, 10].map((step) => step * power).find((top) => top >= max) ?? 10 * power) as number;
}

export interface Series {
  label: string;
  values: number[];
  /** A Tailwind text colour for the line (drawn in currentColor). */
  className: string;
  dashed?: boolean;
}

/** Lines over days: visitors and page views. */
export function LineChart({ title, days, series }: { title: string; days: string[]; series: Series[] }) {
  const id = useId();
  const top = ceiling(Math.max(0, ...series.flatMap((line) => line.values)));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) => PAD.left + (days.length <= 1 ? plotWidth / 2 : (index / (days.length - 1)) * plotWidth);
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const description = series
    .map(
      (line) =>
        `${line.label}: ${count(line.values.reduce((sum, value) => sum + value, 0))} in total, at most ${count(Math.max(0, ...line.values))} a day`,
    )
    .join("; ");
  return (
    <figure className="flex flex-col gap-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="h-auto w-full text-muted-foreground"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{`${days[0]} to ${days.at(-1)}. ${description}.`}</desc>
        {[0, 0.5, 1].map((share) => (
          <g key={share}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(top * share)}
              y2={y(top * share)}
              stroke="currentColor"
              strokeOpacity={0.25}
              strokeWidth={1}
            />
            <text x={PAD.left - 6} y={y(top * share) + 4} textAnchor="end" fontSize={11} fill="currentColor" className={AXIS_LABEL}>
              {count(top * share)}
            </text>
          </g>
        ))}
        {days.length > 0 ? (
          <>
            <text x={x(0)} y={HEIGHT - 8} fontSize={11} fill="currentColor" className={AXIS_LABEL}>
              {days[0]}
            </text>
            <text x={x(days.length - 1)} y={HEIGHT - 8} textAnchor="end" fontSize={11} fill="currentColor" className={AXIS_LABEL}>
              {days.at(-1)}
            </text>
          </>
        ) : null}
        {series.map((line) => (
          <polyline
            key={line.label}
            points={line.values.map((value, index) => `${x(index).toFixed(1)},${y(value).toFixed(1)}`).join(" ")}
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            strokeDasharray={line.dashed ? "4 4" : undefined}
            className={line.className}
          />
        ))}
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-xs text-muted-foreground" aria-hidden="true">
        {series.map((line) => (
          <span key={line.label} className="inline-flex items-center gap-1.5">
            <svg viewBox="0 0 16 4" className="h-1 w-4">
              <line
                x1={0}
                x2={16}
                y1={2}
                y2={2}
                stroke="currentColor"
                strokeWidth={3}
                strokeDasharray={line.dashed ? "3 3" : undefined}
                className={line.className}
              />
            </svg>
            {line.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

/** Horizontal bars, one per step (the funnel). */
export function BarChart({ title, bars }: { title: string; bars: { label: string; value: number }[] }) {
  const id = useId();
  const top = Math.max(1, ...bars.map((bar) => bar.value));
  const rowHeight = 26;
  const labelWidth = 190;
  const height = bars.length * rowHeight + 8;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="h-auto w-full">
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{bars.map((bar) => `${bar.label}: ${count(bar.value)}`).join("; ")}</desc>
      {bars.map((bar, index) => {
        const width = Math.max(bar.value > 0 ? 2 : 0, ((WIDTH - labelWidth - 70) * bar.value) / top);
        const y = 4 + index * rowHeight;
        return (
          <g key={bar.label}>
            <text x={0} y={y + 16} fontSize={12} fill="currentColor" className="text-foreground">
              {bar.label}
            </text>
            <rect x={labelWidth} y={y + 3} width={width} height={rowHeight - 8} rx={3} fill="currentColor" className="text-primary" />
            <text x={labelWidth + width + 6} y={y + 16} fontSize={12} fill="currentColor" className="text-muted-foreground">
              {count(bar.value)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
