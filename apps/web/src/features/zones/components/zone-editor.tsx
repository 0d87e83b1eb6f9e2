import { ZONE_KINDS, type Zone, type ZoneGeometry, type ZoneKind } from '@dostava/shared';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useZones } from '../../../api/zones/zones';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { KIND_COLORS } from '../../../components/zone-colors';
import { saveFile } from '../../../lib/download';
import { ApiError } from '../../../lib/http';
import { translateMessage } from '../../../lib/i18n';
import { toasts } from '../../../lib/toast';
import { exportZones, useCreateZone, useDeleteZone, useImportZones, useUpdateZone } from '../api/zones';
import { ZonesMap } from './zones-map';

interface Fields {
  name: string;
  kind: ZoneKind;
  priority: string;
  active: boolean;
}
const EMPTY: Fields = { name: '', kind: 'fee_zone', priority: '0', active: true };

const shapeOf = (geometry: ZoneGeometry) => {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return {
    points: polygons.reduce((n, p) => n + (p[0]?.length ?? 1) - 1, 0),
    holes: polygons.reduce((n, p) => n + p.length - 1, 0),
  };
};

/** The API's refusal: its field errors (translated) by field, or its message. */
function refusalOf(error: unknown): { fields: Record<string, string>; message: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, message: String(error) };
  const fields: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const key = field.startsWith('geometry') ? 'geometry' : field;
    if (messages[0] && !fields[key]) fields[key] = translateMessage(messages[0]) ?? messages[0];
  }
  return { fields, message: Object.keys(fields).length ? null : error.message };
}

/**
 * The zones editor (Admin, App Manager): the map with Geoman's tools (draw, edit vertices, cut a hole,
 * snap), the zone's fields, the list with edit and delete, GeoJSON import and export.
 */
