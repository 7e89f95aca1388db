/**
 * The public registration page (spec §2 "Public registration app"): /register and every path below
 * it render the page the register app mounts into, with the visitor's security token (publicForm)
 * and the app's settings: the step slugs and labels, the current form version, the catalogue tree.
 * The root redirects to the first step, and there the page holds that step itself, drawn with the
 * app's own components (app/registration/first-step-screen.tsx): a first visitor reads it and starts
 * typing before any of the app's code has loaded (app/registration/first-visit.ts). Before it, the
 * start page (start-page.tsx, at REGISTER_START_PATH), without the app.
 */
import validator from '@rjsf/validator-ajv8';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_REGISTRATION_STEPS, REGISTER_BASENAME, REGISTER_START_PATH, type RegisterSettings } from '../../../common/registration/steps';
import { REGISTRATION_FORM_KEY } from '../../../common/registration/rules';
import { FirstStepScreen } from '../../../app/registration/first-step-screen';
import { registerStepLabel } from '../../../app/registration/step-frame';
import type { App } from '../../app-type';
import { NeedsJavaScript } from '../../pages/needs-javascript';
import { getDirectoryTree } from '../directory/service';
import { findLatestFormDefinition } from '../forms/registry';
import { validatorsPath } from '../forms/validators';
import { RegisterStartPage } from './start-page';

const FIRST_STEP_PATH = `${REGISTER_BASENAME}/${DEFAULT_REGISTRATION_STEPS[0]?.slug ?? ''}`;

export async function registerRegistrationPages(app: App): Promise<void> {
  const { db } = app.database;
  const hidden = { schema: { hide: true } };

  const sendRegisterPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const definition = await findLatestFormDefinition(db, REGISTRATION_FORM_KEY);
    if (!definition) {
      throw new Error('The registration form is not stored: ensureFormDefinitions has not run');
    }
    const settings: RegisterSettings = {
      basename: REGISTER_BASENAME,
      steps: [...DEFAULT_REGISTRATION_STEPS],
      form: { ...definition, validators: validatorsPath(definition) },
      channels: await getDirectoryTree(db),
    };
    // Under Vite's dev server the page links no stylesheets (the app's modules bring them), so the app draws every step.
    const isFirstStep = !app.config.viteDevServer && request.url.split('?')[0]?.replace(/\/+$/, '') === FIRST_STEP_PATH;
    return reply.sendPage({
      title: 'Register your business',
      // The title the app gives the step, so it stays the same when the app takes over.
      documentTitle: isFirstStep ? `${registerStepLabel(settings, 0)} — ${app.config.productName}` : undefined,
      publicForm: true,
      app: 'app__register',
      children: (
        <>
          <div id="app__register" className="app-mount" data-settings={JSON.stringify(settings)}>
            {isFirstStep && <FirstStepScreen settings={settings} validator={validator} />}
          </div>
          <NeedsJavaScript />
        </>
      ),
    });
  };

  app.get(REGISTER_START_PATH, hidden, (_request, reply) =>
    reply.sendPage({
      title: 'Register your business',
      description: `Register your business to sell to government agencies through the ${app.config.productName}: what you need, how long it takes and what happens next.`,
      children: (
        <RegisterStartPage
          productName={app.config.productName}
          firstStepPath={FIRST_STEP_PATH}
          reviewTargetDays={app.config.reviewTargetDays}
          uploadMaxBytes={app.config.uploadMaxBytes}
        />
      ),
    }),
  );
  // The root redirects to the first step (spec §2): here, before the page, so the server can draw it.
  app.get(REGISTER_BASENAME, hidden, (request, reply) => reply.redirect(`${FIRST_STEP_PATH}${request.url.slice(REGISTER_BASENAME.length)}`));
  app.get(`${REGISTER_BASENAME}/*`, hidden, sendRegisterPage);
}
