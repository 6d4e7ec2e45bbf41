import { Button, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { residentCodeMachine } from '../../../../machines/residents/resident-code.machine.js';
import { RESEND_SUCCESS_TITLE } from '../../../shared/residents/resident-list-rules.js';
import { codeExpiryText, ResidentErrorTitles, ResidentTexts } from '../../../shared/residents/resident-rules.js';
import { ResultDialog } from '../../platform/components/result-dialog.js';

/** The code column of one row, bound to the row's residentCode child: the code's state, never the code. */
export function ResidentCodeCell({ actor }: { actor?: AnyActorRef }) {
  if (!actor) return null;
  return <CodeCell actor={actor as ActorRefFrom<typeof residentCodeMachine>} />;
}

function CodeCell({ actor }: { actor: ActorRefFrom<typeof residentCodeMachine> }) {
  const code = useSelector(actor, (s) => s);
  const { context } = code;
  const close = () => actor.send({ type: 'dialog.close' });
  return (
    <>
      {code.matches('notActivated') ? <Text color="gray.500">{ResidentTexts.notActivated}</Text> : null}
      {code.matches('activated') ? <Text color="teal.700">{ResidentTexts.activated}</Text> : null}
      {(code.matches('codeValid') || code.matches('resent')) && context.expiresAt !== null ? (
        <Text fontSize="sm">
          {ResidentTexts.codeSent}
          <Text as="span" color="gray.600">{` · ${codeExpiryText(context.expiresAt)}`}</Text>
        </Text>
      ) : null}
      {code.matches('codeExpired') || code.matches('resending') || code.matches('resendFailed') ? (
        <Button
          size="xs"
          variant="outline"
          colorPalette="teal"
          loading={code.matches('resending')}
          onClick={() => actor.send({ type: 'code.resend' })}
        >
          {ResidentTexts.resend}
        </Button>
      ) : null}
      <ResultDialog
        open={code.matches('resent')}
        status="success"
        title={RESEND_SUCCESS_TITLE}
        detail={context.description}
        onClose={close}
      />
      <ResultDialog
        open={code.matches('resendFailed')}
        status="error"
        title={ResidentErrorTitles.resend}
        detail={context.error}
        onClose={close}
      />
    </>
  );
}
