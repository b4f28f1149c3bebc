import type { GridLocaleText } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';

/** Grid texts taken from i18n (keys `kp.grid.<name>`); MUI X ships no Estonian locale. */
const PLAIN_KEYS = [
  'noRowsLabel',
  'noResultsOverlayLabel',
  'noColumnsOverlayLabel',
  'noColumnsOverlayManageColumns',
  'toolbarColumnsLabel',
  'toolbarFiltersLabel',
  'toolbarFiltersTooltipHide',
  'toolbarFiltersTooltipShow',
  'columnsManagementDeleteIconLabel',
  'columnMenuShowColumns',
  'columnHeaderFiltersLabel',
  'footerTotalRows',
  'longTextCellExpandLabel',
  'longTextCellCollapseLabel',
  'filterOperatorAfter',
  'filterOperatorOnOrAfter',
  'filterOperatorBefore',
  'filterOperatorOnOrBefore',
  'toolbarColumns',
  'toolbarFilters',
  'toolbarQuickFilterPlaceholder',
  'toolbarQuickFilterLabel',
  'toolbarQuickFilterDeleteIconLabel',
  'columnsManagementSearchTitle',
  'columnsManagementNoColumns',
  'columnsManagementShowHideAllText',
  'columnsManagementReset',
  'filterPanelAddFilter',
  'filterPanelRemoveAll',
  'filterPanelDeleteIconLabel',
  'filterPanelLogicOperator',
  'filterPanelOperator',
  'filterPanelOperatorAnd',
  'filterPanelOperatorOr',
  'filterPanelColumn',
  'filterPanelInputLabel',
  'filterPanelInputPlaceholder',
  'filterOperatorContains',
  'filterOperatorDoesNotContain',
  'filterOperatorEquals',
  'filterOperatorDoesNotEqual',
  'filterOperatorStartsWith',
  'filterOperatorEndsWith',
  'filterOperatorIs',
  'filterOperatorNot',
  'filterOperatorIsEmpty',
  'filterOperatorIsNotEmpty',
  'filterOperatorIsAnyOf',
  'filterValueAny',
  'filterValueTrue',
  'filterValueFalse',
  'columnMenuLabel',
  'columnMenuManageColumns',
  'columnMenuFilter',
  'columnMenuHideColumn',
  'columnMenuUnsort',
  'columnMenuSortAsc',
  'columnMenuSortDesc',
  'columnHeaderSortIconLabel',
  'booleanCellTrueLabel',
  'booleanCellFalseLabel',
  'actionsCellMore',
  'paginationRowsPerPage',
] as const satisfies readonly (keyof GridLocaleText)[];

/** The grid's locale texts in the interface language. */
export function gridLocaleText(t: TFunction): Partial<GridLocaleText> {
  const text: Partial<GridLocaleText> = {};
  for (const key of PLAIN_KEYS) (text as Record<string, unknown>)[key] = t(`kp.grid.${key}`);
  text.paginationDisplayedRows = ({ from, to, count }) =>
    t('kp.grid.paginationDisplayedRows', { from, to, count });
  text.toolbarFiltersTooltipActive = (count) => t('kp.grid.filtersActive', { count });
  text.columnHeaderFiltersTooltipActive = (count) => t('kp.grid.filtersActive', { count });
  text.columnMenuAriaLabel = (column) => t('kp.grid.columnMenuAriaLabel', { column });
  text.paginationItemAriaLabel = (type) => t(`kp.grid.page.${type}`);
  return text;
}

/** The `kp.grid.*` keys this module reads, for the translations test. */
export const GRID_LOCALE_KEYS = [
  ...PLAIN_KEYS.map((k) => `kp.grid.${k}`),
  'kp.grid.paginationDisplayedRows',
  'kp.grid.filtersActive',
  'kp.grid.columnMenuAriaLabel',
  ...(['first', 'last', 'next', 'previous'] as const).map((type) => `kp.grid.page.${type}`),
];
