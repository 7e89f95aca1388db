/**
 * The public registration page (spec §2 "Public registration app"): /register and every path below
 * it render the page the register app mounts into, with the visitor's security token (publicForm)
 * and the app's settings: the step slugs and labels, the current form version, the catalogue tree.
 */
import type { FastifyReply } from 'fastify';
import { DEFAULT_REGISTRATION_STEPS, REGISTER_BASENAME, type RegisterSettings } from '../../../common/registration/steps';
import { REGISTRATION_FORM_KEY } from '../../../common/registration/rules';
import type { App } from '../../app-type';
import { getDirectoryTree } from '../directory/service';
import { findLatestFormDefinition } from '../forms/registry';
import { validatorsPath } from '../forms/validators';

export async function registerRegistrationPages(app: App): Promise<void> {
  const { db } = app.database;
  const hidden = { schema: { hide: true } };

  const sendRegisterPage = async (reply: FastifyReply) => {
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
    return reply.sendPage({
      title: 'Register your business',
      publicForm: true,
      app: 'app__register',
      children: <div id="app__register" className="app-mount" data-settings={JSON.stringify(settings)} />,
    });
  };

  app.get(REGISTER_BASENAME, hidden, (_request, reply) => sendRegisterPage(reply));
  app.get(`${REGISTER_BASENAME}/*`, hidden, (_request, reply) => sendRegisterPage(reply));
}
