import { Box, Button, Card, Checkbox, Flex, HStack, SimpleGrid, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { guestActionsMachine } from '../../../../machines/massive-events/guest-actions.machine.js';
import type { GuestListRow } from '../../../shared/massive-events/massive-event-list.js';
import { ToolbarDownload } from './invitation-download.js';
import { ResultDialog } from '../../platform/components/result-dialog.js';
import { GuestImportDialog } from './guest-import-dialog.js';
import { ShareTexts } from '../../../shared/massive-events/invitation-share.js';
import { InvitationShareStatus } from './invitation-share.js';

/** The list's `toolbar` child on the guests screen: the guest-actions machine. */
export type GuestActionsRef = ActorRefFrom<typeof guestActionsMachine>;
const useGuestActions = (actor: GuestActionsRef) => useSelector(actor, (s) => s);

/** The guests' cards, 3 columns, each ticked in the toolbar's selection, each with its 'Compartir'. */
export function GuestCards({ rows, actor }: { rows: GuestListRow[]; actor: GuestActionsRef }) {
  const { context } = useGuestActions(actor);
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" aria-label="Invitados">
      {rows.map((g) => {
        const checked = context.selected.some((s) => s.uuid === g.uuid);
        return (
          <Card.Root key={g.uuid} size="sm" borderColor={checked ? 'teal.500' : undefined} data-testid="guest-card">
            <Card.Body>
              <Checkbox.Root
                colorPalette="teal"
                checked={checked}
                onCheckedChange={() => actor.send({ type: 'select.toggle', row: g })}
              >
                <Checkbox.HiddenInput aria-label={`Seleccionar a ${g.name}`} />
                <Checkbox.Control />
                <Checkbox.Label>
                  <Text fontWeight="medium">{g.name}</Text>
                </Checkbox.Label>
              </Checkbox.Root>
              <Flex align="center" justify="space-between" gap="2" ps="7">
                <Text fontSize="sm" color="gray.600">
                  {[g.email, g.phone].filter(Boolean).join(' · ')}
                </Text>
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="teal"
                  aria-label={ShareTexts.shareGuest(g.name)}
                  onClick={() => actor.send({ type: 'share.guest', row: g })}
                >
                  {ShareTexts.share}
                </Button>
              </Flex>
            </Card.Body>
          </Card.Root>
        );
      })}
    </SimpleGrid>
  );
}

/** 'Seleccionar todos', Agregar, Editar, Eliminar, Descargar invitación, Compartir, and the selection rules' message. */
export function GuestToolbar({
  actor,
  rows,
  writer,
}: {
  actor: GuestActionsRef;
  rows: GuestListRow[];
  writer: boolean;
}) {
  const state = useGuestActions(actor);
  const act = (action: 'add' | 'edit' | 'delete' | 'download' | 'share' | 'import') =>
    actor.send({ type: 'action', action });
  return (
    <>
      <HStack gap="2" wrap="wrap" role="toolbar" aria-label="Acciones de invitados">
        <Button size="sm" variant="ghost" colorPalette="teal" onClick={() => actor.send({ type: 'select.all', rows })}>
          Seleccionar todos
        </Button>
        {writer ? (
          <>
            <Button size="sm" colorPalette="teal" onClick={() => act('add')}>
              Agregar invitado
            </Button>
            <Button size="sm" variant="outline" onClick={() => act('edit')}>
              Editar
            </Button>
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => act('delete')}>
              Eliminar
            </Button>
            <Button size="sm" variant="outline" onClick={() => act('import')}>
              Importar desde plantilla
            </Button>
          </>
        ) : null}
        <Button size="sm" variant="outline" onClick={() => act('download')}>
          Descargar invitación
        </Button>
        <Button size="sm" variant="outline" colorPalette="teal" onClick={() => act('share')}>
          {ShareTexts.share}
        </Button>
      </HStack>
      <ToolbarDownload snapshot={state} />
      {state.children.invitationShare ? (
        <Box flexBasis="100%">
          <InvitationShareStatus actor={state.children.invitationShare} />
        </Box>
      ) : null}
      {state.matches('importing') && state.children.guestImport ? (
        <GuestImportDialog actor={state.children.guestImport} />
      ) : null}
      <ResultDialog
        open={state.matches('refused')}
        title={state.context.refusal ?? ''}
        onClose={() => actor.send({ type: 'dialog.close' })}
      />
    </>
  );
}
