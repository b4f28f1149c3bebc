import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  LinearProgress,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  crsDefinition,
  guessWorldFileCrs,
  parseKmlOverlays,
  parseWorldFile,
  placementFromCorners,
  placementProblem,
  worldFileCrsChoices,
  worldFilePlacement,
} from '@rada/core/mapImages';
import type { EventMapImageView, EventSummary, MapPlacement } from '@rada/core';
import { api, queryKeys, uploadMapImage } from '../../api/client.ts';
import { errorText } from '../../i18n/errorText.ts';
import { useEventMap } from '../map/BaseLayers.tsx';
import { ACCEPTED_FILES, baseNameOf, contentTypeOf, planOf } from './filePick.ts';
import type { AddPlan } from './filePick.ts';
import { eventPlace } from './eventPlace.ts';
import { megabytes } from './format.ts';
import { useStoreMapImage } from './useMapImages.ts';

/** The choice "a proj4 definition typed by hand" beside the EPSG codes. */
const PROJ4 = 'proj4';

/** Where the dialog is: choosing, sending the file (0–1), placing it, or stopped by an error. */
type Step =
  | { kind: 'choose' }
  | { kind: 'upload'; fraction: number }
  | { kind: 'place' }
  | { kind: 'error'; message: string };

/** What the picked files say before anything is sent: the plan, or why not. */
interface Reading {
  plan: AddPlan<File> | null;
  problem: string | null;
  /** A world file's six numbers. */
  world: number[] | null;
  /** A KML's corners (its first overlay). */
  corners: Parameters<typeof placementFromCorners>[0] | null;
}

/** Reads the texts the plan needs (world file, KML) and checks them. */
async function readPlan(files: File[]): Promise<Reading> {
  const plan = planOf(files);
  if (typeof plan === 'string') return { plan: null, problem: plan, world: null, corners: null };
  if (plan.kind === 'image' && plan.worldFile) {
    const world = parseWorldFile(await plan.worldFile.text());
    return world
      ? { plan, problem: null, world, corners: null }
      : { plan, problem: 'maps.error.badworldfile', world: null, corners: null };
  }
  if (plan.kind === 'kml') {
    const overlays = parseKmlOverlays(await plan.kml.text());
    const first = overlays[0];
    return first
      ? { plan, problem: null, world: null, corners: first.corners }
      : { plan, problem: 'maps.error.nooverlay', world: null, corners: null };
  }
  return { plan, problem: null, world: null, corners: null };
}

/**
 * "Add map image": one file dialog for a KMZ/KML, an image with or without its world file
 * (picked together), or a GeoTIFF. A world file's coordinate system is asked (guessed from
 * where its numbers land near the event); the placement of a world file or a KML with its image
 * is computed here, the image uploaded (with its progress), then the placement saved. A KMZ and
 * a GeoTIFF are placed by the server. A plain image opens the hand placement (`onAdded(…, true)`).
 */
