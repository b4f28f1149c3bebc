import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AssignStartTimesBody,
  UndoStartTimesBody,
  CreateTeamBody,
  TeamAnswerBody,
  TeamListEntry,
  UpdateTeamBody,
} from '@rada/core';
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

/** POST a new team; the list refreshes (realtime does too). */
export function useCreateTeam(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTeamBody) => api.createTeam(eventId, body),
    onSuccess: (team) => {
      queryClient.setQueryData<TeamListEntry[]>(queryKeys.teams(eventId), (list) =>
        list && !list.some((t) => t.id === team.id) ? [...list, team] : list,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.teams(eventId) });
    },
  });
}

/** DELETE a team; the answer is its backup, which undo restores. */
export function useDeleteTeam(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamId: string) => api.deleteTeam(eventId, teamId),
    onSuccess: (_backup, teamId) => {
      queryClient.setQueryData<TeamListEntry[]>(queryKeys.teams(eventId), (list) =>
        list?.filter((t) => t.id !== teamId),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.teams(eventId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.deletedTeams(eventId) });
    },
  });
}

/** GET the deleted teams' backups. */
export function useDeletedTeams(eventId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.deletedTeams(eventId),
    queryFn: () => api.deletedTeams(eventId),
    enabled,
  });
}

/** POST a backup's restore: the team comes back with its answers, tickets and tracks. */
export function useRestoreTeam(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (backupId: string) => api.restoreTeam(eventId, backupId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.teams(eventId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.deletedTeams(eventId) });
    },
  });
}

/** POST bulk start times; the list refreshes with the new times. */
export function useAssignStartTimes(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssignStartTimesBody) => api.assignStartTimes(eventId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.teams(eventId) }),
  });
}

/**
 * What the assignment `body` would do (a dry run), for the preview; null `body` asks nothing.
 * Kept under the teams key, so a change of the teams refreshes it.
 */
export function useStartTimesPreview(eventId: string, body: AssignStartTimesBody | null) {
  return useQuery({
    queryKey: queryKeys.startTimesPreview(eventId, body),
    queryFn: () => api.assignStartTimes(eventId, { ...body!, dryRun: true }),
    enabled: body !== null,
    placeholderData: (previous) => previous,
  });
}

/** POST the undo of an assignment; the list refreshes with the old times. */
export function useUndoStartTimes(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UndoStartTimesBody) => api.undoStartTimes(eventId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.teams(eventId) }),
  });
}
