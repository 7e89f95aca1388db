/**
 * An agency's spend (issue 31): what suppliers billed it in their sent billing reports on the
 * engagement notices naming it, added up by supplier, by service or by month.
 */
export const SPEND_GROUPINGS = ['supplier', 'service', 'month'] as const;
export type SpendGrouping = (typeof SPEND_GROUPINGS)[number];

export const SPEND_GROUPING_LABELS: Record<SpendGrouping, string> = {
  supplier: 'Supplier',
  service: 'Service',
  month: 'Month',
};
