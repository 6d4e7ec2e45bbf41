import { Box, Button, Flex, Heading, Spinner, Stack, Text, Textarea, Field } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { checkinMachine } from '../../../../machines/passes/checkin.machine.js';
import { checkinPlace, CheckinTexts as T } from '../../../shared/passes/checkin-rules.js';
import { checkinApi, type CheckinApi } from './checkin.api.js';
import { CameraScanner } from './camera-scanner.js';
import { inspected } from '../../inspector.js';

/**
 * The guard's check-in of massive events' guests (/checkin): the checkin machine
 * rendered. A pass typed, pasted or scanned; the verdict in large text, green or red, with the
 * guest's name and the event.
 */
export function CheckinView({ api = checkinApi }: { api?: CheckinApi }) {
  const logic = useMemo(
    () =>
      checkinMachine.provide({
        actors: { verifyPass: fromPromise(({ input }) => api.verify(input.pass, input.direction)) },
      }),
    [api],
  );
  const [state, send] = useMachine(logic, inspected({}));
  const { pass, result, reason, notice } = state.context;
  const onDetected = useCallback((text: string) => send({ type: 'scan.detected', text }), [send]);
  const onUnavailable = useCallback(() => send({ type: 'scan.unavailable' }), [send]);
  const idle = state.matches('idle');

  return (
    <Stack gap="5" maxW="3xl">
      <Heading as="h1" size="xl">
        {T.title}
      </Heading>
      {idle ? (
        <Stack
          as="form"
          gap="4"
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'pass.submit', direction: 'IN' });
          }}
        >
          <Field.Root invalid={Boolean(notice)}>
            <Field.Label>{T.passLabel}</Field.Label>
            <Textarea
              value={pass}
              rows={3}
              fontFamily="mono"
              autoFocus
              onChange={(e) => send({ type: 'pass.change', value: e.target.value })}
            />
            {notice ? <Field.ErrorText>{notice}</Field.ErrorText> : <Field.HelperText>{T.passHelp}</Field.HelperText>}
          </Field.Root>
          <Flex gap="3" wrap="wrap">
            <Button type="submit" colorPalette="teal" size="lg">
              {T.checkin}
            </Button>
            <Button variant="outline" size="lg" onClick={() => send({ type: 'pass.submit', direction: 'OUT' })}>
              {T.checkout}
            </Button>
            {state.matches({ idle: 'scanning' }) ? (
              <Button variant="ghost" size="lg" onClick={() => send({ type: 'scan.stop' })}>
                {T.stopScan}
              </Button>
            ) : (
              <Button variant="ghost" size="lg" onClick={() => send({ type: 'scan.start' })}>
                {T.scan}
              </Button>
            )}
          </Flex>
          {state.matches({ idle: 'scanning' }) ? (
            <CameraScanner label={T.passHelp} onDetected={onDetected} onUnavailable={onUnavailable} />
          ) : null}
        </Stack>
      ) : null}
      {state.matches('verifying') ? (
        <Flex align="center" gap="3">
          <Spinner role="status" aria-label={T.verifying} color="teal.600" />
          <Text fontSize="xl">{T.verifying}</Text>
        </Flex>
      ) : null}
      {state.matches('admitted') && result ? (
        <Verdict ok title={result.direction === 'IN' ? T.admitted : T.exited} onNext={() => send({ type: 'next' })}>
          <Text fontSize="3xl" fontWeight="bold">
            {result.guest.firstName} {result.guest.lastName}
          </Text>
          <Text fontSize="xl">{checkinPlace(result)}</Text>
        </Verdict>
      ) : null}
      {state.matches('refused') ? (
        <Verdict ok={false} title={T.refused} onNext={() => send({ type: 'next' })}>
          <Text fontSize="2xl" fontWeight="semibold">
            {reason}
          </Text>
        </Verdict>
      ) : null}
    </Stack>
  );
}

function Verdict({
  ok,
  title,
  onNext,
  children,
}: {
  ok: boolean;
  title: string;
  onNext: () => void;
  children: React.ReactNode;
}) {
  return (
    <Box role="status" aria-live="assertive" bg={ok ? 'green.600' : 'red.600'} color="white" borderRadius="lg" p="8">
      <Stack gap="3">
        <Text fontSize="5xl" fontWeight="black" lineHeight="1.1">
          {title}
        </Text>
        {children}
        <Box>
          <Button mt="4" size="lg" variant="surface" colorPalette={ok ? 'green' : 'red'} onClick={onNext} autoFocus>
            {T.next}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
