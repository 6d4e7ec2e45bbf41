import { Button, Group, Input } from '@chakra-ui/react';
import type { FormEvent } from 'react';

/**
 * Search box: Enter runs the search unless `blockEnter` (the integrators' list),
 * where only the button searches.
 */
export function SearchBox({
  value,
  placeholder,
  onChange,
  onSearch,
  blockEnter = false,
}: {
  value: string;
  placeholder: string;
  onChange: (value: string) => void;
  onSearch: () => void;
  blockEnter?: boolean;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch();
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: the search landmark must hold a submitting form; a <search> around it would add a second landmark
    <form onSubmit={submit} role="search" style={{ width: '100%', maxWidth: '28rem' }}>
      <Group attached w="full">
        <Input
          bg="white"
          value={value}
          placeholder={placeholder}
          aria-label={placeholder}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            if (blockEnter && e.key === 'Enter') e.preventDefault();
          }}
        />
        <Button type="submit" colorPalette="teal" variant="outline" bg="white">
          Buscar
        </Button>
      </Group>
    </form>
  );
}
