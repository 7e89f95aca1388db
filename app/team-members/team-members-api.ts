/**
 * The marketplace team's roles (/api/v1/admin/team) as TanStack Query hooks: the team, adding a
 * person by email and removing one (team admins only), each change refreshing the list. Answers
 * are checked against their schemas in common/api/team-members.ts.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NoContentResponseSchema } from '../../common/api/http';
import { AddTeamMemberResponseSchema, TeamResponseSchema, type AddTeamMemberRequest } from '../../common/api/team-members';
import { apiFetch } from '../lib/api';
import { UNREACHABLE_MESSAGE } from '../lib/api-error';
import { useSave } from '../lib/use-save';

export const teamMemberQueryKeys = {
  all: ['team', 'members'] as const,
};

/** Every team member, by name. */
export function useTeamMembers() {
  return useQuery({
    queryKey: teamMemberQueryKeys.all,
    queryFn: ({ signal }) => apiFetch('admin/team', TeamResponseSchema, { signal }),
  });
}

function useRefreshTeam() {
  const queryClient = useQueryClient();
  // Inactive too (the list, seen from the add screen), so the screen returned to shows the change at once.
  return () => queryClient.invalidateQueries({ queryKey: teamMemberQueryKeys.all, refetchType: 'all' });
}

/** Adds a person by email: an existing user joins, anyone else is invited (POST /api/v1/admin/team). */
export function useAddTeamMember() {
  const onSuccess = useRefreshTeam();
  return useSave({
    mutationFn: (request: AddTeamMemberRequest) => apiFetch('admin/team', AddTeamMemberResponseSchema, { method: 'POST', body: request }),
    onSuccess,
    failedMessage: UNREACHABLE_MESSAGE,
  });
}

/** Removes a person from the team (DELETE /api/v1/admin/team/{userId}). */
export function useRemoveTeamMember() {
  const onSettled = useRefreshTeam();
  return useMutation({
    mutationFn: (userId: number) => apiFetch(`admin/team/${String(userId)}`, NoContentResponseSchema, { method: 'DELETE' }),
    // A refusal (someone removed them first, the last team admin) may mean the list has changed too.
    onSettled,
  });
}
