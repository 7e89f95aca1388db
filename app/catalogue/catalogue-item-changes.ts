/**
 * The words of each change the team makes to a channel, catalogue or service: the question a
 * retirement or restoration asks first (naming what it will do), and what each change says once
 * done. One place, so the dialogs, the banners and their tests agree.
 */
import type { FoundItem } from './catalogue-tree';
import { countOf, KIND_NOUNS } from './catalogue-tree';

export type StatusChange = 'retire' | 'restore';

export interface StatusChangeQuestion {
  title: string;
  paragraphs: string[];
  confirmLabel: string;
}

function named(found: FoundItem): string {
  return `the ${KIND_NOUNS[found.kind]} ‘${found.item.title}’`;
}

function heldCount(found: FoundItem): string | undefined {
  if (found.kind === 'channel') {
    const services = found.item.catalogues.reduce((total, catalogue) => total + catalogue.services.length, 0);
    return `${countOf(found.item.catalogues.length, 'catalogue')} and ${countOf(services, 'service').toLowerCase()}`;
  }
  if (found.kind === 'catalogue') {
    return countOf(found.item.services.length, 'service');
  }
  return undefined;
}

/** The confirmation before retiring or restoring `found`. */
export function statusChangeQuestion(change: StatusChange, found: FoundItem): StatusChangeQuestion {
  const kind = KIND_NOUNS[found.kind];
  if (change === 'retire') {
    const paragraphs =
      found.kind === 'service'
        ? [
            'It will no longer appear in the directory or in new applications. Applications that already name it keep it.',
            `${countOf(found.item.supplierCount, 'supplier')} ${found.item.supplierCount === 1 ? 'lists' : 'list'} it; ${countOf(found.item.applicationCount, 'application').toLowerCase()} ${found.item.applicationCount === 1 ? 'names' : 'name'} it.`,
          ]
        : [
            `It and what it holds (${heldCount(found)?.toLowerCase() ?? ''}) will no longer appear on the public pages, in the directory or in new applications. Applications that already name its services keep them.`,
            'If you restore it later, what it holds comes back with it, except anything retired on its own.',
          ];
    return { title: `Retire ${named(found)}?`, paragraphs, confirmLabel: `Retire ${kind}` };
  }
  const paragraphs =
    found.kind === 'service'
      ? ['It will appear again in the directory and can be named in new applications.']
      : ['It will appear again on the public pages, in the directory and in new applications, with what it holds except anything retired on its own.'];
  return { title: `Restore ${named(found)}?`, paragraphs, confirmLabel: `Restore ${kind}` };
}

/** The banner once the change is saved. */
export function statusChangeDone(change: StatusChange, found: FoundItem): string {
  const subject = named(found).replace(/^t/, 'T');
  if (change === 'retire') {
    return found.kind === 'service'
      ? `${subject} is retired. It no longer appears in the directory or in new applications; applications that already name it keep it.`
      : `${subject} is retired, with what it holds. They no longer appear on the public pages, in the directory or in new applications.`;
  }
  return found.kind === 'service'
    ? `${subject} is restored. It appears again in the directory and in new applications.`
    : `${subject} is restored. It appears again on the public pages, in the directory and in new applications.`;
}
