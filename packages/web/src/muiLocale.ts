/**
 * MUI's component texts in Estonian, as `@mui/material/locale`'s etEE has them (MUI's defaults
 * are English). That module formats numbers with an `Intl.NumberFormat('et-EE')` made when it is
 * loaded, which loads Estonian number data on every visit in any language: 170 ms at the start of
 * a slow phone's page (bench pageWeight). Here the formatter is made when a number is first shown.
 */
let formatter: Intl.NumberFormat | undefined;
const formatNumber = (value: number) =>
  Number.isFinite(value)
    ? (formatter ??= new Intl.NumberFormat('et-EE')).format(value)
    : String(value);

const pageLabel = (type: string) =>
  type === 'first'
    ? 'Vali esimene lehekülg'
    : type === 'last'
      ? 'Vali viimane lehekülg'
      : type === 'next'
        ? 'Vali järgmine lehekülg'
        : 'Vali eelmine lehekülg';

export const etComponents = {
  components: {
    MuiBreadcrumbs: { defaultProps: { expandText: 'Näita teed' } },
    MuiTablePagination: {
      defaultProps: {
        getItemAriaLabel: pageLabel,
        labelRowsPerPage: 'Ridu leheküljel:',
        labelDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
          `${formatNumber(from)}–${formatNumber(to)} / ${
            count !== -1 ? formatNumber(count) : `rohkem kui ${formatNumber(to)}`
          }`,
      },
    },
    MuiRating: {
      defaultProps: {
        getLabelText: (value: number) => `${value} Tärn${value !== 1 ? 'i' : ''}`,
        emptyLabelText: 'Tühi',
      },
    },
    MuiAutocomplete: {
      defaultProps: {
        clearText: 'Tühjenda',
        closeText: 'Sulge',
        loadingText: 'Laen…',
        noOptionsText: 'Valikuid ei ole',
        openText: 'Ava',
      },
    },
    MuiAlert: { defaultProps: { closeText: 'Sulge' } },
    MuiPagination: {
      defaultProps: {
        'aria-label': 'Lehekülgede valik',
        getItemAriaLabel: (type: string, page: number | null, selected: boolean) =>
          type === 'page' ? `${selected ? '' : 'Vali '}lehekülg ${page}` : pageLabel(type),
      },
    },
  },
};
