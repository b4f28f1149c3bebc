import { Menu, MenuItem } from '@mui/material';

/** One entry of an ActionMenu. */
export interface MenuAction {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  testId?: string;
}

/**
 * A menu of actions at `anchor`; choosing one closes the menu first. Pages load it lazily when
 * it is first opened, so a visitor who never opens it does not download MUI's menu and popover.
 */
export function ActionMenu({
  anchor,
  onClose,
  actions,
}: {
  anchor: HTMLElement;
  onClose: () => void;
  actions: readonly MenuAction[];
}) {
  return (
    <Menu anchorEl={anchor} open onClose={onClose}>
      {actions.map((a) => (
        <MenuItem
          key={a.label}
          disabled={a.disabled}
          onClick={() => {
            onClose();
            a.onClick();
          }}
          data-testid={a.testId}
        >
          {a.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