export function ZoneEditor() {
  const { t } = useTranslation();
  const zones = useZones();
  const create = useCreateZone();
  const update = useUpdateZone();
  const remove = useDeleteZone();
  const importZones = useImportZones();
  const [editing, setEditing] = useState<Zone | 'new' | null>(null);
  const [draft, setDraft] = useState<ZoneGeometry | null>(null);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<Zone | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const formId = useId();
  const list = zones.data ?? [];

  const onDraft = useCallback((geometry: ZoneGeometry) => {
    setDraft(geometry);
    setErrors({});
    setEditing((current) => current ?? 'new');
  }, []);

  const startEdit = (zone: Zone) => {
    setEditing(zone);
    setDraft(zone.geometry as ZoneGeometry);
    setFields({ name: zone.name, kind: zone.kind, priority: String(zone.priority), active: zone.active });
    setErrors({});
  };
  const close = () => {
    setEditing(null);
    setDraft(null);
    setFields(EMPTY);
    setErrors({});
  };

  const save = async () => {
    if (!draft) {
      setErrors({ geometry: t('zones.draw_first') });
      return;
    }
    const body = {
      name: fields.name,
      kind: fields.kind,
      priority: Number.parseInt(fields.priority, 10) || 0,
      active: fields.active,
      geometry: draft,
    };
    try {
      if (editing && editing !== 'new') await update.mutateAsync({ id: editing.id, body });
      else await create.mutateAsync(body);
      toasts.success(t('zones.saved'));
      close();
    } catch (error) {
      const refusal = refusalOf(error);
      setErrors(refusal.fields);
      if (refusal.message) toasts.error(refusal.message);
    }
  };

  const onImport = async (file: File | undefined) => {
    if (!file) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      toasts.error(t('zones.import_invalid'));
      return;
    }
    try {
      const answer = await importZones.mutateAsync(parsed as never);
      toasts.success(t('zones.imported', { count: answer.data.length }));
    } catch (error) {
      const refusal = refusalOf(error);
      toasts.error(
        refusal.message ??
          Object.entries(refusal.fields)
            .map(([k, v]) => `${k}: ${v}`)
            .join('; '),
      );
    }
  };

  const busy = create.isPending || update.isPending;
  const shape = draft ? shapeOf(draft) : null;

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          onClick={() => fileInput.current?.click()}
          disabled={importZones.isPending}
        >
          {t('zones.import')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".geojson,.json,application/geo+json,application/json"
          hidden
          aria-label={t('zones.import')}
          onChange={(event) => {
            void onImport(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button variant="outlined" onClick={async () => saveFile(await exportZones(), 'zones.geojson')}>
          {t('zones.export')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('zones.overlap_note')}
      </Typography>
      {list.length > 0 && !list.some((z) => z.kind === 'service_area' && z.active) ? (
        <Alert severity="warning">{t('zones.none')}</Alert>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(280px, 1fr)' },
        }}
      >
        <ZonesMap
          zones={list}
          editingId={editing && editing !== 'new' ? editing.id : null}
          draft={draft}
          onDraft={onDraft}
        />
        <Paper variant="outlined" sx={{ p: 2 }}>
          {editing ? (
            <Stack
              component="form"
              id={formId}
              spacing={2}
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void save();
              }}
            >
              <Typography variant="h6" component="h2">
                {editing === 'new' ? t('zones.new_zone') : t('zones.edit_zone', { name: editing.name })}
              </Typography>
              <TextField
                label={t('zones.name')}
                value={fields.name}
                required
                onChange={(e) => setFields({ ...fields, name: e.target.value })}
                error={Boolean(errors.name)}
                helperText={errors.name}
              />
              <TextField
                select
                label={t('zones.kind')}
                value={fields.kind}
                onChange={(e) => setFields({ ...fields, kind: e.target.value as ZoneKind })}
              >
                {ZONE_KINDS.map((kind) => (
                  <MenuItem key={kind} value={kind}>
                    {t(`zones.kinds.${kind}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label={t('zones.priority')}
                type="number"
                value={fields.priority}
                onChange={(e) => setFields({ ...fields, priority: e.target.value })}
                error={Boolean(errors.priority)}
                helperText={errors.priority}
              />
              <FormControlLabel
                control={
                  <Switch
                    checked={fields.active}
                    onChange={(e) => setFields({ ...fields, active: e.target.checked })}
                  />
                }
                label={t('zones.active')}
              />
              {shape ? (
                <Typography variant="body2">{t('zones.shape', shape)}</Typography>
              ) : (
                <Alert severity="info">{t('zones.draw_first')}</Alert>
              )}
              {errors.geometry ? (
                <Alert severity="error" role="alert">
                  {errors.geometry}
                </Alert>
              ) : null}
              <Stack direction="row" spacing={1}>
                <Button type="submit" variant="contained" loading={busy}>
                  {t('zones.save')}
                </Button>
                <Button onClick={close} disabled={busy}>
                  {t('common.cancel')}
                </Button>
              </Stack>
            </Stack>
          ) : (
            <>
              <Typography variant="h6" component="h2">
                {t('zones.list_title')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('zones.draw_first')}
              </Typography>
              <List dense aria-label={t('zones.list_title')}>
                {list.map((zone) => (
                  <ListItem
                    key={zone.id}
                    disableGutters
                    secondaryAction={
                      <>
                        <IconButton
                          aria-label={t('common.edit_item', { name: zone.name })}
                          onClick={() => startEdit(zone)}
                        >
                          <Edit />
                        </IconButton>
                        <IconButton
                          aria-label={t('common.delete_item', { name: zone.name })}
                          onClick={() => setDeleting(zone)}
                          edge="end"
                        >
                          <Delete />
                        </IconButton>
                      </>
                    }
                  >
                    <Box
                      aria-hidden
                      sx={{
                        width: 12,
                        height: 12,
                        borderRadius: '2px',
                        mr: 1.5,
                        flex: 'none',
                        bgcolor: KIND_COLORS[zone.kind],
                      }}
                    />
                    <ListItemText
                      primary={zone.name}
                      secondary={`${t(`zones.kinds.${zone.kind}`)} · ${t('zones.priority')} ${zone.priority}`}
                      sx={{ pr: 10 }}
                    />
                    {zone.active ? null : <Chip size="small" label={t('zones.inactive')} sx={{ mr: 10 }} />}
                  </ListItem>
                ))}
              </List>
            </>
          )}
        </Paper>
      </Box>
      <ConfirmDialog
        open={deleting !== null}
        title={t('zones.delete_title')}
        message={t('zones.delete_message', { name: deleting?.name ?? '' })}
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            toasts.success(t('zones.deleted'));
          } finally {
            setDeleting(null);
          }
        }}
      />
    </Stack>
  );
}
