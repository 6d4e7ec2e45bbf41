import { Flex, Spinner, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { invitationShareMachine } from '../../../../machines/massive-events/invitation-share.machine.js';
import { ShareTexts } from '../../../shared/massive-events/invitation-share.js';
import { ResultDialog } from '../../platform/components/result-dialog.js';
import { InvitationDownloadStatus, type InvitationDownloadRef } from './invitation-download.js';

export type InvitationShareRef = ActorRefFrom<typeof invitationShareMachine>;

/**
 * A running invitationShare actor drawn: 'Preparando invitaciones para compartir…' while the PNGs
 * are fetched and the share sheet is open, the rule's refusal or the failure, or the download's
 * own progress and dialogs where files cannot be shared.
 */
export function InvitationShareStatus({ actor }: { actor: InvitationShareRef }) {
  const state = useSelector(actor, (s) => s);
  const close = () => actor.send({ type: 'dialog.close' });
  const download = state.children.invitationDownload as InvitationDownloadRef | undefined;
  return (
    <>
      {state.matches('sharing') ? (
        <Flex
          role="status"
          aria-live="polite"
          align="center"
          gap="3"
          borderWidth="1px"
          borderRadius="md"
          p="4"
          maxW="md"
        >
          <Spinner size="sm" color="teal.600" />
          <Text>{ShareTexts.preparing}</Text>
        </Flex>
      ) : null}
      {download ? <InvitationDownloadStatus actor={download} /> : null}
      <ResultDialog open={state.matches('refused')} title={state.context.error ?? ''} onClose={close} />
      <ResultDialog
        open={state.matches('failed')}
        status="error"
        title={ShareTexts.failedTitle}
        detail={state.context.error}
        onClose={close}
      />
    </>
  );
}
