import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamAnswerBody, TeamListEntry, UpdateTeamBody } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';

/**
 * Server state of the organiser's team tools. Realtime `teams` changes invalidate
 * ['event', id, 'teams'], which holds the list and every team's answers.
 */

/** GET /api/events/:id/teams. */
export function useTeams(eventId: string) {
  return useQuery({ queryKey: queryKeys.teams(eventId), queryFn: () => api.teams(eventId) });
}

/** GET /api/events/:id/teams/:teamId/answers. */
export function useTeamAnswers(eventId: string, teamId: string) {
  return useQuery({
    queryKey: queryKeys.teamAnswers(eventId, teamId),
    queryFn: () => api.teamAnswers(eventId, teamId),
  });
}

/** PATCH a team; the answer replaces the team in the cached list at once. */
export function useUpdateTeam(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, body }: { teamId: string; body: UpdateTeamBody }) =>
      api.updateTeam(eventId, teamId, body),
    onSuccess: (team) => {
      queryClient.setQueryData<TeamListEntry[]>(queryKeys.teams(eventId), (list) =>
        list?.map((t) => (t.id === team.id ? team : t)),
      );
    },
  });
}

/** Sets (PUT) or deletes one answer of a team, then refreshes the team's answers and counts. */
export function useAnswerWrites(eventId: string, teamId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.teams(eventId) });
  const set = useMutation({
    mutationFn: ({ kpId, body }: { kpId: string; body: TeamAnswerBody }) =>
      api.setTeamAnswer(eventId, teamId, kpId, body),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (kpId: string) => api.deleteTeamAnswer(eventId, teamId, kpId),
    onSettled: refresh,
  });
  return { set, remove };
}
