/**
 * Mounts "Save to a shortlist" on a supplier's public profile (./save-to-shortlist-link.tsx), where
 * the server drew an empty element naming the supplier. Loaded only for a browser with a session
 * (app/mount-apps.ts).
 */
import { renderPublicApp } from '../lib/render-root';
import { SaveToShortlistLink } from './save-to-shortlist-link';

export function mount(element: HTMLElement): void {
  const supplierId = Number(element.dataset.supplierId);
  const supplierName = element.dataset.supplierName ?? '';
  if (!Number.isSafeInteger(supplierId) || supplierId <= 0 || supplierName === '') {
    return;
  }
  renderPublicApp(element, <SaveToShortlistLink supplierId={supplierId} supplierName={supplierName} />);
}
