/** The chosen channel, catalogue and services by their titles (the wizard's review and the team's app), free of the form widgets. */
import type { DirectoryTree } from '../../common/api/directory';
import type { FormData } from '../../common/forms/definition';

/** The answers as the review shows them: titles for the chosen channel, catalogue and services, never their ids. */
export function withCatalogueTitles(answers: FormData, channels: DirectoryTree): FormData {
  const channel = channels.find((candidate) => candidate.id === answers.channel);
  const catalogue = channel?.catalogues.find((candidate) => candidate.id === answers.initial_catalogue);
  const services = Array.isArray(answers.services) ? answers.services : [];
  return {
    ...answers,
    ...(channel ? { channel: channel.title } : {}),
    ...(catalogue ? { initial_catalogue: catalogue.title } : {}),
    ...(catalogue && services.length > 0
      ? { services: services.map((serviceId) => catalogue.services.find((service) => service.id === serviceId)?.title ?? 'A service no longer listed') }
      : {}),
  };
}
