/**
 * The public insights page (issue 32): each figure a chart drawn on the server (./bar-chart.tsx),
 * its table below it and its CSV link, in the content layout with the page's sections as its side
 * navigation. No script of its own.
 */
import type { ReactNode } from 'react';
import { MAORI_BUSINESS_TARGET_PERCENT } from '../../../common/supplier-details/classification';
import { formatDateTime } from '../../../common/dates';
import { formatCents } from '../../../common/money';
import { DIRECTORY_PATH } from '../../../common/site-paths';
import { ContentLayout } from '../../pages/side-nav';
import { BarChart, type BarChartRow } from './bar-chart';
import { insightsCsvPath, type InsightsCsvName } from './csv-files';
import type { InsightsFigures, ShareRow } from './service';

/** Whole dollars in a chart's words ('$48,000'); the table beside it has the cents. */
export function formatDollars(cents: number): string {
  return formatCents(Math.round(cents / 100) * 100).replace(/\.00$/, '');
}

/** A share to one decimal ('12.5%'); a dash when there is nothing to share. */
export function formatShare(part: number, total: number): string {
  return total > 0 ? `${(Math.round((part / total) * 1000) / 10).toFixed(1)}%` : '–';
}

export function sharePercent(part: number, total: number): number {
  return total > 0 ? (part / total) * 100 : 0;
}

/** Days to one decimal ('2.5 days'); a dash when no application went through the stage. */
export function formatDays(days: number | null): string {
  if (days === null) {
    return '–';
  }
  const rounded = (Math.round(days * 10) / 10).toFixed(1);
  return `${rounded} ${rounded === '1.0' ? 'day' : 'days'}`;
}

const SECTIONS = [
  { id: 'spend', label: 'Spend' },
  { id: 'small-and-maori-businesses', label: 'Small and Māori businesses' },
  { id: 'suppliers', label: 'Suppliers per catalogue' },
  { id: 'application-waits', label: 'How long applications wait' },
  { id: 'about-these-figures', label: 'About these figures' },
] as const;

interface ChartFigureProps {
  id: string;
  caption: string;
  csv: InsightsCsvName;
  /** What the reader sees instead of the chart and table when there is nothing yet. */
  emptyText?: string | undefined;
  chart: ReactNode;
  table: ReactNode;
}

/** A chart with its table beside it and its CSV download: a figure whose caption names both. */
function ChartFigure({ id, caption, csv, emptyText, chart, table }: ChartFigureProps) {
  return (
    <figure className="insights-figure" id={id} aria-labelledby={`${id}-caption`}>
      <figcaption className="insights-figure__caption" id={`${id}-caption`}>
        {caption}
      </figcaption>
      {emptyText === undefined ? (
        <div className="insights-figure__body">
          <div className="insights-figure__chart">{chart}</div>
          <div className="insights-figure__table">{table}</div>
        </div>
      ) : (
        <p className="insights-figure__empty">{emptyText}</p>
      )}
      <p className="insights-figure__download">
        <a href={insightsCsvPath(csv)} download="">
          Download this data as CSV<span className="visually-hidden"> ({caption})</span>
        </a>
      </p>
    </figure>
  );
}

interface Column {
  heading: string;
  isNumeric?: boolean;
}

