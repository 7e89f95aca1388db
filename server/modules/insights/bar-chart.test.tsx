// @vitest-environment jsdom
/** The server-drawn bar chart (issue 32): an image with a title and description, every value in words, bars in proportion. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BarChart, CHART_WIDTH, barRoom, barWidth, fitLabel } from './bar-chart';

function draw(props: Parameters<typeof BarChart>[0]): Document {
  const markup = renderToStaticMarkup(<BarChart {...props} />);
  return new DOMParser().parseFromString(markup, 'image/svg+xml');
}

const rows = [
  { label: 'Digital and ICT', values: [{ value: 400, text: '$4' }] },
  { label: 'Consultancy', values: [{ value: 100, text: '$1' }] },
  { label: 'Nothing yet', values: [{ value: 0, text: '$0' }] },
];

describe('the bar chart', () => {
  it('is an image named by its title and described by its description', () => {
    const svg = draw({ id: 'spend', title: 'Spend by channel', description: 'Bars of spend.', rows }).documentElement;
    expect(svg.getAttribute('role')).toBe('img');
    expect(svg.getAttribute('aria-labelledby')).toBe('spend-title');
    expect(svg.getAttribute('aria-describedby')).toBe('spend-desc');
    expect(svg.querySelector('title')?.getAttribute('id')).toBe('spend-title');
    expect(svg.querySelector('title')?.textContent).toBe('Spend by channel');
    expect(svg.querySelector('desc')?.textContent).toBe('Bars of spend.');
    expect(svg.getAttribute('viewBox')).toMatch(new RegExp(`^0 0 ${String(CHART_WIDTH)} \\d+$`));
  });

  it('writes every label and value in words, and draws bars in proportion, none for zero', () => {
    const svg = draw({ id: 'spend', title: 'Spend', description: 'Bars.', rows }).documentElement;
    const texts = [...svg.querySelectorAll('text')].map((text) => text.textContent);
    expect(texts).toEqual(['Digital and ICT', 'Consultancy', 'Nothing yet', '$4', '$1', '$0']);
    const widths = [...svg.querySelectorAll('rect')].map((rect) => Number(rect.getAttribute('width')));
    expect(widths).toHaveLength(2);
    expect(widths[0]).toBeCloseTo((widths[1] ?? 0) * 4, 0);
    expect(widths[0]).toBe(barRoom(2));
  });

  it('names each series beside its bar when there are several', () => {
    const svg = draw({
      id: 'waits',
      title: 'Waits',
      description: 'Days.',
      series: ['Median', '90th percentile'],
      rows: [{ label: 'First review', values: [{ value: 2, text: '2.0 days' }, { value: 6, text: '6.0 days' }] }],
    }).documentElement;
    expect([...svg.querySelectorAll('text')].map((text) => text.textContent)).toEqual(['First review', 'Median: 2.0 days', '90th percentile: 6.0 days']);
    // Told apart by more than hue: one bar filled, the other outlined.
    expect([...svg.querySelectorAll('rect')].map((rect) => rect.getAttribute('fill'))).toEqual(['#004b50', '#ffffff']);
  });

  it('draws a target as a dashed line named in words, counted in the scale', () => {
    const svg = draw({
      id: 'maori',
      title: 'Share',
      description: 'Shares.',
      rows: [{ label: 'Engagements', values: [{ value: 4, text: '4.0%' }] }],
      marker: { value: 8, label: 'Target 8%' },
    }).documentElement;
    const line = svg.querySelector('line');
    expect(line?.getAttribute('stroke-dasharray')).toBe('4 3');
    expect([...svg.querySelectorAll('text')].map((text) => text.textContent)).toContain('Target 8%');
    // Drawn over the bars, under the words.
    const order = [...svg.querySelectorAll('rect, line, text')].map((element) => element.tagName);
    expect(order.indexOf('line')).toBeGreaterThan(order.indexOf('rect'));
    expect(order.lastIndexOf('text')).toBeGreaterThan(order.indexOf('line'));
    const bar = Number(svg.querySelector('rect')?.getAttribute('width'));
    expect(Number(line?.getAttribute('x1'))).toBeCloseTo(bar * 2, 0);
  });

  it('keeps room for the longest value, cuts long labels, and never divides by zero', () => {
    expect(barRoom(10)).toBeGreaterThan(barRoom(30));
    expect(barRoom(1000)).toBe(80);
    expect(barWidth(5, 0, 200)).toBe(0);
    expect(barWidth(0, 10, 200)).toBe(0);
    expect(barWidth(0.001, 10, 200)).toBe(2);
    expect(fitLabel('Short')).toBe('Short');
    const long = fitLabel('A very long catalogue name that goes on and on beyond the width of any phone');
    expect(long.length).toBeLessThanOrEqual(48);
    expect(long.endsWith('…')).toBe(true);
    const empty = draw({ id: 'none', title: 'Nothing', description: 'No rows.', rows: [] }).documentElement;
    expect(empty.querySelectorAll('rect')).toHaveLength(0);
    expect(empty.getAttribute('viewBox')).not.toContain('NaN');
  });
});
