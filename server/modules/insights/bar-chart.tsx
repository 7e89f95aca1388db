/**
 * A horizontal bar chart drawn on the server as SVG (issue 32): no script, readable without colour.
 * Each row's label sits on its own line above its bars, and every bar carries its value in words
 * beside it (with its series' name when there are several), so nothing is told by colour alone; the
 * svg is an image titled and described for screen readers, whose readers get the figures from the
 * table beside it. The drawing scales to its container (viewBox), narrow enough to read at 320 px.
 */

export interface BarChartRow {
  label: string;
  /** One value a series, in the series' order; `text` is what is written beside the bar. */
  values: readonly { value: number; text: string }[];
}

export interface BarChartProps {
  /** Unique on the page: the title's and description's ids derive from it. */
  id: string;
  title: string;
  description: string;
  /** Series names, written before each value when there is more than one. */
  series?: readonly string[];
  rows: readonly BarChartRow[];
  /** A reference line (a target), drawn dashed and named in words. */
  marker?: { value: number; label: string };
}

/** The drawing's width in its own units; text is 13 units high. */
export const CHART_WIDTH = 360;
const LABEL_HEIGHT = 18;
const BAR_HEIGHT = 16;
const BAR_GAP = 4;
const ROW_GAP = 12;
const TOP = 22;
/** A generous width of one character of the value's text, to keep room for it right of the longest bar. */
const CHARACTER_WIDTH = 8.5;
const MIN_BAR_ROOM = 80;
const MAX_LABEL_CHARACTERS = 48;
/** Fills told apart by shade and outline as well as hue; the value's words say which is which. */
const FILLS = [
  { fill: '#004b50', stroke: '#004b50' },
  { fill: '#ffffff', stroke: '#004b50' },
];

/** A label cut to fit its line, whole in the table beside the chart. */
export function fitLabel(label: string, limit = MAX_LABEL_CHARACTERS): string {
  return label.length <= limit ? label : `${label.slice(0, limit - 1).trimEnd()}…`;
}

/** The room for the longest bar: the drawing's width less the longest value's words beside it. */
export function barRoom(longestText: number): number {
  return Math.max(MIN_BAR_ROOM, Math.floor(CHART_WIDTH - 8 - longestText * CHARACTER_WIDTH));
}

/** A bar's width for `value` of `max`, never NaN; a non-zero value gets a visible sliver. */
export function barWidth(value: number, max: number, room: number): number {
  if (max <= 0 || value <= 0) {
    return 0;
  }
  return Math.max(2, Math.round((value / max) * room * 10) / 10);
}

export function BarChart({ id, title, description, series = [], rows, marker }: BarChartProps) {
  const seriesCount = Math.max(1, ...rows.map((row) => row.values.length));
  const rowHeight = LABEL_HEIGHT + seriesCount * BAR_HEIGHT + (seriesCount - 1) * BAR_GAP + ROW_GAP;
  const height = TOP + rows.length * rowHeight;
  const max = Math.max(0, marker?.value ?? 0, ...rows.flatMap((row) => row.values.map((entry) => entry.value)));
  const titleId = `${id}-title`;
  const descriptionId = `${id}-desc`;
  const valueText = (text: string, seriesIndex: number) => `${series.length > 1 ? `${series[seriesIndex] ?? ''}: ` : ''}${text}`;
  const room = barRoom(Math.max(0, ...rows.flatMap((row) => row.values.map((entry, index) => valueText(entry.text, index).length))));
  const markerX = marker ? barWidth(marker.value, max, room) : 0;
  const bars = rows.flatMap((row, rowIndex) =>
    row.values.map((entry, seriesIndex) => {
      const style = FILLS[seriesIndex % FILLS.length] ?? { fill: '#004b50', stroke: '#004b50' };
      return {
        key: `${String(rowIndex)}-${String(seriesIndex)}`,
        y: TOP + rowIndex * rowHeight + LABEL_HEIGHT + seriesIndex * (BAR_HEIGHT + BAR_GAP),
        width: barWidth(entry.value, max, room),
        fill: style.fill,
        stroke: style.stroke,
        text: valueText(entry.text, seriesIndex),
      };
    }),
  );
  return (
    <svg
      className="bar-chart"
      role="img"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      viewBox={`0 0 ${CHART_WIDTH} ${height}`}
      width={CHART_WIDTH}
      height={height}
      fontSize="13"
    >
      <title id={titleId}>{title}</title>
      <desc id={descriptionId}>{description}</desc>
      {/* Bars first, then the target's line over them, then every word over both (with a white halo). */}
      {bars.map((bar) => bar.width > 0 && <rect key={bar.key} x="0" y={bar.y} width={bar.width} height={BAR_HEIGHT} fill={bar.fill} stroke={bar.stroke} strokeWidth="1.5" />)}
      {marker && (
        <g className="bar-chart__marker">
          <line x1={markerX} x2={markerX} y1={TOP - 4} y2={height - ROW_GAP / 2} stroke="#a4161a" strokeWidth="2" strokeDasharray="4 3" />
          <text x={markerX} y="12" fill="#a4161a" textAnchor={markerX > CHART_WIDTH / 2 ? 'end' : 'start'}>
            {marker.label}
          </text>
        </g>
      )}
      <g stroke="#ffffff" strokeWidth="3" paintOrder="stroke" strokeLinejoin="round">
        {rows.map((row, rowIndex) => (
          <text key={`label-${String(rowIndex)}`} x="0" y={TOP + rowIndex * rowHeight + 13} fill="#1f2933" fontWeight="600">
            {fitLabel(row.label)}
          </text>
        ))}
        {bars.map((bar) => (
          <text key={`value-${bar.key}`} x={bar.width + 6} y={bar.y + 12} fill="#1f2933">
            {bar.text}
          </text>
        ))}
      </g>
    </svg>
  );
}
