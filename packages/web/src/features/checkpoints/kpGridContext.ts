import { createContext, useContext } from 'react';
import type { GridRowModesModel } from '@mui/x-data-grid';

/**
 * What the grid's cells and toolbar need from the tab, passed by context so the column
 * definitions stay the same object across renders (the grid re-renders only the cells that
 * read a changed value).
 */
export interface KpGridActions {
  /** May write (event admin, event not archived). */
  editable: boolean;
  /** May add, import, export and delete (event admin, event not archived). */
  canManage: boolean;
  /** The caller is an event admin (may see answers; print and restore). */
  admin: boolean;
  rowModes: GridRowModesModel;
  /** The last refused save of a row, as a translation key, by KP id. */
  rowErrors: ReadonlyMap<string, string>;
  startEdit: (id: string) => void;
  saveEdit: (id: string) => void;
  cancelEdit: (id: string) => void;
  openEditor: (id: string) => void;
  openResponses: (id: string) => void;
  deleteKp: (id: string) => void;
}

const noop = () => undefined;

export const KpGridContext = createContext<KpGridActions>({
  editable: false,
  canManage: false,
  admin: false,
  rowModes: {},
  rowErrors: new Map(),
  startEdit: noop,
  saveEdit: noop,
  cancelEdit: noop,
  openEditor: noop,
  openResponses: noop,
  deleteKp: noop,
});

/** The grid's actions, for cells rendered inside it. */
export function useKpGrid(): KpGridActions {
  return useContext(KpGridContext);
}