export default function AddMapImageDialog({
  event,
  onClose,
  onAdded,
}: {
  event: EventSummary;
  onClose: () => void;
  onAdded: (view: EventMapImageView, placeByHand: boolean) => void;
}) {
  const { t } = useTranslation();
  const store = useStoreMapImage(event.id);
  const eventMap = useEventMap(event.id);
  const checkpoints = useQuery({
    queryKey: queryKeys.checkpoints(event.id),
    queryFn: () => api.checkpoints(event.id),
  });
  const near = useMemo(
    () => eventPlace(eventMap.data, checkpoints.data?.checkpoints),
    [eventMap.data, checkpoints.data],
  );
  const choices = useMemo(() => worldFileCrsChoices(near), [near]);

  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [reading, setReading] = useState<Reading | null>(null);
  const [name, setName] = useState('');
  const [crs, setCrs] = useState<string>('EPSG:3301');
  const [proj4Text, setProj4Text] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [dragOver, setDragOver] = useState(false);
  /** The map once uploaded: a retry after a refused placement only sends the placement again. */
  const [uploaded, setUploaded] = useState<EventMapImageView | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const choose = (picked: File[]) => {
    setFiles(picked);
    setStep({ kind: 'choose' });
    setUploaded(null);
    void readPlan(picked).then((r) => {
      setReading(r);
      const main = r.plan?.kind === 'kmz' ? r.plan.file : r.plan?.image;
      if (main) setName(baseNameOf(main.name));
      if (r.world) setCrs(guessWorldFileCrs(r.world, near) ?? 'EPSG:3301');
    });
  };

  const chosenCrs = crs === PROJ4 ? proj4Text.trim() : crs;
  const crsProblem =
    reading?.world && (chosenCrs === '' || crsDefinition(chosenCrs) === null)
      ? 'maps.error.unknowncrs'
      : null;
  const plan = reading?.plan ?? null;
  const busy = step.kind === 'upload' || step.kind === 'place';
  const canAdd = plan !== null && !reading?.problem && !crsProblem && name.trim() !== '' && !busy;

  /** The placement computed here for the uploaded image, or null when the server places it. */
  const placementFor = (view: EventMapImageView): MapPlacement | null => {
    if (reading?.world) return worldFilePlacement(reading.world, chosenCrs);
    if (reading?.corners) return placementFromCorners(reading.corners, view.width, view.height);
    return null;
  };

  const handleAdd = async () => {
    if (!plan) return;
    const file = plan.kind === 'kmz' ? plan.file : plan.image;
    let view = uploaded;
    try {
      if (!view) {
        abort.current = new AbortController();
        setStep({ kind: 'upload', fraction: 0 });
        view = await uploadMapImage(event.id, file, {
          name: name.trim(),
          contentType: contentTypeOf(file),
          onProgress: (fraction) => setStep({ kind: 'upload', fraction }),
          signal: abort.current.signal,
        });
        setUploaded(view);
        store(view);
      }
      const placement = placementFor(view);
      if (placement) {
        const problem = placementProblem(placement, view.width, view.height);
        if (problem) {
          setStep({
            kind: 'error',
            message: t('mapimages.add.placementrefused', { error: t(problem) }),
          });
          return;
        }
        setStep({ kind: 'place' });
        view = await api.patchMapImage(event.id, view.id, { placement });
        store(view);
      }
      onAdded(view, view.placement === null);
    } catch (e) {
      const message = errorText(t, e);
      setStep({
        kind: 'error',
        message: view ? t('mapimages.add.placementrefused', { error: message }) : message,
      });
    }
  };

  const handleClose = () => {
    abort.current?.abort();
    // An image already stored stays in the list (unplaced); closing is not deleting.
    if (uploaded) onAdded(uploaded, false);
    else onClose();
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : handleClose}
      maxWidth="sm"
      fullWidth
      data-testid="mapimages-add-dialog"
    >
      <DialogTitle>{t('mapimages.add.title')}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {t('mapimages.add.help')}
          </Typography>
          <Box
            onDragOver={(e) => {
              e.preventDefault();
              setDragOver(true);
            }}
            onDragLeave={() => setDragOver(false)}
            onDrop={(e) => {
              e.preventDefault();
              setDragOver(false);
              if (!busy) choose([...e.dataTransfer.files]);
            }}
            sx={{
              border: 2,
              borderStyle: 'dashed',
              borderColor: dragOver ? 'primary.main' : 'divider',
              borderRadius: 1,
              p: 2,
              textAlign: 'center',
            }}
          >
            <input
              ref={input}
              type="file"
              multiple
              accept={ACCEPTED_FILES}
              hidden
              data-testid="mapimages-file"
              onChange={(e) => {
                choose([...(e.target.files ?? [])]);
                e.target.value = '';
              }}
            />
            <Button
              variant="outlined"
              startIcon={<UploadFileIcon />}
              onClick={() => input.current?.click()}
              disabled={busy}
              data-testid="mapimages-choose"
            >
              {t('mapimages.add.choose')}
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('mapimages.add.drop')}
            </Typography>
          </Box>
          {files.length > 0 && (
            <Box data-testid="mapimages-picked">
              {files.map((f) => (
                <Typography key={f.name} variant="body2">
                  {f.name} · {megabytes(f.size)}
                </Typography>
              ))}
              {plan && !reading?.problem && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {t(planText(plan))}
                </Typography>
              )}
            </Box>
          )}
          {reading?.problem && (
            <Alert severity="error" data-testid="mapimages-pick-problem">
              {t(reading.problem)}
            </Alert>
          )}
          {plan && !reading?.problem && (
            <TextField
              label={t('mapimages.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              size="small"
              required
              disabled={busy}
              slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'mapimages-name' } }}
            />
          )}
          {reading?.world && (
            <FormControl disabled={busy}>
              <FormLabel>{t('mapimages.crs')}</FormLabel>
              <Typography variant="body2" color="text.secondary">
                {t('mapimages.crs.help')}
              </Typography>
              <RadioGroup
                value={crs}
                onChange={(e) => setCrs(e.target.value)}
                data-testid="mapimages-crs"
              >
                {choices.map((code) => (
                  <FormControlLabel
                    key={code}
                    value={code}
                    control={<Radio size="small" />}
                    label={crsLabel(t, code)}
                  />
                ))}
                <FormControlLabel
                  value={PROJ4}
                  control={<Radio size="small" />}
                  label={t('mapimages.crs.proj4')}
                />
              </RadioGroup>
              {crs === PROJ4 && (
                <TextField
                  value={proj4Text}
                  onChange={(e) => setProj4Text(e.target.value)}
                  placeholder="+proj=utm +zone=35 +ellps=GRS80 +units=m +no_defs"
                  size="small"
                  multiline
                  error={proj4Text.trim() !== '' && crsProblem !== null}
                  helperText={proj4Text.trim() !== '' && crsProblem ? t(crsProblem) : undefined}
                  slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'mapimages-proj4' } }}
                />
              )}
            </FormControl>
          )}
          {step.kind === 'upload' && (
            <Box data-testid="mapimages-progress">
              <Typography variant="body2">
                {t('mapimages.add.uploading', { percent: Math.round(step.fraction * 100) })}
              </Typography>
              <LinearProgress variant="determinate" value={step.fraction * 100} />
            </Box>
          )}
          {step.kind === 'place' && (
            <Box data-testid="mapimages-progress">
              <Typography variant="body2">{t('mapimages.add.placing')}</Typography>
              <LinearProgress />
            </Box>
          )}
          {step.kind === 'error' && (
            <Alert severity="error" data-testid="mapimages-add-error">
              {step.message}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={handleClose} disabled={step.kind === 'place'}>
          {uploaded ? t('common.close') : t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void handleAdd()}
          disabled={!canAdd}
          loading={busy}
          data-testid="mapimages-add-submit"
        >
          {uploaded ? t('mapimages.add.retryplace') : t('mapimages.add.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** What will happen with the picked files, as an i18n key. */
function planText(plan: AddPlan<File>): string {
  switch (plan.kind) {
    case 'kmz':
      return 'mapimages.plan.kmz';
    case 'kml':
      return 'mapimages.plan.kmlimage';
    case 'image':
      if (plan.worldFile) return 'mapimages.plan.worldfile';
      return /\.tiff?$/i.test(plan.image.name) ? 'mapimages.plan.tiff' : 'mapimages.plan.image';
  }
}

/** A coordinate system's name in the list: "L-EST97 (EPSG:3301)", "UTM zone 35N, ETRS89 (EPSG:25835)". */
function crsLabel(
  t: (key: string, options?: Record<string, unknown>) => string,
  code: string,
): string {
  const utm = /^EPSG:(326|327|258)(\d\d)$/.exec(code);
  if (utm) {
    const zone = `${Number(utm[2])}${utm[1] === '327' ? 'S' : 'N'}`;
    return t(utm[1] === '258' ? 'mapimages.crs.utmetrs' : 'mapimages.crs.utmwgs', { zone, code });
  }
  return t(`mapimages.crs.${code.replace('EPSG:', '')}`, { code });
}
