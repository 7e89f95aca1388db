/** The insights CSVs (issue 32): each figure's table, with every cell safe from formula injection. */
import { describe, expect, it } from 'vitest';
import { INSIGHTS_CSV_NAMES, insightsCsv, insightsCsvPath } from './csv-files';
import type { InsightsFigures } from './service';

const figures: InsightsFigures = {
  spend: {
    totalCents: 300_000,
    byChannel: [{ key: '1', label: '=HYPERLINK("http://evil")', amountCents: 300_000 }],
    byCatalogue: [{ key: '2', label: '+Catalogue', channel: '@Channel', amountCents: 300_000 }],
    byMonth: [{ key: '2026-04', label: 'April 2026', amountCents: 300_000 }],
  },
  shares: [{ key: 'spend', label: 'Spend billed', isMoney: true, total: 300_000, smallBusiness: 100_000, maoriBusiness: 0, scaleNotStated: 0, maoriNotStated: 300_000 }],
  suppliersPerCatalogue: [{ catalogueId: 2, catalogue: '-Catalogue', channel: 'Channel', suppliers: 4 }],
  applicationWaits: [{ key: 'decision', label: 'Submitted to decision', applications: 0, medianDays: null, ninetiethPercentileDays: null }],
};

describe('the insights CSVs', () => {
  it('neutralise every cell that a spreadsheet would read as a formula', () => {
    expect(insightsCsv('spend-by-channel', figures).rows).toEqual([["'=HYPERLINK(\"http://evil\")", '3000.00', '100.0']]);
    expect(insightsCsv('spend-by-catalogue', figures).rows).toEqual([["'+Catalogue", "'@Channel", '3000.00', '100.0']]);
    expect(insightsCsv('suppliers-per-catalogue', figures).rows).toEqual([["'-Catalogue", 'Channel', '4']]);
  });

  it('write shares in %, amounts in dollars, and nothing for a figure without data', () => {
    expect(insightsCsv('business-shares', figures).rows).toEqual([['Spend billed', '3000.00', '1000.00', '33.3', '0.00', '0.00', '0.0', '3000.00', '8']]);
    expect(insightsCsv('application-waits', figures).rows).toEqual([['Submitted to decision', '0', '', '']]);
  });

  it('have one path each under /insights', () => {
    expect(INSIGHTS_CSV_NAMES.map(insightsCsvPath)).toContain('/insights/spend-by-month.csv');
    for (const name of INSIGHTS_CSV_NAMES) {
      expect(insightsCsv(name, figures).columns.length).toBeGreaterThan(1);
    }
  });
});
