import { Box, Flex, Progress, Spinner, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  invitationDownloadMachine,
  InvitationDownloadTexts as T,
} from '../../../../machines/massive-events/invitation-download.machine.js';
import { downloadInvitations, fetchInvitations } from './invitations.api.js';
import { ResultDialog } from '../../platform/components/result-dialog.js';

export type InvitationDownloadRef = ActorRefFrom<typeof invitationDownloadMachine>;

const kilobytes = (bytes: number) => `${(bytes / 1024).toLocaleString('es-MX', { maximumFractionDigits: 0 })} KB`;

/**
 * A running invitationDownload actor drawn: progress while the server renders and streams, then
 * 'Descarga completada', or the error dialog. A parent machine that invokes the download passes
 * its child here (`actor`); the parent hears the output (returnTo '/massiveEvents' after a failure).
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
            <Text>
              {state.matches({ working: 'requesting' })
                ? credentials
                  ? T.requestingCredentials
                  : T.requesting
                : (credentials ? T.renderingCredentials : T.rendering)(count)}
            </Text>
          </Flex>
          <Progress.Root value={null} size="sm" colorPalette="teal">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          {received > 0 ? (
            <Text fontSize="sm" color="fg.muted" mt="2">
              {kilobytes(received)} recibidos
            </Text>
          ) : null}
        </Box>
      ) : null}
      <ResultDialog open={state.matches('saved')} status="success" title={T.saved} onClose={close} />
      <ResultDialog
        open={state.matches('failed')}
        status="error"
        title={T.failedTitle}
        detail={error}
        onClose={close}
      />
    </>
  );
}

/** The download child as the screens' machines invoke it (id `invitationDownload`): with the real fetch and save. */
export const invitationDownloadLogic = (fetchIt: typeof fetchInvitations = fetchInvitations) =>
  invitationDownloadMachine.provide({ actors: { downloadInvitations: downloadInvitations(fetchIt) } });

/** A toolbar's running download, on a line of its own below the toolbar's row (a wrapping flex row). */
export function ToolbarDownload({ snapshot }: { snapshot: { children: Record<string, unknown> } }) {
  const actor = downloadChildOf(snapshot);
  return actor ? (
    <Box flexBasis="100%" order={1}>
      <InvitationDownloadStatus actor={actor} />
    </Box>
  ) : null;
}

/** The download child of a parent's snapshot, when it runs. */
export const downloadChildOf = (snapshot: { children: Record<string, unknown> }) =>
  snapshot.children.invitationDownload as InvitationDownloadRef | undefined;
