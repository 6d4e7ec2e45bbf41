import { Button, Code, Dialog, Flex, HStack, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { deviceLinkMachine } from '../../../../machines/devices/device-link.machine.js';
import { countdownText, DeviceTexts, linkUri } from '../../../shared/devices/device-rules.js';
import { ConfirmDialog } from '../../platform/components/confirm-dialog.js';
import { ResultDialog } from '../../platform/components/result-dialog.js';
import { QrCode } from './qr-code.js';
import { useNow } from './use-now.js';

type LinkActor = ActorRefFrom<typeof deviceLinkMachine>;
const DIALOG_STATES = ['issuing', 'showingCode', 'polling', 'renewing', 'confirming'] as const;

/** A row's link buttons: Vincular and Eliminar while INACTIVE, Desvincular while active; and their dialogs. */
export function DeviceLinkActions({ actor }: { actor?: AnyActorRef }) {
  if (!actor) return null;
  return <LinkActions actor={actor as LinkActor} />;
}

function LinkActions({ actor }: { actor: LinkActor }) {
  const state = useSelector(actor, (s) => s);
  const { row, error } = state.context;
  const close = () => actor.send({ type: 'dialog.close' });
  return (
    <>
      {state.can({ type: 'link.open' }) ? (
        <Button size="xs" variant="outline" colorPalette="teal" onClick={() => actor.send({ type: 'link.open' })}>
          Vincular
        </Button>
      ) : null}
      {state.can({ type: 'unlink.open' }) ? (
        <Button size="xs" variant="outline" colorPalette="orange" onClick={() => actor.send({ type: 'unlink.open' })}>
          Desvincular
        </Button>
      ) : null}
      {state.can({ type: 'device.delete' }) ? (
        <Button size="xs" variant="outline" colorPalette="red" onClick={() => actor.send({ type: 'device.delete' })}>
          Eliminar
        </Button>
      ) : null}
      {DIALOG_STATES.some((s) => state.matches(s)) ? <LinkDialog actor={actor} /> : null}
      <ResultDialog
        open={state.matches('issueFailed') || state.matches('unlinkFailed')}
        status="error"
        title={DeviceTexts.errorTitle}
        detail={error}
        onClose={close}
      />
      <ResultDialog
        open={state.matches('linked')}
        status="success"
        title={DeviceTexts.linked}
        detail={`${row.name} quedó vinculado.`}
        onClose={close}
      />
      <ConfirmDialog
        open={state.matches('confirmUnlink') || state.matches('unlinking')}
        busy={state.matches('unlinking')}
        title={`${DeviceTexts.unlinkConfirm} ${row.name}?`}
        detail="Su token dejará de funcionar en ese momento."
        confirmText="Desvincular"
        onConfirm={() => actor.send({ type: 'unlink.confirm' })}
        onCancel={() => actor.send({ type: 'unlink.cancel' })}
      />
      <ResultDialog
        open={state.matches('unlinked')}
        status="success"
        title="¡Correcto!"
        detail={DeviceTexts.unlinked}
        onClose={close}
      />
    </>
  );
}

/** 'Vincular dispositivo': the QR, the code in text, the countdown to its expiry and 'Renovar código'. */
function LinkDialog({ actor }: { actor: LinkActor }) {
  const state = useSelector(actor, (s) => s);
  const { row, code, expiresAt } = state.context;
  const now = useNow(expiresAt !== null);
  const waiting = code === null;
  return (
    <Dialog.Root
      open
      placement="center"
      onOpenChange={(e) => {
        if (!e.open) actor.send({ type: 'link.close' });
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="link-dialog">
            <Dialog.Header>
              <Dialog.Title>{DeviceTexts.linkTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4" align="center">
                <Text color="gray.600" textAlign="center">
                  Escanea el código con <strong>{row.name}</strong>, o escríbelo en el dispositivo.
                </Text>
                {waiting ? (
                  <Spinner role="status" color="teal.600" aria-label="Generando código" />
                ) : (
                  <>
                    <QrCode text={linkUri(window.location.origin, code)} label="Código QR de vinculación" />
                    <Code fontSize="2xl" letterSpacing="widest" px="3" py="1" data-testid="link-code">
                      {code}
                    </Code>
                    <Text color="gray.600">
                      Vence en <strong>{countdownText(expiresAt!, now)}</strong>
                    </Text>
                  </>
                )}
                {state.matches('renewing') || state.matches('confirming') ? (
                  <Spinner size="sm" color="teal.600" />
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Flex justify="space-between" w="full">
                <Button variant="outline" onClick={() => actor.send({ type: 'link.close' })}>
                  Cerrar
                </Button>
                <HStack>
                  <Button
                    colorPalette="teal"
                    variant="outline"
                    disabled={!state.can({ type: 'code.renew' })}
                    onClick={() => actor.send({ type: 'code.renew' })}
                  >
                    Renovar código
                  </Button>
                </HStack>
              </Flex>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The status dot (red inactive, green active) and, live, online or offline. */
export function DeviceStatusCell({ actor, status }: { actor?: AnyActorRef; status: string }) {
  if (!actor) return <StatusDot active={status === 'ACTIVE'} online={null} />;
  return <LiveStatus actor={actor as LinkActor} />;
}

function LiveStatus({ actor }: { actor: LinkActor }) {
  const online = useSelector(actor, (s) => s.context.online);
  const active = useSelector(
    actor,
    (s) =>
      s.matches('active') ||
      s.matches('confirmUnlink') ||
      s.matches('unlinking') ||
      s.matches('unlinkFailed') ||
      s.matches('linked'),
  );
  return <StatusDot active={active} online={active ? online : null} />;
}

function StatusDot({ active, online }: { active: boolean; online: boolean | null }) {
  return (
    <HStack gap="2" flexShrink={0}>
      <svg width="12" height="12" role="img" aria-label={active ? 'Activo' : 'Inactivo'}>
        <circle cx="6" cy="6" r="6" fill={active ? '#16a34a' : '#dc2626'} />
      </svg>
      {online === null ? null : (
        <Text fontSize="sm" whiteSpace="nowrap" color={online ? 'green.700' : 'gray.500'}>
          {online ? 'En línea' : 'Fuera de línea'}
        </Text>
      )}
    </HStack>
  );
}
