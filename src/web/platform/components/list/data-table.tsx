import { Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  width?: string;
}

/**
 * The first column stays in view while a wide table scrolls sideways inside its card (phones):
 * the page itself never scrolls sideways. On phones it takes at most 40% of the width and breaks
 * long words (emails).
 */
const sticky = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bg: 'white',
  maxW: { base: '40vw', md: 'none' },
  wordBreak: 'break-word',
  borderRightWidth: { base: '1px', md: '0' },
} as const;

/** The table every list shows; `actions` renders the row's buttons in the last column. */
export function DataTable<Row extends { uuid: string }>({
  caption,
  columns,
  rows,
  actions,
}: {
  caption?: string;
  columns: Column<Row>[];
  rows: Row[];
  actions?: (row: Row) => ReactNode;
}) {
  // A table without row buttons has nothing to focus: its scroll area takes the focus itself, so a
  // keyboard can scroll it sideways on a phone (WCAG 2.1.1; axe 'scrollable-region-focusable').
  const focusable = actions ? {} : { tabIndex: 0, role: 'region', 'aria-label': caption ?? 'Tabla' };
  return (
    <Table.ScrollArea borderWidth="1px" rounded="lg" bg="white" {...focusable}>
      <Table.Root size="sm" interactive aria-label={caption}>
        {caption ? (
          <Table.Caption captionSide="top" textAlign="left" fontWeight="semibold" px="4" py="3">
            {caption}
          </Table.Caption>
        ) : null}
        <Table.Header>
          <Table.Row bg="gray.50">
            {columns.map((c, i) => (
              <Table.ColumnHeader key={c.header} w={c.width} {...(i === 0 ? { ...sticky, bg: 'gray.50' } : {})}>
                {c.header}
              </Table.ColumnHeader>
            ))}
            {actions ? <Table.ColumnHeader textAlign="end">Acciones</Table.ColumnHeader> : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.uuid}>
              {columns.map((c, i) => (
                <Table.Cell key={c.header} whiteSpace="normal" {...(i === 0 ? sticky : {})}>
                  {c.cell(row)}
                </Table.Cell>
              ))}
              {actions ? (
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {actions(row)}
                </Table.Cell>
              ) : null}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
