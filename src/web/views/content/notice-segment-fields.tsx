import { Alert, Button, SimpleGrid, Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { noticeSegmentsMachine } from '../../../../machines/content/notice-segments.machine.js';
import { WHOLE_COMMUNITY_LABEL } from '../../../shared/content/content-rules.js';
import { SelectField } from '../../platform/components/select-field.js';
import { CheckField } from '../users/check-field.js';
import type { ContentBindings } from './content-fields.js';

type SegmentsActor = ActorRefFrom<typeof noticeSegmentsMachine>;
const asId = (value: string) => (value === '' ? '' : Number(value));

/**
 * Who the notice is for: 'Para todo el fraccionamiento' disables zone, street
 * and resident; otherwise zone, then street, then resident, whose options the cascade child loads.
 */
export function NoticeSegmentFields({
  form,
  segments,
}: {
  form: ContentBindings;
  segments: SegmentsActor | undefined;
}) {
  const { values, errors, set } = form;
  const snapshot = useSelector(segments, (s) => s);
  const whole = values.segmented === false;
  const ctx = snapshot?.context;
  const loading = (state: Parameters<NonNullable<typeof snapshot>['matches']>[0]) => snapshot?.matches(state) ?? true;
  return (
    <Stack gap="4">
      <CheckField label={WHOLE_COMMUNITY_LABEL} checked={whole} onValue={(checked) => set('segmented', !checked)} />
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <SelectField
          label="Zona"
          required={!whole}
          disabled={whole || loading('loadingZones')}
          value={String(values.idZone ?? '')}
          placeholder={loading('loadingZones') ? 'Cargando zonas…' : 'Selecciona una zona'}
          options={(ctx?.zones ?? []).map((z) => ({ value: String(z.idZone), label: z.name }))}
          error={whole ? undefined : errors.idZone}
          onValue={(value) => set('idZone', asId(value))}
        />
        <SelectField
          label="Calle"
          required={!whole}
          disabled={whole || values.idZone === '' || loading('loadingStreets')}
          value={String(values.idStreet ?? '')}
          placeholder={loading('loadingStreets') ? 'Cargando calles…' : 'Selecciona una calle'}
          options={(ctx?.streets ?? []).map((s) => ({ value: String(s.idStreet), label: s.name }))}
          error={whole ? undefined : errors.idStreet}
          onValue={(value) => set('idStreet', asId(value))}
        />
        <SelectField
          label="Residente"
          required={!whole}
          disabled={whole || values.idStreet === '' || loading('loadingResidents')}
          value={String(values.idResident ?? '')}
          placeholder={loading('loadingResidents') ? 'Cargando residentes…' : 'Selecciona un residente'}
          options={(ctx?.residents ?? []).map((r) => ({
            value: String(r.idResident),
            label: `${r.firstName} ${r.lastName}`,
          }))}
          error={whole ? undefined : errors.idResident}
          onValue={(value) => set('idResident', asId(value))}
        />
      </SimpleGrid>
      {snapshot?.matches('failed') ? (
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>No fue posible cargar las opciones</Alert.Title>
            <Alert.Description>{ctx?.error}</Alert.Description>
          </Alert.Content>
          <Button size="xs" variant="outline" onClick={() => segments?.send({ type: 'options.retry' })}>
            Reintentar
          </Button>
        </Alert.Root>
      ) : null}
    </Stack>
  );
}
