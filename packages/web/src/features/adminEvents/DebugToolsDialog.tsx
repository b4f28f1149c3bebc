import 'leaflet/dist/leaflet.css';
import { Fragment, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Link,
  MenuItem,
  Paper,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  TextField,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { Circle, MapContainer, useMap, useMapEvents } from 'react-leaflet';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import {
  FIND_RADIUS_KM,
  MAP_DEFAULT_CENTER,
  MAP_DEFAULT_ZOOM,
  VERSION_PERIODS,
  VERSION_PERIOD_DEFAULT,
  VERSION_TABLES,
} from '@rada/core';
import type { VersionTable } from '@rada/core';
import { api } from '../../api/client.ts';
import { EmptyState, ErrorState, LoadingState } from '../../components/States.tsx';
import { OsmTiles } from '../map/BaseLayers.tsx';
import { IssuesTable, time } from './IssuesTable.tsx';
import { ArchiveColoursTool } from './ArchiveColoursTool.tsx';
import { RawDataView } from './RawDataView.tsx';

const TOOLS = [
  'codes',
  'nearby',
  'devices',
  'gps',
  'versions',
  'clients',
  'issues',
  'recode',
  'colours',
  'raw',
  'log',
] as const;
type Tool = (typeof TOOLS)[number];

/** A query's loading, error and empty states around its table. */
function Shown<T>({
  query,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>;
  empty: string;
  children: (rows: T[]) => ReactNode;
}) {
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <EmptyState text={empty} />;
  return <TableContainer>{children(query.data)}</TableContainer>;
}

function Codes() {
  const { t } = useTranslation();
  const codes = useQuery({ queryKey: ['debug', 'codes'], queryFn: api.debugCodes });
  return (
    <Shown query={codes} empty={t('debug.codes.empty')}>
      {(rows) => (
        <Table size="small" data-testid="debug-codes">
          <TableHead>
            <TableRow>
              <TableCell>{t('debug.col.code')}</TableCell>
              <TableCell>{t('debug.col.event')}</TableCell>
              <TableCell>{t('debug.col.single')}</TableCell>
              <TableCell>{t('debug.col.valid')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((c) => (
              <TableRow key={c.code}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{c.code}</TableCell>
                <TableCell>
                  {c.eventName === null ? (
                    t('debug.needevent')
                  ) : (
                    <Link component={RouterLink} to={`/${c.eventId}`}>
                      {c.eventName}
                    </Link>
                  )}
                </TableCell>
                <TableCell>{c.singleteam ? t('debug.yes') : ''}</TableCell>
                <TableCell>{time(c.valid)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Shown>
  );
}

/** Zoom that shows the whole FIND_RADIUS_KM circle. */
const POINT_ZOOM = 11;

/** Centres the map on the searched point, close enough to see its circle. */
function FollowPoint({ point }: { point: { lat: number; lng: number } | null }) {
  const map = useMap();
  useEffect(() => {
    if (point) {
      map.setView([point.lat, point.lng], Math.max(map.getZoom(), POINT_ZOOM), { animate: false });
    }
  }, [map, point]);
  return null;
}

/** Picks the point where the map is clicked. */
function PickOnClick({ onPick }: { onPick: (p: { lat: number; lng: number }) => void }) {
  useMapEvents({ click: (e) => onPick({ lat: e.latlng.lat, lng: e.latlng.lng }) });
  return null;
}

function Nearby() {
  const { t } = useTranslation();
  const [point, setPoint] = useState<{ lat: number; lng: number } | null>(null);
  const [typed, setTyped] = useState({ lat: '', lng: '' });
  const near = useQuery({
    queryKey: ['debug', 'nearby', point],
    queryFn: () => api.debugNearby(point!),
    enabled: point !== null,
  });
  const pick = (p: { lat: number; lng: number }) => {
    setPoint(p);
    setTyped({ lat: p.lat.toFixed(5), lng: p.lng.toFixed(5) });
  };
  return (
    <Stack sx={{ gap: 2 }}>
      <Box sx={{ height: 320, isolation: 'isolate' }} data-testid="debug-nearby-map">
        <MapContainer
          center={[MAP_DEFAULT_CENTER.lat, MAP_DEFAULT_CENTER.lng]}
          zoom={MAP_DEFAULT_ZOOM}
          style={{ height: '100%' }}
        >
          <OsmTiles />
          <PickOnClick onPick={pick} />
          <FollowPoint point={point} />
          {point && <Circle center={[point.lat, point.lng]} radius={FIND_RADIUS_KM * 1000} />}
        </MapContainer>
      </Box>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {(['lat', 'lng'] as const).map((k) => (
          <TextField
            key={k}
            label={t(`debug.${k}`)}
            value={typed[k]}
            onChange={(e) => setTyped({ ...typed, [k]: e.target.value })}
            slotProps={{ htmlInput: { 'data-testid': `debug-${k}`, inputMode: 'decimal' } }}
          />
        ))}
        <Button
          variant="outlined"
          disabled={!Number.isFinite(Number(typed.lat)) || !Number.isFinite(Number(typed.lng))}
          onClick={() => setPoint({ lat: Number(typed.lat), lng: Number(typed.lng) })}
          data-testid="debug-find"
        >
          {t('debug.find', { km: FIND_RADIUS_KM })}
        </Button>
      </Stack>
      {point && (
        <Shown query={near} empty={t('debug.nearby.empty', { km: FIND_RADIUS_KM })}>
          {(rows) => (
            <Table size="small" data-testid="debug-nearby">
              <TableHead>
                <TableRow>
                  <TableCell>{t('debug.col.event')}</TableCell>
                  <TableCell>{t('admin.events.col.date')}</TableCell>
                  <TableCell align="right">{t('debug.col.kps')}</TableCell>
                  <TableCell align="right">{t('debug.col.nearest')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((e) => (
                  <TableRow key={e.id} data-testid={`debug-nearby-${e.id}`}>
                    <TableCell>
                      <Link component={RouterLink} to={`/${e.id}`}>
                        {e.name}
                      </Link>
                    </TableCell>
                    <TableCell>
                      {e.starttime === null ? '' : dayjs(e.starttime).format('DD.MM.YYYY')}
                    </TableCell>
                    <TableCell align="right">{e.kps}</TableCell>
                    <TableCell align="right">{`${e.nearestKm.toFixed(2)} km`}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Shown>
      )}
    </Stack>
  );
}

function Devices() {
  const { t } = useTranslation();
  const devices = useQuery({ queryKey: ['debug', 'devices'], queryFn: api.debugDevices });
  return (
    <Shown query={devices} empty={t('debug.devices.empty')}>
      {(rows) => (
        <Table size="small" data-testid="debug-devices">
          <TableHead>
            <TableRow>
              <TableCell>{t('debug.col.device')}</TableCell>
              <TableCell>{t('debug.col.event')}</TableCell>
              <TableCell>{t('debug.col.lastpoint')}</TableCell>
              <TableCell align="right">{t('debug.col.points')}</TableCell>
              <TableCell>{t('debug.col.info')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((d) => (
              <TableRow key={d.id}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{d.id}</TableCell>
                <TableCell>{d.eventId ?? t('debug.needevent')}</TableCell>
                <TableCell>{time(d.lastPointAt)}</TableCell>
                <TableCell align="right">{d.points}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.75rem' }}>
                  {Object.keys(d.info).length === 0 ? t('debug.nodevinfo') : JSON.stringify(d.info)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Shown>
  );
}

function Gps() {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [eventId, setEventId] = useState('');
  const gps = useQuery({
    queryKey: ['debug', 'gps', eventId],
    queryFn: () => api.debugGps(eventId),
    enabled: eventId !== '',
    refetchInterval: 10_000,
  });
  return (
    <Stack sx={{ gap: 2 }}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
        <TextField
          label={t('debug.eventid')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'debug-gps-event' } }}
        />
        <Button
          variant="outlined"
          disabled={typed.trim() === ''}
          onClick={() => setEventId(typed.trim())}
          data-testid="debug-gps-show"
        >
          {t('debug.show')}
        </Button>
      </Stack>
      {eventId === '' ? (
        <EmptyState text={t('debug.needevent')} />
      ) : (
        <Shown query={gps} empty={t('debug.nodevdata')}>
          {(rows) => (
            <Table size="small" data-testid="debug-gps">
              <TableHead>
                <TableRow>
                  <TableCell>{t('debug.col.device')}</TableCell>
                  <TableCell>{t('debug.col.team')}</TableCell>
                  <TableCell>{t('debug.col.lastpoint')}</TableCell>
                  <TableCell align="right">{t('debug.col.lasthour')}</TableCell>
                  <TableCell align="right">{t('debug.col.battery')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((d) => (
                  <TableRow key={d.deviceId} data-testid={`debug-gps-${d.deviceId}`}>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{d.deviceId}</TableCell>
                    <TableCell>{d.teamName ?? d.teamId ?? ''}</TableCell>
                    <TableCell>
                      {d.lastPointAt === null
                        ? ''
                        : `${time(d.lastPointAt)} (${t('debug.ago', {
                            minutes: Math.max(0, Math.round((Date.now() - d.lastPointAt) / 60_000)),
                          })})`}
                    </TableCell>
                    <TableCell align="right">{d.pointsLastHour}</TableCell>
                    <TableCell align="right">
                      {d.battery === null ? '' : `${Math.round(d.battery * 100)}%`}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Shown>
      )}
    </Stack>
  );
}

/** The version distribution: devices seen in the period by OS and app version; a row lists its devices. */
function Versions() {
  const { t } = useTranslation();
  const [months, setMonths] = useState<number>(VERSION_PERIOD_DEFAULT);
  const [open, setOpen] = useState<{ table: VersionTable; value: string } | null>(null);
  const versions = useQuery({
    queryKey: ['debug', 'versions', months],
    queryFn: () => api.debugVersions(months),
  });
  return (
    <Stack sx={{ gap: 2 }}>
      <TextField
        select
        label={t('debug.period')}
        value={months}
        onChange={(e) => setMonths(Number(e.target.value))}
        sx={{ maxWidth: 240 }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'debug-period' } as object } }}
      >
        {VERSION_PERIODS.map((m) => (
          <MenuItem key={m} value={m} data-testid={`debug-period-${m}`}>
            {t('debug.months', { count: m })}
          </MenuItem>
        ))}
      </TextField>
      {versions.isPending ? (
        <LoadingState />
      ) : versions.isError ? (
        <ErrorState error={versions.error} onRetry={() => void versions.refetch()} />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(4, minmax(0, 1fr))' },
          }}
        >
          {VERSION_TABLES.map((table) => (
            <TableContainer key={table} component={Paper} variant="outlined">
              <Table size="small" data-testid={`debug-versions-${table}`}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t(`debug.versions.${table}`)}</TableCell>
                    <TableCell align="right">{t('debug.col.devices')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {versions.data[table].length === 0 && (
                    <TableRow>
                      <TableCell colSpan={2} sx={{ color: 'text.secondary' }}>
                        {t('debug.nodevdata')}
                      </TableCell>
                    </TableRow>
                  )}
                  {versions.data[table].map((row) => {
                    const shown = open?.table === table && open.value === row.value;
                    return (
                      <Fragment key={row.value}>
                        <TableRow
                          hover
                          sx={{ cursor: 'pointer' }}
                          onClick={() => setOpen(shown ? null : { table, value: row.value })}
                          data-testid={`debug-version-${table}-${row.value}`}
                        >
                          <TableCell>{row.value}</TableCell>
                          <TableCell align="right">{row.devices.length}</TableCell>
                        </TableRow>
                        {shown && (
                          <TableRow>
                            <TableCell
                              colSpan={2}
                              sx={{ fontFamily: 'monospace', fontSize: '0.75rem' }}
                              data-testid="debug-version-devices"
                            >
                              {row.devices.join(', ')}
                            </TableCell>
                          </TableRow>
                        )}
                      </Fragment>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
          ))}
        </Box>
      )}
    </Stack>
  );
}

/** Who is connected now, to every server process: the app's live socket and map viewers. */
function Clients() {
  const { t } = useTranslation();
  const clients = useQuery({
    queryKey: ['debug', 'clients'],
    queryFn: api.debugClients,
    refetchInterval: 10_000,
  });
  return (
    <Shown query={clients} empty={t('debug.clients.empty')}>
      {(rows) => (
        <Table size="small" data-testid="debug-clients">
          <TableHead>
            <TableRow>
              <TableCell>{t('debug.col.since')}</TableCell>
              <TableCell>{t('debug.col.kind')}</TableCell>
              <TableCell>{t('debug.col.event')}</TableCell>
              <TableCell>{t('debug.col.user')}</TableCell>
              <TableCell>{t('debug.col.agent')}</TableCell>
              <TableCell>{t('debug.col.server')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((c, i) => (
              <TableRow key={`${c.server}/${i}`} data-testid={`debug-client-${c.kind}`}>
                <TableCell>{time(c.since)}</TableCell>
                <TableCell>{t(`debug.client.${c.kind}`)}</TableCell>
                <TableCell>
                  {c.eventIds.map((id) => (
                    <Link key={id} component={RouterLink} to={`/${id}`} sx={{ mr: 1 }}>
                      {id}
                    </Link>
                  ))}
                </TableCell>
                <TableCell>
                  {c.userId === null ? '' : (c.userName ?? t('admin.events.emptyuser'))}
                </TableCell>
                <TableCell sx={{ maxWidth: 360, overflowWrap: 'anywhere' }}>{c.agent}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{c.server}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Shown>
  );
}

function Issues() {
  const { t } = useTranslation();
  const issues = useQuery({ queryKey: ['debug', 'issues'], queryFn: api.debugIssues });
  return (
    <Shown query={issues} empty={t('debug.issues.empty')}>
      {(rows) => <IssuesTable rows={rows} withEvent />}
    </Shown>
  );
}

/** Re-encodes an event's stored tracks with the current codec; a dry run first tells what would change. */
function Recode() {
  const { t } = useTranslation();
  const [eventId, setEventId] = useState('');
  const recode = useMutation({ mutationFn: api.debugRecode });
  const run = (dryRun: boolean) => {
    if (!dryRun && !window.confirm(t('debug.recode.confirm', { id: eventId.trim() }))) return;
    recode.mutate({ event: eventId.trim(), dryRun });
  };
  const r = recode.data;
  return (
    <Stack sx={{ gap: 2, maxWidth: 640 }}>
      <Box sx={{ color: 'text.secondary' }}>{t('debug.recode.help')}</Box>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          label={t('debug.eventid')}
          value={eventId}
          onChange={(e) => setEventId(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'debug-recode-event' } }}
        />
        <Button
          variant="outlined"
          disabled={eventId.trim() === '' || recode.isPending}
          onClick={() => run(true)}
          data-testid="debug-recode-dry"
        >
          {t('debug.recode.dry')}
        </Button>
        <Button
          variant="contained"
          disabled={eventId.trim() === '' || recode.isPending}
          onClick={() => run(false)}
          data-testid="debug-recode-run"
        >
          {t('debug.recode.run')}
        </Button>
      </Stack>
      {recode.isPending && <LoadingState />}
      {recode.isError && <ErrorState error={recode.error} />}
      {r && (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="debug-recode-result">
          <Box sx={{ fontWeight: 600, mb: 1 }}>
            {t(r.dryRun ? 'debug.recode.wouldchange' : 'debug.recode.changed', {
              count: r.changed,
              total: r.chunks,
            })}
          </Box>
          <Box>
            {t('debug.recode.detail', {
              points: t('debug.recode.points', { count: r.points }),
              bad: r.bad,
              before: r.bytesBefore.toLocaleString(),
              after: r.bytesAfter.toLocaleString(),
            })}
          </Box>
        </Paper>
      )}
    </Stack>
  );
}

/** An event's stored documents, once its id is given. */
function Raw() {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [eventId, setEventId] = useState('');
  return (
    <Stack sx={{ gap: 2 }}>
      <Box sx={{ color: 'text.secondary' }}>{t('debug.raw.help')}</Box>
      <Stack
        component="form"
        direction="row"
        sx={{ gap: 1, alignItems: 'center' }}
        onSubmit={(e) => {
          e.preventDefault();
          setEventId(typed.trim());
        }}
      >
        <TextField
          label={t('debug.eventid')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'debug-raw-event' } }}
        />
        <Button
          type="submit"
          variant="outlined"
          disabled={typed.trim() === ''}
          data-testid="debug-raw-show"
        >
          {t('debug.show')}
        </Button>
      </Stack>
      {eventId !== '' && <RawDataView key={eventId} eventId={eventId} />}
    </Stack>
  );
}

/** The platform's changes log is a page of its own: this opens it. */
function Log({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack sx={{ gap: 2, maxWidth: 640, alignItems: 'flex-start' }}>
      <Box sx={{ color: 'text.secondary' }}>{t('log.platform.intro')}</Box>
      <Button
        variant="outlined"
        onClick={() => {
          onClose();
          void navigate('/admin/log');
        }}
        data-testid="debug-log-open"
      >
        {t('debug.log.open')}
      </Button>
    </Stack>
  );
}

/**
 * The super admin's debug tools (spec 02 §2): the platform's join codes, events found by a
 * point on the map (a KP within FIND_RADIUS_KM), devices whose points reach no team, an
 * event's GPS state, the devices' version distribution, the events' recorded issues, the
 * re-encoding of an event's tracks, fixing an archived event's colours, an event's stored
 * documents, and the way to the platform's changes log. Each is a view over the platform's own
 * data.
 */
export function DebugToolsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [tool, setTool] = useState<Tool>('codes');
  return (
    <Dialog open onClose={onClose} fullScreen data-testid="debugtools">
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box sx={{ flex: 1 }}>{t('debug.title')}</Box>
        <IconButton
          aria-label={t('admin.events.close')}
          onClick={onClose}
          data-testid="debug-close"
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Tabs
          value={tool}
          onChange={(_e, v: Tool) => setTool(v)}
          variant="scrollable"
          scrollButtons="auto"
          sx={{ mb: 2 }}
        >
          {TOOLS.map((x) => (
            <Tab key={x} value={x} label={t(`debug.tool.${x}`)} data-testid={`debug-tab-${x}`} />
          ))}
        </Tabs>
        {tool === 'codes' && <Codes />}
        {tool === 'nearby' && <Nearby />}
        {tool === 'devices' && <Devices />}
        {tool === 'gps' && <Gps />}
        {tool === 'versions' && <Versions />}
        {tool === 'clients' && <Clients />}
        {tool === 'issues' && <Issues />}
        {tool === 'recode' && <Recode />}
        {tool === 'colours' && <ArchiveColoursTool />}
        {tool === 'raw' && <Raw />}
        {tool === 'log' && <Log onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}
