/**
 * The insights page's CSV downloads (issue 32), one per figure, at `/insights/<name>.csv`: the
 * figure's table with whole amounts (dollars with cents, no grouping) and shares, formula-safe.
 */
import { neutraliseCsvCell } from '../../../common/directory';
import { centsToDecimal } from '../../../common/money';
import { INSIGHTS_PATH } from '../../../common/site-paths';
import { MAORI_BUSINESS_TARGET_PERCENT } from '../../../common/supplier-details/classification';
import type { InsightsFigures, ShareRow } from './service';

export const INSIGHTS_CSV_NAMES = ['spend-by-channel', 'spend-by-catalogue', 'spend-by-month', 'business-shares', 'suppliers-per-catalogue', 'application-waits'] as const;
export type InsightsCsvName = (typeof INSIGHTS_CSV_NAMES)[number];

export function insightsCsvPath(name: InsightsCsvName): string {
  return `${INSIGHTS_PATH}/${name}.csv`;
}

/** A share as a percentage with one decimal ('12.5'); empty when there is nothing to share. */
function percent(part: number, total: number): string {
  return total > 0 ? ((part / total) * 100).toFixed(1) : '';
}

/** Days with one decimal; empty when no application went through the stage. */
function days(value: number | null): string {
  return value === null ? '' : value.toFixed(1);
}

function shareAmount(row: ShareRow, amount: number): string {
  return row.isMoney ? centsToDecimal(amount) : String(amount);
}

export interface InsightsCsv {
  columns: readonly string[];
  rows: string[][];
}

/** The columns and rows of one download, every cell neutralised against formula injection. */
export function insightsCsv(name: InsightsCsvName, figures: InsightsFigures): InsightsCsv {
  const file = ((): InsightsCsv => {
    const { spend } = figures;
    switch (name) {
      case 'spend-by-channel':
        return {
          columns: ['Sales channel', 'Spend (NZD excl. GST)', 'Share (%)'],
          rows: spend.byChannel.map((row) => [row.label, centsToDecimal(row.amountCents), percent(row.amountCents, spend.totalCents)]),
        };
      case 'spend-by-catalogue':
        return {
          columns: ['Catalogue', 'Sales channel', 'Spend (NZD excl. GST)', 'Share (%)'],
          rows: spend.byCatalogue.map((row) => [row.label, row.channel, centsToDecimal(row.amountCents), percent(row.amountCents, spend.totalCents)]),
        };
      case 'spend-by-month':
        return { columns: ['Month', 'Spend (NZD excl. GST)'], rows: spend.byMonth.map((row) => [row.key, centsToDecimal(row.amountCents)]) };
      case 'business-shares':
        return {
          columns: [
            'Measure',
            'Total',
            'To small businesses',
            'Small businesses share (%)',
            'Size not stated',
            'To Māori businesses',
            'Māori businesses share (%)',
            'Māori business not stated',
            'Māori businesses target (%)',
          ],
          rows: figures.shares.map((row) => [
            row.label,
            shareAmount(row, row.total),
            shareAmount(row, row.smallBusiness),
            percent(row.smallBusiness, row.total),
            shareAmount(row, row.scaleNotStated),
            shareAmount(row, row.maoriBusiness),
            percent(row.maoriBusiness, row.total),
            shareAmount(row, row.maoriNotStated),
            String(MAORI_BUSINESS_TARGET_PERCENT),
          ]),
        };
      case 'suppliers-per-catalogue':
        return {
          columns: ['Catalogue', 'Sales channel', 'Approved suppliers'],
          rows: figures.suppliersPerCatalogue.map((row) => [row.catalogue, row.channel, String(row.suppliers)]),
        };
      case 'application-waits':
        return {
          columns: ['Stage', 'Applications (last 12 months)', 'Median (days)', '90th percentile (days)'],
          rows: figures.applicationWaits.map((row) => [row.label, String(row.applications), days(row.medianDays), days(row.ninetiethPercentileDays)]),
        };
    }
  })();
  return { columns: file.columns, rows: file.rows.map((row) => row.map(neutraliseCsvCell)) };
}
