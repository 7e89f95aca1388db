/**
 * How a listing's price reads to a buyer: '$1,450.00 to $1,850.00 per person per day, excluding
 * GST', from the pricing answers (whole cents). One wording for the public listing page and the
 * screens that show a listing.
 */
import { formatCents } from '../money';

export function listingPriceText(pricing: { priceFrom?: unknown; priceTo?: unknown; unit?: unknown }): string | null {
  const { priceFrom, priceTo, unit } = pricing;
  if (typeof priceFrom !== 'number') {
    return null;
  }
  const range = typeof priceTo === 'number' && priceTo !== priceFrom ? `${formatCents(priceFrom)} to ${formatCents(priceTo)}` : formatCents(priceFrom);
  const per = typeof unit === 'string' && unit.trim() !== '' ? ` ${unit.trim()}` : '';
  return `${range}${per}, excluding GST`;
}
