import { IconButton, Portal, Tooltip } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';

/** The lists' round '+' button with its tooltip ('Alta integrador'), opening the add page. */
export function AddLinkButton({ label, to }: { label: string; to: string }) {
  const navigate = useNavigate();
  return (
    <Tooltip.Root openDelay={200}>
      <Tooltip.Trigger asChild>
        <IconButton aria-label={label} colorPalette="teal" rounded="full" fontSize="xl" onClick={() => navigate(to)}>
          +
        </IconButton>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{label}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
