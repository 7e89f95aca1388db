/**
 * oidc-provider, imported without the warning it prints on Node 20 (issue 27). Version 9, the only
 * major that still gets security fixes, warns "Unsupported runtime" at import on every Node release
 * line older than 22, by the line's name alone; 8.x, the last to accept Node 20, has reached its
 * end of life. On Node 20.19 and later (package.json's engines) every API version 9 calls is there
 * (URL.parse, crypto.hash, fetch, structuredClone), and the journeys sign in through it. So that one
 * line is held back on Node 20, and on no other runtime; any other warning passes. Value imports of
 * 'oidc-provider' come from here (eslint.config.js says so); type imports may name it directly.
 */
import type * as OidcProvider from 'oidc-provider';

const UNSUPPORTED_RUNTIME_WARNING = 'oidc-provider WARNING: Unsupported runtime.';

/** True on the Node release line oidc-provider 9 names unsupported but runs on. */
function isNode20(): boolean {
  return process.versions.node.startsWith('20.');
}

async function importOidcProvider(): Promise<typeof OidcProvider> {
  if (!isNode20()) {
    return import('oidc-provider');
  }
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    // The library colours the line on a terminal, so the text is looked for inside it.
    if (typeof args[0] === 'string' && args[0].includes(UNSUPPORTED_RUNTIME_WARNING)) {
      return;
    }
    warn(...args);
  };
  try {
    return await import('oidc-provider');
  } finally {
    console.warn = warn;
  }
}

const oidcProvider = await importOidcProvider();

export const { Provider, errors } = oidcProvider;
export type Provider = OidcProvider.Provider;
