/** How many items a list holds, in words: "1 listing", "2,400 listings", "More than 10,025 listings" when the count stopped. */
export function listCount({ total, totalIsCapped = false }: { total: number; totalIsCapped?: boolean }, one: string, many: string): string {
  if (totalIsCapped) {
    return `More than ${total.toLocaleString('en-NZ')} ${many}`;
  }
  return total === 1 ? `1 ${one}` : `${total.toLocaleString('en-NZ')} ${many}`;
}
