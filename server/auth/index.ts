/**
 * Identity: the embedded OpenID Connect provider (when no external issuer is configured) and the
 * API's token verification, user provisioning and supplier-context hooks.
 */
import type { App } from '../app-type';
import { isSessionLive } from './accounts';
import { createAuthenticate } from './authenticate';
import { createRequireTeamAdmin, requireTeamMember } from './require-team-member';
import { registerIdentityProvider } from './identity-provider';
import { createLastUsedRecorder } from './sign-in-sessions';
import { createAgencyContextHandlers } from './agency-context';
import { createSupplierContextHandlers } from './supplier-context';
import { createEmbeddedTokenVerifier, createRemoteTokenVerifier, type TokenVerifier } from './verify-token';

export async function registerAuth(app: App): Promise<void> {
  app.decorateRequest('currentUser', null);
  app.decorateRequest('accessToken', null);
  app.decorateRequest('supplierContext', null);
  app.decorateRequest('agencyContext', null);

  let verifier: TokenVerifier;
  if (app.config.oidc.embedded) {
    const { keys } = await registerIdentityProvider(app);
    const { db } = app.database;
    const recordLastUsed = createLastUsedRecorder(db);
    verifier = createEmbeddedTokenVerifier(app.config, keys.publicJwks, async (sessionUid) => {
      const isLive = await isSessionLive(db, sessionUid);
      if (isLive) {
        // 'Your account' shows when each sign-in was last used; a failed write never fails the call.
        await recordLastUsed(sessionUid).catch((error: unknown) => {
          app.log.warn({ err: error }, 'could not record when a sign-in was last used');
        });
      }
      return isLive;
    });
  } else {
    // An external issuer: /oidc and the sign-in pages are not mounted at all.
    verifier = createRemoteTokenVerifier(app.config);
  }

  app.decorate('authenticate', createAuthenticate(app, verifier));
  const { requireSupplier, requireSupplierAdmin } = createSupplierContextHandlers(app);
  app.decorate('requireSupplier', requireSupplier);
  app.decorate('requireSupplierAdmin', requireSupplierAdmin);
  const { requireAgency, requireAgencyAdmin } = createAgencyContextHandlers(app);
  app.decorate('requireAgency', requireAgency);
  app.decorate('requireAgencyAdmin', requireAgencyAdmin);
  app.decorate('requireTeamMember', requireTeamMember);
  app.decorate('requireTeamAdmin', createRequireTeamAdmin(app.database.db));
}
