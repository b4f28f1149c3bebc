import { describe, expect, it } from 'vitest';
import { etComponents } from './muiLocale.ts';

describe('etComponents', () => {
  it('writes the table pagination in Estonian with Estonian number grouping (from five digits)', () => {
    const { labelDisplayedRows, labelRowsPerPage } =
      etComponents.components.MuiTablePagination.defaultProps;
    expect(labelRowsPerPage).toBe('Ridu leheküljel:');
    expect(labelDisplayedRows({ from: 1, to: 50, count: 20000 }).replace(/\s/g, ' ')).toBe(
      '1–50 / 20 000',
    );
    expect(labelDisplayedRows({ from: 51, to: 100, count: -1 })).toBe('51–100 / rohkem kui 100');
  });
});
