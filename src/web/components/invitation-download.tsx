import { Box, Flex, Progress, Spinner, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  invitationDownloadMachine, InvitationDownloadTexts as T, type InvitationDownloadOutput, type InvitationTarget,
} from '../../../machines/invitation-download.machine.js';
import { downloadInvitations, type fetchInvitations } from '../api/invitations.api.js';
import { ResultDialog } from './result-dialog.js';

export type InvitationDownloadRef = ActorRefFrom<typeof invitationDownloadMachine>;

const kilobytes = (bytes: number) => `${(bytes / 1024).toLocaleString('es-MX', { maximumFractionDigits: 0 })} KB`;

/**
 * A running invitationDownload actor drawn: progress while the server renders and streams, then
 * 'Descarga completada', or the error dialog. A parent machine that invokes the download passes
 * its child here (`actor`); its parent hears the output (returnTo '/massiveEvents' after a failure).
 */
export function InvitationDownloadStatus({ actor }: { actor: InvitationDownloadRef }) {
  const state = useSelector(actor, (s) => s);
  const { count, received, error, target } = state.context;
  const credentials = target.kind === 'workers';
  const close = () => actor.send({ type: 'dialog.close' });
  return (
    <>
      {state.matches('working') ? (
        <Box role="status" aria-live="polite" borderWidth="1px" borderRadius="md" p="4" maxW="md">
          <Flex align="center" gap="3" mb="2">
            <Spinner size="sm" color="teal.600" />
            <Text>{state.matches({ working: 'requesting' })
              ? (credentials ? T.requestingCredentials : T.requesting)
              : (credentials ? T.renderingCredentials : T.rendering)(count)}</Text>
          </Flex>
          <Progress.Root value={null} size="sm" colorPalette="teal"><Progress.Track><Progress.Range /></Progress.Track></Progress.Root>
          {received > 0 ? <Text fontSize="sm" color="fg.muted" mt="2">{kilobytes(received)} recibidos</Text> : null}
        </Box>
      ) : null}
      <ResultDialog open={state.matches('saved')} status="success" title={T.saved} onClose={close} />
      <ResultDialog open={state.matches('failed')} status="error" title={T.failedTitle} detail={error} onClose={close} />
    </>
  );
}

/**
 * A standalone download (for a screen whose machine does not invoke one yet): starts on mount
 * and calls `onFinished` with the output (navigate to `returnTo` when it is set).
 */
export function InvitationDownload({ target, onFinished, fetchIt }: {
  target: InvitationTarget; onFinished: (output: InvitationDownloadOutput) => void; fetchIt?: typeof fetchInvitations;
}) {
  const logic = useMemo(() => invitationDownloadMachine.provide({ actors: { downloadInvitations: downloadInvitations(fetchIt) } }), [fetchIt]);
  const actor = useActorRef(logic, { input: { target } });
  useEffect(() => {
    const subscription = actor.subscribe({ complete: () => onFinished(actor.getSnapshot().output!) });
    return () => subscription.unsubscribe();
  }, [actor, onFinished]);
  return <InvitationDownloadStatus actor={actor} />;
}
