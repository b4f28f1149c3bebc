import { createContext, useContext, useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Divider,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
  Tooltip,
  Typography,
} from '@mui/material';
import type { ButtonProps } from '@mui/material';
import type { ToolbarButtonProps } from '@mui/x-data-grid';
import {
  ColumnsPanelTrigger,
  FilterPanelTrigger,
  QuickFilter,
  QuickFilterClear,
  QuickFilterControl,
  Toolbar,
  ToolbarButton,
} from '@mui/x-data-grid';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import FilterListIcon from '@mui/icons-material/FilterList';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import AddIcon from '@mui/icons-material/Add';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import CheckIcon from '@mui/icons-material/Check';
import NumbersIcon from '@mui/icons-material/FormatListNumbered';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import TableRowsIcon from '@mui/icons-material/TableRows';
import SearchIcon from '@mui/icons-material/Search';
import CancelIcon from '@mui/icons-material/Cancel';
import { useTranslation } from 'react-i18next';
import { KP_COLOUR_MODES } from '@rada/core';
import type { KpColourMode } from '@rada/core';
import type { ExportFormat } from './kpFiles.ts';
import { ExportFormatMenu } from './ExportFormatMenu.tsx';

/** What the grid's toolbar may do; given by the tab through context. */
export interface KpToolbarActions {
  /** Event admin (print, more-menu). */
  admin: boolean;
  /** May add, import, export (admin, not archived). */
  canManage: boolean;
  /** May re-enumerate and restore (admin, not archived). */
  editable: boolean;
  count: number;
  adding: boolean;
  onAdd: () => void;
  onImport: () => void;
  onDownload: (format: ExportFormat) => void;
  /** Address of the printable sheet, opened in a new tab. */
  printHref: string;
  colourMode: KpColourMode;
  onColourMode: (mode: KpColourMode) => void;
  onRenumber: () => void;
  onRestore: () => void;
  onOldDialog: () => void;
}

export const KpToolbarContext = createContext<KpToolbarActions | null>(null);

/** The toolbar width from which its buttons show their names beside their icons. */
export const KP_TOOLBAR_LABEL_WIDTH = 980;

/** The rules of the toolbar's button names, spread into the grid's `sx`. */
export const KP_TOOLBAR_STYLES = {
  '& .kp-tool': { minWidth: 0, px: 1, textTransform: 'none', whiteSpace: 'nowrap' },
  '& .kp-tool-label': { display: 'none', ml: 0.75 },
  [`@container (min-width: ${KP_TOOLBAR_LABEL_WIDTH}px)`]: {
    '& .kp-tool-label': { display: 'inline' },
  },
} as const;

/**
 * A toolbar button: its icon, and its name beside it where the toolbar has room (an icon alone
 * on narrower screens, named by its tooltip and aria-label).
 */
function ToolButton({ label, children, ...props }: ToolbarButtonProps & { label: string }) {
  return (
    <ToolbarButton
      aria-label={label}
      {...props}
      render={({ color, children: icon, ...rendered }) => (
        <Button
          {...(rendered as ButtonProps)}
          size="small"
          color={color === 'primary' ? 'primary' : 'inherit'}
          className="kp-tool"
        >
          {icon}
          <span className="kp-tool-label">{label}</span>
        </Button>
      )}
    >
      {children}
    </ToolbarButton>
  );
}

/** The download menu: JSON, CSV or GPX of all checkpoints. */
function DownloadButton({ onDownload }: { onDownload: (format: ExportFormat) => void }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title={t('kp.download')}>
        <ToolButton
          label={t('kp.download')}
          aria-haspopup="true"
          onClick={(e) => setAnchor(e.currentTarget)}
          data-testid="kp-download"
        >
          <DownloadIcon fontSize="small" />
        </ToolButton>
      </Tooltip>
      <ExportFormatMenu
        anchor={anchor}
        onClose={close}
        onDownload={onDownload}
        testIdPrefix="kp-download"
      />
    </>
  );
}

