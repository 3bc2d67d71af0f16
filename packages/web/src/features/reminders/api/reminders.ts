import {
  ReminderSettingsAnswerSchema,
  ReminderTestAnswerSchema,
  type ReminderSettings,
} from '@spellwell/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /reminders`: the settings, the zone they are read in, and whether e-mail is offered. */
export function getReminders() {
  return api('/reminders', { schema: ReminderSettingsAnswerSchema });
}

export function useReminders() {
  return useQuery({ queryKey: queryKeys.reminders(), queryFn: getReminders });
}

/** `PUT /reminders`, saved with this browser's time zone (the API client sends it). */
export function useSaveReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ReminderSettings) =>
      api('/reminders', { method: 'PUT', body: settings, schema: ReminderSettingsAnswerSchema }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.reminders(), saved),
  });
}

/** `POST /reminders/test`: one reminder now, to every channel that is on. */
export function useSendTestReminder() {
  return useMutation({
    mutationFn: () => api('/reminders/test', { method: 'POST', schema: ReminderTestAnswerSchema }),
  });
}
