import { Button, Dialog, Portal, Text } from '@chakra-ui/react';

export interface ResultDialogProps {
  open: boolean;
  title: string;
  detail?: string | null;
  status?: 'success' | 'error' | 'info';
  onClose: () => void;
  /** Text of the only button; 'Aceptar' as in the error catalogue. */
  actionText?: string;
}

/** The spec's result dialogs: a title, a detail and one 'Aceptar' button. */
export function ResultDialog({
  open,
  title,
  detail,
  status = 'info',
  onClose,
  actionText = 'Aceptar',
}: ResultDialogProps) {
  const color = status === 'error' ? 'red.600' : status === 'success' ? 'teal.700' : 'gray.800';
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      placement="center"
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="result-dialog">
            <Dialog.Header>
              <Dialog.Title color={color}>{title}</Dialog.Title>
            </Dialog.Header>
            {detail ? (
              <Dialog.Body>
                <Text whiteSpace="pre-line">{detail}</Text>
              </Dialog.Body>
            ) : null}
            <Dialog.Footer>
              <Button colorPalette="teal" onClick={onClose}>
                {actionText}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
