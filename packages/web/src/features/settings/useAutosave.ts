import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { AUTOSAVE_DELAY_MS } from '@rada/core';
import type { SaveStatus } from '../../components/SaveStatusIcon.tsx';
import { errorKey } from '../../i18n/errorText.ts';
import { useSaveReport } from './saveStatus.tsx';

interface AutosaveOptions<D> {
  /** Unique id of the field on its page, for the page's save indicator. */
  id: string;
  /** The draft of the stored value; shown whenever the field holds no unsaved edit. */
  serverDraft: D;
  /** Translation key of what is wrong with a draft, or null when it may be saved. */
  validate: (draft: D) => string | null;
  /** Stores a valid draft; rejects with an ApiError on failure. */
  save: (draft: D) => Promise<void>;
}

/**
 * One autosaved field: keeps the person's edit locally, saves it AUTOSAVE_DELAY_MS after the
 * last change (at once for switches and menus, or on blur), and goes back to showing the
 * stored value after a save unless something newer was typed meanwhile.
 */
export function useAutosave<D>({ id, serverDraft, validate, save }: AutosaveOptions<D>) {
  const [local, setLocal] = useState<{ draft: D } | null>(null);
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<{ draft: D } | null>(null);
  const latest = useRef<{ draft: D } | null>(null);
  const saveRef = useRef(save);
  const validateRef = useRef(validate);
  useLayoutEffect(() => {
    saveRef.current = save;
    validateRef.current = validate;
  });

  const report = useSaveReport();
  useEffect(() => report(id, status), [report, id, status]);
  useEffect(() => () => report(id, 'idle'), [report, id]);

  const run = useCallback(async (edit: { draft: D }) => {
    pending.current = null;
    setError(null);
    setStatus('saving');
    try {
      await saveRef.current(edit.draft);
      setStatus('saved');
      if (latest.current === edit) {
        latest.current = null;
        setLocal(null);
      }
    } catch (e) {
      setStatus('error');
      // A refused value is this field's problem, not a broken request.
      const key = errorKey(e);
      setError(key === 'error.validation' ? 'settings.error.invalid' : key);
    }
  }, []);

  const change = useCallback(
    (draft: D, options?: { immediate?: boolean }) => {
      const edit = { draft };
      latest.current = edit;
      setLocal(edit);
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      pending.current = null;
      const problem = validateRef.current(draft);
      setError(problem);
      if (problem) {
        setStatus('error');
        return;
      }
      setStatus('pending');
      if (options?.immediate) {
        void run(edit);
        return;
      }
      pending.current = edit;
      timer.current = setTimeout(() => {
        timer.current = null;
        void run(edit);
      }, AUTOSAVE_DELAY_MS);
    },
    [run],
  );

  /** Saves a waiting edit now (on blur). */
  const flush = useCallback(() => {
    if (!pending.current) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    void run(pending.current);
  }, [run]);

  // Leaving the page within the delay still saves the last edit.
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      if (pending.current) void saveRef.current(pending.current.draft).catch(() => undefined);
    },
    [],
  );

  return { draft: local ? local.draft : serverDraft, status, error, change, flush };
}
