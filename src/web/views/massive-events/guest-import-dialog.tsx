import { Alert, Button, Dialog, List, Portal, Progress, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { guestImportMachine } from '../../../../machines/massive-events/guest-import.machine.js';
import { GUEST_TEMPLATE_PATH, GuestImportTexts, importAccept } from '../../../shared/massive-events/guest-import.js';
import { ConfirmDialog } from '../../platform/components/confirm-dialog.js';
import { downloadChildOf, InvitationDownloadStatus } from './invitation-download.js';

export type GuestImportActor = ActorRefFrom<typeof guestImportMachine>;

/** 'Importación masiva' over a running `guestImport` machine. */
export function GuestImportDialog({ actor }: { actor: GuestImportActor }) {
  const state = useSelector(actor, (s) => s);
  const ctx = state.context;
  const send = actor.send;
  const is = (s: Parameters<typeof state.matches>[0]) => state.matches(s);
  const busy = is('reading') || is('uploading') || is('uploaded') || is('downloading');
  const percent = ctx.toSend.length ? Math.round((ctx.sent / ctx.toSend.length) * 100) : 0;
  return (
    <>
      <Dialog.Root
        open={!is('closed')}
        size="lg"
        placement="center"
        onOpenChange={(e) => {
          if (!e.open && !busy) send({ type: 'import.close' });
        }}
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="guest-import">
              <Dialog.Header>
                <Dialog.Title>{GuestImportTexts.title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Text fontSize="sm">
                    Llena la plantilla con las columnas Nombre, Apellidos, Teléfono y Correo Electrónico.{' '}
                    <a
                      href={GUEST_TEMPLATE_PATH}
                      download="plantilla_invitados.xlsx"
                      style={{ color: '#0f766e', textDecoration: 'underline' }}
                    >
                      Descargar plantilla
                    </a>
                  </Text>
                  <label>
                    <Text fontSize="sm" fontWeight="medium" mb="1">
                      Archivo ({importAccept(ctx.where).replaceAll(',', ', ')})
                    </Text>
                    <input
                      type="file"
                      aria-label="Archivo de invitados"
                      accept={importAccept(ctx.where)}
                      disabled={busy}
                      onChange={(e) => {
                        const file = e.target.files?.[0];
                        if (file) send({ type: 'file.pick', file: { name: file.name, size: file.size }, blob: file });
                        e.target.value = '';
                      }}
                    />
                  </label>
                  {ctx.fileName ? (
                    <Text fontSize="sm" color="gray.600">
                      Archivo: {ctx.fileName}
                    </Text>
                  ) : null}
                  {is('reading') ? <Text role="status">Leyendo el archivo…</Text> : null}
                  {ctx.problem && !is('summary') && !is('rowErrors') ? (
                    <Alert.Root status="error">
                      <Alert.Indicator />
                      <Alert.Content>
                        <Alert.Title>{ctx.problem}</Alert.Title>
                        {ctx.header ? (
                          <Alert.Description>
                            {ctx.header.missing.length ? `Faltan las columnas: ${ctx.header.missing.join(', ')}. ` : ''}
                            {ctx.header.extra.length ? `Sobran las columnas: ${ctx.header.extra.join(', ')}. ` : ''}
                            {ctx.header.outOfOrder
                              ? 'Las columnas deben ir en el orden Nombre, Apellidos, Teléfono, Correo Electrónico.'
                              : ''}
                          </Alert.Description>
                        ) : null}
                      </Alert.Content>
                    </Alert.Root>
                  ) : null}
                  {is('rowErrors') ? (
                    <Alert.Root status="error">
                      <Alert.Indicator />
                      <Alert.Content>
                        <Alert.Title>{GuestImportTexts.rowsTitle}</Alert.Title>
                        <Alert.Description>
                          {ctx.where === 'guests' ? (
                            GuestImportTexts.rowsDetail(ctx.rowErrors[0]!.row)
                          ) : (
                            <List.Root ps="4" data-testid="row-errors">
                              {ctx.rowErrors.map((e) => (
                                <List.Item key={e.row}>
                                  Registro {e.row}: {e.message}
                                </List.Item>
                              ))}
                            </List.Root>
                          )}
                          {ctx.where === 'wizard' && ctx.errorCount > ctx.rowErrors.length ? (
                            <Text mt="1">… y {ctx.errorCount - ctx.rowErrors.length} registros más con errores.</Text>
                          ) : null}
                        </Alert.Description>
                      </Alert.Content>
                    </Alert.Root>
                  ) : null}
                  {is('summary') ? (
                    <Stack gap="1" data-testid="import-summary">
                      <Text>
                        Invitados nuevos: <b>{ctx.fresh.length}</b>
                      </Text>
                      <Text>
                        Invitados repetidos: <b>{ctx.repeated.length}</b>
                      </Text>
                    </Stack>
                  ) : null}
                  {is('uploading') || is('uploaded') ? (
                    <Progress.Root value={percent} colorPalette="teal" aria-label="Avance de la carga">
                      <Progress.Label>Cargando invitados… {percent}%</Progress.Label>
                      <Progress.Track>
                        <Progress.Range />
                      </Progress.Track>
                    </Progress.Root>
                  ) : null}
                  {downloadChildOf(state) ? <InvitationDownloadStatus actor={downloadChildOf(state)!} /> : null}
                  {is('done') ? (
                    <Text color="teal.700" role="status">
                      Se agregaron {ctx.created.length} invitados correctamente.
                    </Text>
                  ) : null}
                  {is('failed') ? (
                    <Alert.Root status="error">
                      <Alert.Indicator />
                      <Alert.Content>
                        <Alert.Title>{GuestImportTexts.uploadFailed}</Alert.Title>
                        <Alert.Description>{ctx.error}</Alert.Description>
                      </Alert.Content>
                    </Alert.Root>
                  ) : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                {is('done') && ctx.created.length ? (
                  <Button variant="outline" onClick={() => send({ type: 'invitations.download' })}>
                    Descargar invitaciones
                  </Button>
                ) : null}
                {is('failed') ? (
                  <Button variant="outline" onClick={() => send({ type: 'upload.retry' })}>
                    Reintentar
                  </Button>
                ) : null}
                <Button variant="outline" disabled={busy} onClick={() => send({ type: 'import.close' })}>
                  {is('done') ? 'Cerrar' : 'Cancelar'}
                </Button>
                {is('noFile') ? (
                  <Button colorPalette="teal" onClick={() => send({ type: 'import.submit' })}>
                    Importar
                  </Button>
                ) : null}
                {is('summary') ? (
                  <Button colorPalette="teal" onClick={() => send({ type: 'import.confirm' })}>
                    Importar
                  </Button>
                ) : null}
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      <ConfirmDialog
        open={is('confirmingDuplicates')}
        danger={false}
        title={GuestImportTexts.repeatedConfirm}
        detail={`${ctx.repeated.length} invitado(s) del archivo ya están en la lista: ${ctx.repeated
          .slice(0, 3)
          .map((g) => `${g.firstName} ${g.lastName}`)
          .join(', ')}${ctx.repeated.length > 3 ? '…' : ''}`}
        confirmText="Si, agregar"
        cancelText="No, solo los nuevos"
        onConfirm={() => send({ type: 'duplicates.accept' })}
        onCancel={() => send({ type: 'duplicates.reject' })}
      />
    </>
  );
}
