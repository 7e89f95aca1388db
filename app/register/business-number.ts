/**
 * A registration's business numbers as people read them: an NZBN as its 13 digits, an ABN in
 * groups of 2, 3, 3 and 3 ('51 824 753 556'), an ACN in threes ('004 085 616'), each named.
 */
import type { AdminRegistrationSummary } from '../../common/api/registration';

function grouped(digits: string, sizes: readonly number[]): string {
  const compact = digits.replace(/[\s-]/g, '');
  if (compact.length !== sizes.reduce((sum, size) => sum + size, 0)) {
    return digits;
  }
  const groups: string[] = [];
  let start = 0;
  for (const size of sizes) {
    groups.push(compact.slice(start, start + size));
    start += size;
  }
  return groups.join(' ');
}

/** Each number the registration gives, named: ['NZBN 9429041234566'], ['ABN 51 824 753 556', 'ACN 004 085 616']. */
export function businessNumbers(registration: Pick<AdminRegistrationSummary, 'nzbn' | 'abn' | 'acn'>): string[] {
  return [
    ...(registration.nzbn ? [`NZBN ${registration.nzbn.replace(/[\s-]/g, '')}`] : []),
    ...(registration.abn ? [`ABN ${grouped(registration.abn, [2, 3, 3, 3])}`] : []),
    ...(registration.acn ? [`ACN ${grouped(registration.acn, [3, 3, 3])}`] : []),
  ];
}
