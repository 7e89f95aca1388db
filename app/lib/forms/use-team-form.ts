/**
 * A stored form version, for the team's app to read a record's answers by their questions
 * (GET /admin/forms/{key}/{version}, team only). Versions never change, so one load serves the page.
 */
import { useQuery } from '@tanstack/react-query';
import { FormDefinitionResponseSchema } from '../../../common/api/forms';
import { apiFetch } from '../api';

export function useTeamForm(key: string, version: number) {
  return useQuery({
    queryKey: ['team-form', key, version],
    queryFn: ({ signal }) => apiFetch(`admin/forms/${encodeURIComponent(key)}/${String(version)}`, FormDefinitionResponseSchema, { signal }),
    staleTime: Infinity,
  });
}
