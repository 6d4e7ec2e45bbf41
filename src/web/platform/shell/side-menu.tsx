import { Box, Stack, Text } from '@chakra-ui/react';
import { NavLink } from 'react-router-dom';
import { menuFor, type MenuEntry } from '../../../shared/platform/menu.js';
import type { Role } from '../../../shared/platform/roles.js';

function Entry({ entry }: { entry: MenuEntry }) {
  return (
    <NavLink to={entry.path} style={{ textDecoration: 'none' }}>
      {({ isActive }) => (
        <Box
          px="3"
          py="2"
          minH={{ base: '11', md: 'auto' }}
          display="flex"
          alignItems="center"
          rounded="md"
          fontSize="sm"
          fontWeight={isActive ? 'semibold' : 'normal'}
          bg={isActive ? 'teal.50' : 'transparent'}
          color={isActive ? 'teal.900' : 'teal.50'}
          _hover={{ bg: isActive ? 'teal.50' : 'teal.700' }}
        >
          {entry.label}
        </Box>
      )}
    </NavLink>
  );
}

/** Consecutive entries of one group form a section, keeping the table's order. */
function sections(entries: MenuEntry[]) {
  const out: { group?: MenuEntry['group']; entries: MenuEntry[] }[] = [];
  for (const e of entries) {
    const last = out.at(-1);
    if (last && last.group === e.group) last.entries.push(e);
    else out.push({ group: e.group, entries: [e] });
  }
  return out;
}

/** Side menu exactly by the role table of each role's screens; entries are real links. */
export function SideMenu({ role }: { role: Role }) {
  return (
    <Stack as="nav" aria-label="Menú principal" gap="3">
      {sections(menuFor(role)).map((section, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a role's sections are fixed and never reorder; not every section has a name
        <Stack key={i} gap="1">
          {section.group ? (
            <Text px="3" pt="1" fontSize="xs" textTransform="uppercase" letterSpacing="wider" color="teal.200">
              {section.group}
            </Text>
          ) : null}
          {section.entries.map((e) => (
            <Entry key={e.path} entry={e} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
