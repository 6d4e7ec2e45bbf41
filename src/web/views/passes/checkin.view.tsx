import { Alert, Box, Button, Flex, Heading, List, Spinner, Stack, Text, Textarea, Field } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import { checkinMachine } from '../../../../machines/passes/checkin.machine.js';
import { reportingGateSync, type GateStatus } from '../../../../machines/passes/gate-sync.machine.js';
import { checkinPlace, CheckinTexts as T, waitingText } from '../../../shared/passes/checkin-rules.js';
import { checkinApi, type CheckinApi } from './checkin.api.js';
import { gateApi, type GateApi } from './gate.api.js';
import { CameraScanner } from './camera-scanner.js';
import { inspected } from '../../inspector.js';

const browserGate = gateApi();

/**
 * The guard's check-in of massive events' guests (/checkin): the checkin machine
 * rendered. A pass typed, pasted or scanned; the verdict in large text, green or red, with the
 * guest's name and the event. Offline, the gate's own verdict, 'Sin conexión' and the records
 * waiting; back online, what the server decided otherwise.
 */
export function CheckinView({ api = checkinApi, gate = browserGate }: { api?: CheckinApi; gate?: GateApi }) {
  const logic = useMemo(
    () =>
      checkinMachine.provide({
        actors: {
          verifyPass: fromPromise(({ input }) => api.verify(input.pass, input.direction)),
          verifyLocally: fromPromise(({ input }) => gate.verifyLocally(input.pass, input.direction)),
          gateSync: reportingGateSync.provide({
            actors: {
              countQueue: fromPromise(() => gate.countQueue()),
              loadSnapshot: fromPromise(() => gate.loadSnapshot()),
              sendQueue: fromPromise(() => gate.sendQueue()),
              watchConnection: fromCallback(({ sendBack }) => gate.watchConnection(sendBack)),
              keepShell: fromCallback(() => gate.keepShell()),
              watchLive: fromCallback(({ sendBack }) => gate.watchLive(sendBack)),
            },
          }),
        },
      }),
    [api, gate],
  );
  const [state, send] = useMachine(logic, inspected({ input: { online: navigator.onLine } }));
  const { pass, result, reason, notice, offline } = state.context;
  const onDetected = useCallback((text: string) => send({ type: 'scan.detected', text }), [send]);
  const onUnavailable = useCallback(() => send({ type: 'scan.unavailable' }), [send]);
  const idle = state.matches('idle');

  return (
    <Stack gap="5" maxW="3xl">
      <Heading as="h1" size="xl">
        {T.title}
      </Heading>
      <Connection status={state.context.gate} onSeen={() => send({ type: 'conflicts.dismiss' })} />
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
      {state.matches('verifying') || state.matches('verifyingLocally') ? (
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
          {offline ? <Text>{T.offlineVerdict}</Text> : null}
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

/** The gate's connection: 'Sin conexión' and the records waiting, the sync under way, and the server's other decisions until seen. */
function Connection({ status, onSeen }: { status: GateStatus; onSeen: () => void }) {
  const { connection, waiting, conflicts } = status;
  return (
    <Stack gap="3">
      {connection === 'offline' ? (
        <Alert.Root status="warning" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title fontSize="lg">{T.offline}</Alert.Title>
            <Alert.Description>
              {waitingText(waiting)}. {T.offlineHelp}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <Text color="fg.muted" role="status">
          {connection === 'syncing' ? T.syncing : T.online}
          {waiting > 0 ? ` · ${waitingText(waiting)}` : ''}
        </Text>
      )}
      {conflicts.length ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{T.conflictsTitle}</Alert.Title>
            <List.Root>
              {conflicts.map((c) => (
                <List.Item key={c.id}>
                  {c.who || 'Pase'} · {c.direction === 'IN' ? 'entrada' : 'salida'}{' '}
                  {new Date(c.at).toLocaleTimeString('es-MX', { timeZone: 'America/Mexico_City' })}: {c.decision}
                </List.Item>
              ))}
            </List.Root>
            <Box>
              <Button mt="2" size="sm" variant="outline" onClick={onSeen}>
                {T.conflictsSeen}
              </Button>
            </Box>
          </Alert.Content>
        </Alert.Root>
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
