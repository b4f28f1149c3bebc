import { useRef } from 'react';
import type { ReactNode } from 'react';
import { TableBody } from '@mui/material';
import { useWindowRows } from '../hooks/useWindowRows.ts';

/** Lists longer than this render only the rows near the view. */
export const WINDOWED_FROM = 150;

/**
 * A table body that renders only the rows near the view when the list is long (a 2,000-team
 * table scrolls smoothly on a phone) and every row when it is short or `all` is set (printing).
 * `row(index)` renders one row, which must carry `data-index={index}` to be measured; the view is
 * the window, or `scroller` when the table scrolls in a box of its own.
 */
export function WindowedBody({
  count,
  estimate,
  row,
  all = false,
  scroller,
}: {
  count: number;
  /** A row's usual height in pixels, used until it is measured. */
  estimate: number;
  row: (index: number) => ReactNode;
  all?: boolean;
  scroller?: HTMLElement | null;
}) {
  const body = useRef<HTMLTableSectionElement>(null);
  const windowed = !all && count > WINDOWED_FROM;
  const { start, end, padTop, padBottom } = useWindowRows(
    count,
    estimate,
    windowed,
    body,
    scroller,
  );
  const rows: ReactNode[] = [];
  for (let i = start; i < end; i++) rows.push(row(i));
  return (
    // No scroll anchoring inside: the browser would move the page when rows are swapped for a
    // spacer of nearly their height, the list would move with it, and so on without end.
    <TableBody ref={body} sx={{ overflowAnchor: 'none' }}>
      {padTop > 0 && <Spacer height={padTop} />}
      {rows}
      {padBottom > 0 && <Spacer height={padBottom} />}
    </TableBody>
  );
}

/** A row standing in for the rows not rendered: a row without a cell would have no height. */
function Spacer({ height }: { height: number }) {
  return (
    <tr aria-hidden>
      <td colSpan={999} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}
