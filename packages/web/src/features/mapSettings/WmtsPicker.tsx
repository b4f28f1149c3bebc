import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  LinearProgress,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Radio,
  Stack,
  TextField,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { WmtsLayerConf } from '@rada/core';
import { api } from '../../api/client.ts';
import { errorText } from '../../i18n/errorText.ts';

/**
 * Reads a WMTS capabilities document through the server (the browser would be stopped by CORS)
 * and offers its layers: one to pick (`maaamet`) or several stacked (`maametmulti`). Layers in
 * a grid Rada cannot draw are listed, greyed, with the reason.
 */
export function WmtsPicker({
  eventId,
  initialUrl,
  multiple,
  chosen,
  onPick,
  testId,
}: {
  eventId: string;
  initialUrl: string;
  multiple: boolean;
  /** Identifiers of the layers now in use. */
  chosen: readonly string[];
  onPick: (confs: WmtsLayerConf[]) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(initialUrl);
  const load = useMutation({ mutationFn: () => api.mapCapabilities(url.trim(), eventId) });
  const layers = load.data?.layers ?? [];
  const toggle = (id: string) => {
    const ids = multiple
      ? chosen.includes(id)
        ? chosen.filter((c) => c !== id)
        : [...chosen, id]
      : [id];
    const confs = ids
      .map((i) => layers.find((l) => l.identifier === i)?.conf)
      .filter((c): c is WmtsLayerConf => c !== null && c !== undefined);
    if (confs.length > 0) onPick(confs);
  };
  return (
    <Box data-testid={testId}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          fullWidth
          label={t('map.field.capabilities')}
          helperText={t('map.wmts.help')}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': `${testId}-url` } }}
        />
        <Button
          variant="outlined"
          disabled={url.trim() === '' || load.isPending}
          onClick={() => load.mutate()}
          data-testid={`${testId}-load`}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('map.wmts.load')}
        </Button>
      </Stack>
      {load.isPending && <LinearProgress sx={{ mt: 1 }} />}
      {load.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorText(t, load.error)}
        </Alert>
      )}
      {load.data && (
        <>
          {load.data.title && (
            <Box sx={{ mt: 1, typography: 'body2', color: 'text.secondary' }}>
              {load.data.title}
              {load.data.abstract && ` — ${load.data.abstract}`}
            </Box>
          )}
          <List dense sx={{ maxHeight: 280, overflow: 'auto' }}>
            {layers.map((l) => {
              const on = chosen.includes(l.identifier);
              return (
                <ListItemButton
                  key={l.identifier}
                  disabled={!l.conf}
                  onClick={() => toggle(l.identifier)}
                  data-testid={`${testId}-layer-${l.identifier}`}
                >
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    {multiple ? (
                      <Checkbox edge="start" size="small" checked={on} tabIndex={-1} />
                    ) : (
                      <Radio edge="start" size="small" checked={on} tabIndex={-1} />
                    )}
                  </ListItemIcon>
                  <ListItemText
                    primary={`${l.title} (${l.identifier})`}
                    secondary={
                      l.conf
                        ? [
                            l.abstract,
                            t('map.wmts.grid', {
                              crs: l.conf.crs,
                              min: l.conf.minZoom,
                              max: l.conf.maxZoom,
                            }),
                          ]
                            .filter(Boolean)
                            .join(' · ')
                        : t(`map.wmts.${l.unusable ?? 'nomatrixset'}`)
                    }
                  />
                </ListItemButton>
              );
            })}
          </List>
        </>
      )}
    </Box>
  );
}