/** The more-menu: colouring, re-enumerate, restore deleted, the old dialog. */
function MoreMenu({ actions }: { actions: KpToolbarActions }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const run = (fn: () => void) => () => {
    close();
    fn();
  };
  return (
    <>
      <Tooltip title={t('kp.more')}>
        <ToolbarButton
          aria-label={t('kp.more')}
          aria-haspopup="true"
          onClick={(e) => setAnchor(e.currentTarget)}
          data-testid="kp-more"
        >
          <MoreVertIcon fontSize="small" />
        </ToolbarButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        <ListSubheader sx={{ lineHeight: '32px' }}>{t('kp.colour')}</ListSubheader>
        {KP_COLOUR_MODES.map((mode) => (
          <MenuItem
            key={mode}
            selected={actions.colourMode === mode}
            onClick={run(() => actions.onColourMode(mode))}
            data-testid={`kp-colour-${mode}`}
          >
            <ListItemIcon>
              {actions.colourMode === mode && <CheckIcon fontSize="small" />}
            </ListItemIcon>
            <ListItemText>{t(`kp.colour.${mode}`)}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        {actions.editable && (
          <MenuItem onClick={run(actions.onRenumber)} data-testid="kp-renumber">
            <ListItemIcon>
              <NumbersIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('kp.renumber')}</ListItemText>
          </MenuItem>
        )}
        {actions.editable && (
          <MenuItem onClick={run(actions.onRestore)} data-testid="kp-restore">
            <ListItemIcon>
              <RestoreIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('kp.restore')}</ListItemText>
          </MenuItem>
        )}
        <MenuItem onClick={run(actions.onOldDialog)} data-testid="kp-olddialog">
          <ListItemIcon>
            <TableRowsIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('kp.olddialog')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}

/** The grid's quick search, always open: it matches any column's text. */
function QuickSearch() {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        ml: 1,
        '& .MuiFormControl-root': { width: { xs: 140, sm: 200 } },
        '& .kp-search-empty': { visibility: 'hidden' },
      }}
    >
      <QuickFilter defaultExpanded>
        <QuickFilterControl
          size="small"
          placeholder={t('kp.grid.toolbarQuickFilterPlaceholder')}
          aria-label={t('kp.grid.toolbarQuickFilterLabel')}
          slotProps={{
            input: {
              startAdornment: (
                <SearchIcon fontSize="small" sx={{ mr: 0.5, color: 'action.active' }} />
              ),
              endAdornment: (
                <QuickFilterClear
                  size="small"
                  aria-label={t('kp.grid.toolbarQuickFilterDeleteIconLabel')}
                  className={(state) => (state.value ? '' : 'kp-search-empty')}
                >
                  <CancelIcon fontSize="small" />
                </QuickFilterClear>
              ),
            },
            htmlInput: { 'data-testid': 'kp-search' } as object,
          }}
        />
      </QuickFilter>
    </Box>
  );
}

/**
 * The KP grid's toolbar (spec 01 screen 9): columns, filters, import, download, print, quick
 * search, add, and the more-menu. Archived events and viewers get only the read-only parts.
 */
export function KpToolbar() {
  const { t } = useTranslation();
  const actions = useContext(KpToolbarContext);
  if (!actions) return null;
  return (
    // Wraps on phones instead of scrolling sideways; its width decides whether the buttons'
    // names show (KP_TOOLBAR_STYLES).
    <Toolbar
      style={{ flexWrap: 'wrap', flex: '0 0 auto', rowGap: 4, containerType: 'inline-size' }}
    >
      <Typography sx={{ fontWeight: 500, mr: 'auto', px: 0.5 }} data-testid="kp-count">
        {t('kp.count', { count: actions.count })}
      </Typography>
      <Tooltip title={t('kp.columns')}>
        <ColumnsPanelTrigger render={<ToolButton label={t('kp.columns')} />}>
          <ViewColumnIcon fontSize="small" />
        </ColumnsPanelTrigger>
      </Tooltip>
      <Tooltip title={t('kp.filters')}>
        <FilterPanelTrigger
          render={(props, state) => (
            <ToolButton
              {...props}
              label={t('kp.filters')}
              color={state.filterCount > 0 ? 'primary' : 'default'}
            >
              <Badge badgeContent={state.filterCount} color="primary" variant="dot">
                <FilterListIcon fontSize="small" />
              </Badge>
            </ToolButton>
          )}
        />
      </Tooltip>
      {actions.canManage && (
        <Tooltip title={t('kp.import')}>
          <ToolButton label={t('kp.import')} onClick={actions.onImport} data-testid="kp-import">
            <UploadFileIcon fontSize="small" />
          </ToolButton>
        </Tooltip>
      )}
      {actions.canManage && <DownloadButton onDownload={actions.onDownload} />}
      {actions.admin && (
        <Tooltip title={t('kp.print')}>
          <ToolButton
            label={t('kp.print.short')}
            aria-label={t('kp.print')}
            onClick={() => window.open(actions.printHref, '_blank', 'noopener')}
            data-testid="kp-print"
          >
            <PrintIcon fontSize="small" />
          </ToolButton>
        </Tooltip>
      )}
      {actions.admin && <MoreMenu actions={actions} />}
      <QuickSearch />
      {actions.canManage && (
        <Button
          variant="contained"
          size="small"
          startIcon={<AddIcon />}
          disabled={actions.adding}
          onClick={actions.onAdd}
          data-testid="kp-add"
          sx={{ ml: 1, whiteSpace: 'nowrap' }}
        >
          {t('kp.add')}
        </Button>
      )}
    </Toolbar>
  );
}
