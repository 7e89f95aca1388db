/**
 * The dismissible notice shown at the top of every page (spec §2). Dismissing it sets the cookie
 * `global-alert-dismissed={id}` for one month (app/widgets/global-alert.ts); the server leaves the
 * notice out while that cookie names the current notice, so a dismissed notice never flashes.
 * A new notice takes a new id, which shows it again to everyone.
 */
export const GLOBAL_ALERT_COOKIE = 'global-alert-dismissed';

export interface GlobalAlert {
  id: string;
  text: string;
  link?: { href: string; label: string };
}

export function currentGlobalAlert(productName: string): GlobalAlert {
  return {
    id: 'directory-by-channel-2025',
    text: `You can now browse the ${productName}'s approved suppliers by sales channel, catalogue and service, and download the directory as a spreadsheet.`,
    link: { href: '/sales-channels', label: 'Browse sales channels' },
  };
}

/** The value of one cookie in a `Cookie` request header, decoded; undefined when absent or malformed. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) {
      try {
        return decodeURIComponent(part.slice(separator + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The notice to render for a request: none when its cookie says this notice was dismissed. */
export function globalAlertFor(cookieHeader: string | undefined, alert: GlobalAlert): GlobalAlert | null {
  return readCookie(cookieHeader, GLOBAL_ALERT_COOKIE) === alert.id ? null : alert;
}

/** The dismiss button is hidden until the widget can make it work. */
export function GlobalAlertBanner({ alert }: { alert: GlobalAlert }) {
  return (
    <div className="global-alert" role="region" aria-label="Site notice" data-global-alert={alert.id} data-cookie-name={GLOBAL_ALERT_COOKIE}>
      <div className="global-alert__inner">
        <p className="global-alert__message">
          {alert.text}
          {alert.link && (
            <>
              {' '}
              <a href={alert.link.href}>{alert.link.label}</a>
            </>
          )}
        </p>
        <button type="button" className="global-alert__dismiss" data-global-alert-dismiss="" hidden>
          Dismiss<span className="visually-hidden"> this notice</span>
        </button>
      </div>
    </div>
  );
}