/** A figure's table: a caption, column headers, and each row's first cell as its row header. */
function FigureTable({ caption, columns, rows }: { caption: string; columns: readonly Column[]; rows: readonly (readonly string[])[] }) {
  return (
    <table className="insights-table">
      <caption className="insights-table__caption">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.heading} scope="col" className={column.isNumeric ? 'insights-table__number' : undefined}>
              {column.heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, rowIndex) => (
          <tr key={rowIndex}>
            {row.map((cell, cellIndex) =>
              cellIndex === 0 ? (
                <th key={cellIndex} scope="row">
                  {cell}
                </th>
              ) : (
                <td key={cellIndex} data-label={columns[cellIndex]?.heading} className={columns[cellIndex]?.isNumeric ? 'insights-table__number' : undefined}>
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function spendRows(rows: readonly { label: string; amountCents: number }[]): BarChartRow[] {
  return rows.map((row) => ({ label: row.label, values: [{ value: row.amountCents, text: formatDollars(row.amountCents) }] }));
}

const NO_SPEND =
  'No spend has been published yet. Once agencies confirm the billing reports suppliers send them, the spend appears here';

function SpendSection({ spend }: { spend: InsightsFigures['spend'] }) {
  const isEmpty = spend.totalCents === 0 && spend.byChannel.length === 0;
  const biggestChannel = spend.byChannel[0];
  return (
    <section aria-labelledby="spend">
      <h2 id="spend">Spend</h2>
      {isEmpty ? (
        <p>{NO_SPEND}: by sales channel, by catalogue and by month.</p>
      ) : (
        <p>
          Agencies have confirmed <strong className="insights-total">{formatCents(spend.totalCents)}</strong> of spend (NZD, excluding GST)
          billed in {`${spend.byCatalogue.length} ${spend.byCatalogue.length === 1 ? 'catalogue' : 'catalogues'}`}
          {biggestChannel ? `, the most in the ${biggestChannel.label} sales channel` : ''}.
        </p>
      )}
      <ChartFigure
        id="spend-by-channel"
        caption="Spend by sales channel"
        csv="spend-by-channel"
        emptyText={isEmpty ? `${NO_SPEND}, added up by sales channel.` : undefined}
        chart={
          <BarChart
            id="spend-by-channel-chart"
            title="Spend by sales channel"
            description={`Bars of the confirmed spend in each sales channel, the most first. The largest: ${biggestChannel ? `${biggestChannel.label}, ${formatDollars(biggestChannel.amountCents)}` : 'none'}. The table below it has every figure.`}
            rows={spendRows(spend.byChannel)}
          />
        }
        table={
          <FigureTable
            caption="Spend by sales channel (NZD, excluding GST)"
            columns={[{ heading: 'Sales channel' }, { heading: 'Spend', isNumeric: true }, { heading: 'Share', isNumeric: true }]}
            rows={spend.byChannel.map((row) => [row.label, formatCents(row.amountCents), formatShare(row.amountCents, spend.totalCents)])}
          />
        }
      />
      <ChartFigure
        id="spend-by-catalogue"
        caption="Spend by catalogue"
        csv="spend-by-catalogue"
        emptyText={isEmpty ? `${NO_SPEND}, added up by catalogue.` : undefined}
        chart={
          <BarChart
            id="spend-by-catalogue-chart"
            title="Spend by catalogue"
            description="Bars of the confirmed spend in each catalogue, the most first. The table below it has every figure and each catalogue's sales channel."
            rows={spendRows(spend.byCatalogue)}
          />
        }
        table={
          <FigureTable
            caption="Spend by catalogue (NZD, excluding GST)"
            columns={[{ heading: 'Catalogue' }, { heading: 'Sales channel' }, { heading: 'Spend', isNumeric: true }]}
            rows={spend.byCatalogue.map((row) => [row.label, row.channel, formatCents(row.amountCents)])}
          />
        }
      />
      <ChartFigure
        id="spend-by-month"
        caption="Spend by month billed"
        csv="spend-by-month"
        emptyText={isEmpty ? `${NO_SPEND}, month by month.` : undefined}
        chart={
          <BarChart
            id="spend-by-month-chart"
            title="Spend by month billed"
            description={`Bars of the confirmed spend billed in each month, the earliest first, for the last ${String(spend.byMonth.length)} ${spend.byMonth.length === 1 ? 'month' : 'months'} with spend. The table below it has every figure.`}
            rows={spendRows(spend.byMonth)}
          />
        }
        table={
          <FigureTable
            caption="Spend by month billed (NZD, excluding GST)"
            columns={[{ heading: 'Month' }, { heading: 'Spend', isNumeric: true }]}
            rows={spend.byMonth.map((row) => [row.label, formatCents(row.amountCents)])}
          />
        }
      />
    </section>
  );
}

function shareAmount(row: ShareRow, amount: number): string {
  return row.isMoney ? formatCents(amount) : amount.toLocaleString('en-NZ');
}

function SharesSection({ shares }: { shares: readonly ShareRow[] }) {
  const engagements = shares.find((row) => row.key === 'engagements');
  const isEmpty = shares.every((row) => row.total === 0);
  const target = MAORI_BUSINESS_TARGET_PERCENT;
  const emptyText = (what: string) =>
    `No engagements have been published yet. Once agencies confirm the engagement notices suppliers send them, this shows the share ${what}.`;
  return (
    <section aria-labelledby="small-and-maori-businesses">
      <h2 id="small-and-maori-businesses">Small and Māori businesses</h2>
      <p>
        The government&apos;s progressive procurement policy asks agencies to award at least {target}% of their contracts to Māori
        businesses. Small businesses are those of fewer than 20 people. Each supplier says both in its details; what went to
        suppliers that did not say is counted in the total only.
      </p>
      {!isEmpty && engagements && (
        <p>
          Of <strong>{engagements.total.toLocaleString('en-NZ')}</strong> published engagements,{' '}
          <strong className="insights-total">{formatShare(engagements.maoriBusiness, engagements.total)}</strong> went to Māori businesses
          (target {target}%) and <strong>{formatShare(engagements.smallBusiness, engagements.total)}</strong> to small businesses.
        </p>
      )}
      <ChartFigure
        id="maori-business-share"
        caption={`Share going to Māori businesses, against the ${String(target)}% target`}
        csv="business-shares"
        emptyText={isEmpty ? emptyText('going to Māori businesses') : undefined}
        chart={
          <BarChart
            id="maori-business-share-chart"
            title={`Share going to Māori businesses, against the ${String(target)}% target`}
            description={`Bars of the share of published engagements by number and by value, and of spend, going to Māori businesses, with a dashed line at the ${String(target)}% target. ${shares
              .map((row) => `${row.label}: ${formatShare(row.maoriBusiness, row.total)}`)
              .join('. ')}.`}
            rows={shares.map((row) => ({ label: row.label, values: [{ value: sharePercent(row.maoriBusiness, row.total), text: formatShare(row.maoriBusiness, row.total) }] }))}
            marker={{ value: target, label: `Target ${String(target)}%` }}
          />
        }
        table={
          <FigureTable
            caption="Published engagements and spend going to Māori businesses"
            columns={[{ heading: 'Measure' }, { heading: 'Total', isNumeric: true }, { heading: 'To Māori businesses', isNumeric: true }, { heading: 'Share', isNumeric: true }, { heading: 'Target', isNumeric: true }]}
            rows={shares.map((row) => [row.label, shareAmount(row, row.total), shareAmount(row, row.maoriBusiness), formatShare(row.maoriBusiness, row.total), `${String(target)}%`])}
          />
        }
      />
      <ChartFigure
        id="small-business-share"
        caption="Share going to small businesses"
        csv="business-shares"
        emptyText={isEmpty ? emptyText('going to small businesses') : undefined}
        chart={
          <BarChart
            id="small-business-share-chart"
            title="Share going to small businesses"
            description={`Bars of the share of published engagements by number and by value, and of spend, going to small businesses. ${shares
              .map((row) => `${row.label}: ${formatShare(row.smallBusiness, row.total)}`)
              .join('. ')}.`}
            rows={shares.map((row) => ({ label: row.label, values: [{ value: sharePercent(row.smallBusiness, row.total), text: formatShare(row.smallBusiness, row.total) }] }))}
          />
        }
        table={
          <FigureTable
            caption="Published engagements and spend going to small businesses"
            columns={[{ heading: 'Measure' }, { heading: 'Total', isNumeric: true }, { heading: 'To small businesses', isNumeric: true }, { heading: 'Share', isNumeric: true }]}
            rows={shares.map((row) => [row.label, shareAmount(row, row.total), shareAmount(row, row.smallBusiness), formatShare(row.smallBusiness, row.total)])}
          />
        }
      />
    </section>
  );
}

function SuppliersSection({ rows }: { rows: InsightsFigures['suppliersPerCatalogue'] }) {
  return (
    <section aria-labelledby="suppliers">
      <h2 id="suppliers">Suppliers per catalogue</h2>
      <p>
        How many approved suppliers list services in each catalogue, as the <a href={DIRECTORY_PATH}>approved-suppliers directory</a>{' '}
        shows them. A supplier listing in several catalogues counts in each.
      </p>
      <ChartFigure
        id="suppliers-per-catalogue"
        caption="Approved suppliers per catalogue"
        csv="suppliers-per-catalogue"
        emptyText={rows.length === 0 ? 'There are no catalogues yet. Once the team adds them, the approved suppliers in each appear here.' : undefined}
        chart={
          <BarChart
            id="suppliers-per-catalogue-chart"
            title="Approved suppliers per catalogue"
            description="Bars of how many approved suppliers list services in each catalogue, in the catalogue's order. The table below it has every figure and each catalogue's sales channel."
            rows={rows.map((row) => ({ label: row.catalogue, values: [{ value: row.suppliers, text: `${row.suppliers.toLocaleString('en-NZ')} ${row.suppliers === 1 ? 'supplier' : 'suppliers'}` }] }))}
          />
        }
        table={
          <FigureTable
            caption="Approved suppliers per catalogue"
            columns={[{ heading: 'Catalogue' }, { heading: 'Sales channel' }, { heading: 'Suppliers', isNumeric: true }]}
            rows={rows.map((row) => [row.catalogue, row.channel, row.suppliers.toLocaleString('en-NZ')])}
          />
        }
      />
    </section>
  );
}

function WaitsSection({ rows, productName }: { rows: InsightsFigures['applicationWaits']; productName: string }) {
  const isEmpty = rows.every((row) => row.applications === 0);
  return (
    <section aria-labelledby="application-waits">
      <h2 id="application-waits">How long applications wait</h2>
      <p>
        The {productName} team&apos;s own service figures: how many days suppliers&apos; applications took at each stage that ended in
        the last 12 months. Half took no longer than the median; nine in ten no longer than the 90th percentile.
      </p>
      <ChartFigure
        id="application-waits-figure"
        caption="Days applications waited, by stage, over the last 12 months"
        csv="application-waits"
        emptyText={isEmpty ? 'No application has been through a stage in the last 12 months yet. Once the team reviews applications, the days each stage took appear here.' : undefined}
        chart={
          <BarChart
            id="application-waits-chart"
            title="Days applications waited, by stage, over the last 12 months"
            description={`For each stage, a bar of the median days and a bar of the 90th percentile. ${rows
              .map((row) => `${row.label}: median ${formatDays(row.medianDays)}, 90th percentile ${formatDays(row.ninetiethPercentileDays)}`)
              .join('. ')}.`}
            series={['Median', '90th percentile']}
            rows={rows.map((row) => ({
              label: row.label,
              values: [
                { value: row.medianDays ?? 0, text: formatDays(row.medianDays) },
                { value: row.ninetiethPercentileDays ?? 0, text: formatDays(row.ninetiethPercentileDays) },
              ],
            }))}
          />
        }
        table={
          <FigureTable
            caption="Days applications waited, by stage, over the last 12 months"
            columns={[{ heading: 'Stage' }, { heading: 'Applications', isNumeric: true }, { heading: 'Median', isNumeric: true }, { heading: '90th percentile', isNumeric: true }]}
            rows={rows.map((row) => [row.label, row.applications.toLocaleString('en-NZ'), formatDays(row.medianDays), formatDays(row.ninetiethPercentileDays)])}
          />
        }
      />
    </section>
  );
}

export function InsightsPage({ figures, computedAt, productName }: { figures: InsightsFigures; computedAt: Date; productName: string }) {
  return (
    <ContentLayout
      breadcrumbs={[{ label: 'Home', href: '/' }, { label: 'Insights' }]}
      sideNav={{ label: 'On this page', id: 'insights-nav', items: SECTIONS.map((section) => ({ href: `#${section.id}`, label: section.label, isCurrent: false })) }}
    >
      <h1>Insights</h1>
      <p className="lead">
        What agencies buy through the {productName}, from whom, and how quickly the team approves suppliers: figures from the
        engagements and billing the agencies have confirmed, the same records the {productName} publishes as open data.
      </p>
      <SpendSection spend={figures.spend} />
      <SharesSection shares={figures.shares} />
      <SuppliersSection rows={figures.suppliersPerCatalogue} />
      <WaitsSection rows={figures.applicationWaits} productName={productName} />
      <section aria-labelledby="about-these-figures">
        <h2 id="about-these-figures">About these figures</h2>
        <ul>
          <li>
            Only what both sides agree on counts: engagement notices an agency has confirmed and not since withdrawn, and the billing
            reports on them the agency has confirmed. Drafts, disputed engagements, queried or unanswered reports, and engagements the
            supplier or the agency marked confidential are left out.
          </li>
          <li>Amounts are in New Zealand dollars, excluding GST, as suppliers report them.</li>
          <li>A supplier&apos;s size and whether it is a Māori business are what its details say today.</li>
          <li>Each table can be downloaded as a CSV file, to read in a spreadsheet.</li>
          <li>These figures were last updated on {formatDateTime(computedAt)}.</li>
        </ul>
      </section>
    </ContentLayout>
  );
}
