import { Button, CloseButton, Dialog, Image, Portal } from '@chakra-ui/react';
import { useState } from 'react';
import { ReportTexts } from '../../../shared/reports/report-rules.js';

/**
 * 'Ver foto': the identification photo in a viewer. The link is signed for this user and good
 * for a few minutes (the report's answer gives it); the image is never a public path.
 */
export function PhotoButton({ url, name }: { url: string | null | undefined; name: string }) {
  const [open, setOpen] = useState(false);
  if (!url) return null;
  return (
    <>
      <Button size="xs" variant="outline" onClick={() => setOpen(true)}>
        {ReportTexts.viewPhoto}
      </Button>
      <Dialog.Root open={open} placement="center" onOpenChange={(e) => setOpen(e.open)}>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content maxW="lg">
              <Dialog.Header>
                <Dialog.Title>Identificación de {name}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {open ? <Image src={url} alt={`Foto de identificación de ${name}`} maxH="70vh" mx="auto" /> : null}
              </Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Cerrar" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
