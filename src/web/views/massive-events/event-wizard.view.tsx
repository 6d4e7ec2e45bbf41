import { Badge, Button, Flex, Heading, HStack, IconButton, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { EventWizardContext } from '../../../../machines/massive-events/event-wizard.machine.js';
import { WizardTexts } from '../../../shared/massive-events/event-wizard-rules.js';
import { EventTexts } from '../../../shared/massive-events/massive-event-rules.js';
import { fetchInvitations } from './invitations.api.js';
import { massiveEventsApi, type MassiveEventsApi } from './massive-events.api.js';
import { ConfirmDialog } from '../../platform/components/confirm-dialog.js';
import { downloadChildOf, InvitationDownloadStatus } from './invitation-download.js';
import { ResultDialog } from '../../platform/components/result-dialog.js';
import { inspected } from '../../inspector.js';
import { useSessionUser } from '../session/session-context.js';
import { wizardLogic, wizardReads, type WizardReads } from './event-wizard-actors.js';
import { GuestImportDialog } from './guest-import-dialog.js';
import { useLeaveGuard } from './use-leave-guard.js';
import { StepDesign } from './wizard-design.js';
import { StepEvent, StepGuests } from './wizard-steps.js';
import { wizardStorage } from './wizard-storage.js';

const STEPS = ['step1', 'step2', 'step3'] as const;

/** /create and /create?token={id}: the `eventWizard` machine rendered. */
export function EventWizardView({
  api = massiveEventsApi,
  reads = wizardReads,
  download = fetchInvitations,
}: {
  api?: MassiveEventsApi;
  reads?: WizardReads;
  download?: typeof fetchInvitations;
}) {
  const user = useSessionUser();
  const [query] = useSearchParams();
  const token = query.get('token');
  if (!user) return <Spinner role="status" color="teal.600" aria-label="Cargando" />;
  return (
    <Wizard
      key={token ?? 'new'}
      token={token}
      role={user.roleKey}
      email={user.email ?? ''}
      api={api}
      reads={reads}
      download={download}
    />
  );
}

function Wizard({
  token,
  role,
  email,
  api,
  reads,
  download,
}: {
  token: string | null;
  role: string;
  email: string;
  api: MassiveEventsApi;
  reads: WizardReads;
  download: typeof fetchInvitations;
}) {
  const navigate = useNavigate();
  const logic = useMemo(
    () =>
      wizardLogic(api, reads, email, download).provide({
        actions: {
          persist: (_, { step, context }) => wizardStorage.write(step, context),
          forget: () => wizardStorage.forget(),
        },
      }),
    [api, reads, email, download],
  );
  const [state, send] = useMachine(logic, inspected({ input: { token, role, saved: wizardStorage.read(token) } }));
  const ctx = state.context as EventWizardContext;
  const is = (s: Parameters<typeof state.matches>[0]) => state.matches(s);
  const request = useCallback((to: string) => send({ type: 'leave.request', to }), [send]);
  useLeaveGuard(ctx.active && !is('left') && !is('finished') && !is('downloading'), request);
  useEffect(() => {
    if (state.status === 'done') navigate(ctx.leaveTo ?? '/massiveEvents', { replace: true });
  }, [state.status, ctx.leaveTo, navigate]);
  const step = STEPS.indexOf(
    is('step2') ||
      is('confirmingRepeated') ||
      is('noGuests') ||
      is('importing') ||
      is('savingGuests') ||
      is('guestsFailed')
      ? 'step2'
      : is('step3') || is('configuring') || is('configureFailed') || is('finished') || is('downloading')
        ? 'step3'
        : 'step1',
  );
  const shownStep = is('confirmingLeave') ? STEPS.indexOf(ctx.returnTo) : step;
  const busy =
    is('loading') || is('savingEvent') || is('savingGuests') || is('configuring') || is('deleting') || is('restoring');

  return (
    <Stack gap="5" data-wizard>
      <Flex justify="space-between" align="center" gap="3">
        <Heading as="h1" size="xl">
          {token ? EventTexts.edit : EventTexts.create}
        </Heading>
        <IconButton aria-label="Salir del asistente" variant="ghost" onClick={() => send({ type: 'leave.request' })}>
          ✕
        </IconButton>
      </Flex>
      <HStack as="ol" gap="3" wrap="wrap" aria-label="Pasos" listStyleType="none">
        {EventTexts.stepHeaders.map((title, i) => (
          <HStack as="li" key={title} gap="2" aria-current={i === shownStep ? 'step' : undefined}>
            <Badge
              rounded="full"
              px="2"
              colorPalette={i <= shownStep ? 'teal' : 'gray'}
              variant={i === shownStep ? 'solid' : 'subtle'}
            >
              {i + 1}
            </Badge>
            <Text
              fontSize="sm"
              fontWeight={i === shownStep ? 'semibold' : 'normal'}
              color={i === shownStep ? 'gray.900' : 'gray.500'}
            >
              {title}
            </Text>
          </HStack>
        ))}
      </HStack>
      {busy ? <Spinner role="status" color="teal.600" aria-label="Guardando" /> : null}
      {shownStep === 0 && !is('loading') && !is('offeringResume') ? <StepEvent ctx={ctx} send={send} /> : null}
      {shownStep === 1 ? <StepGuests ctx={ctx} send={send} /> : null}
      {shownStep === 2 ? <StepDesign ctx={ctx} send={send} /> : null}
      <HStack gap="2" justify="flex-end" wrap="wrap">
        {shownStep > 0 ? (
          <Button variant="outline" disabled={busy} onClick={() => send({ type: 'back' })}>
            Atrás
          </Button>
        ) : null}
        {shownStep > 0 || ctx.active ? (
          <Button variant="outline" disabled={busy} onClick={() => send({ type: 'saveExit' })}>
            {WizardTexts.saveExit}
          </Button>
        ) : null}
        {shownStep < 2 ? (
          <Button colorPalette="teal" loading={busy} onClick={() => send({ type: 'next' })}>
            Siguiente
          </Button>
        ) : (
          <Button colorPalette="teal" loading={busy} onClick={() => send({ type: 'finish' })}>
            Finalizar
          </Button>
        )}
      </HStack>
      {is('importing') && state.children.guestImport ? <GuestImportDialog actor={state.children.guestImport} /> : null}
      <ConfirmDialog
        open={is('confirmingLeave') || is('deleting') || is('restoring')}
        busy={is('deleting') || is('restoring')}
        title={EventTexts.leaveTitle}
        detail={EventTexts.leaveDetail}
        confirmText="Salir"
        cancelText="Permanecer"
        onConfirm={() => send({ type: 'leave.confirm' })}
        onCancel={() => send({ type: 'leave.cancel' })}
      />
      <ConfirmDialog
        open={is('confirmingRepeated')}
        danger={false}
        title={EventTexts.repeatedGuest}
        detail={`${ctx.draft.firstName} ${ctx.draft.lastName} ya está en la lista.`}
        confirmText={EventTexts.repeatedGuestConfirm}
        onConfirm={() => send({ type: 'repeat.confirm' })}
        onCancel={() => send({ type: 'repeat.cancel' })}
      />
      <ConfirmDialog
        open={is('offeringResume')}
        danger={false}
        title={WizardTexts.resumeTitle}
        detail={WizardTexts.resumeDetail}
        confirmText="Continuar"
        cancelText="Descartar"
        onConfirm={() => send({ type: 'resume' })}
        onCancel={() => send({ type: 'discard' })}
      />
      <ResultDialog
        open={is('noGuests')}
        status="error"
        title={EventTexts.noGuestsTitle}
        detail={EventTexts.noGuestsDetail}
        onClose={() => send({ type: 'dialog.close' })}
      />
      <ResultDialog
        open={
          is('loadFailed') || is('saveFailed') || is('guestsFailed') || is('configureFailed') || is('discardFailed')
        }
        status="error"
        title={EventTexts.errorTitle}
        detail={ctx.error}
        onClose={() => send({ type: 'dialog.close' })}
      />
      {/* The wizard's step 3: Finalizar saves the design, then offers the event's invitations. */}
      <ConfirmDialog
        open={is('finished')}
        danger={false}
        title={WizardTexts.finished}
        detail={WizardTexts.finishedDetail}
        confirmText={WizardTexts.downloadInvitations}
        cancelText="Ir a eventos masivos"
        onConfirm={() => send({ type: 'invitations.download' })}
        onCancel={() => send({ type: 'dialog.close' })}
      />
      {downloadChildOf(state) ? <InvitationDownloadStatus actor={downloadChildOf(state)!} /> : null}
    </Stack>
  );
}
